import Stripe from 'stripe';
import type { RefundReason } from '@ute/contract';
import { RefundError, type ProviderRefund, type RefundProvider, type RefundRequest, type ReversalRequest } from './refundProvider';

export interface StripeRefundOptions {
  /** Per-attempt time-out of one HTTP call to Stripe. */
  timeoutMs?: number;
  /** Retries of a failed call; every retry carries the same idempotency key. */
  maxNetworkRetries?: number;
}

/**
 * Stripe's refund reasons are three (https://docs.stripe.com/api/refunds/create, `reason`); ours say
 * more. A ute that never arrived is the customer's request as Stripe files it; "other" sends none.
 */
export const STRIPE_REFUND_REASON: Record<RefundReason, 'requested_by_customer' | 'duplicate' | 'fraudulent' | undefined> = {
  requested_by_customer: 'requested_by_customer',
  service_not_provided: 'requested_by_customer',
  duplicate: 'duplicate',
  fraudulent: 'fraudulent',
  other: undefined,
};

/** As the payout provider decides: a 4xx other than an idempotency conflict means Stripe refused and nothing moved. */
function isRefusal(error: unknown): boolean {
  if (!(error instanceof Stripe.errors.StripeError)) return false;
  if (error instanceof Stripe.errors.StripeIdempotencyError) return false;
  const status = error.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 409;
}

const refundError = (error: unknown) => new RefundError(error instanceof Error ? error.message : String(error), isRefusal(error));

/** A charge (ch_…) is refunded by `charge`, anything else is a payment intent. */
const paymentParam = (reference: string) => (reference.startsWith('ch_') ? { charge: reference } : { payment_intent: reference });

/** Refunds and transfer reversals through the official SDK; STRIPE_API_BASE points it elsewhere in tests. */
export function createStripeRefundProvider(secretKey: string, apiBase?: string, options: StripeRefundOptions = {}): RefundProvider {
  const base = apiBase ? new URL(apiBase) : null;
  const stripe = new Stripe(secretKey, {
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    timeout: options.timeoutMs ?? 20_000,
    ...(base
      ? {
          host: base.hostname,
          port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)),
          protocol: base.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
  });
  return {
    name: 'stripe',
    async refund(request: RefundRequest) {
      try {
        const refund = await stripe.refunds.create(
          {
            ...paymentParam(request.paymentReference),
            amount: request.amountCents,
            ...(STRIPE_REFUND_REASON[request.reason] ? { reason: STRIPE_REFUND_REASON[request.reason] } : {}),
            metadata: request.metadata,
          },
          { idempotencyKey: request.idempotencyKey },
        );
        return { refundId: refund.id };
      } catch (error) {
        throw refundError(error);
      }
    },
    async findRefund(request: RefundRequest) {
      // Stripe keeps idempotency keys for 24 hours only: an older attempt is found by our id in its metadata.
      for await (const refund of stripe.refunds.list({ ...paymentParam(request.paymentReference), limit: 100 })) {
        if (refund.metadata?.refundId === request.metadata.refundId) return { refundId: refund.id };
      }
      return null;
    },
    async listRefunds(paymentReference: string) {
      const found: ProviderRefund[] = [];
      for await (const refund of stripe.refunds.list({ ...paymentParam(paymentReference), limit: 100 })) {
        found.push({
          id: refund.id,
          amountCents: refund.amount,
          status: refund.status ?? 'pending',
          reason: refund.reason ?? null,
          metadata: (refund.metadata ?? {}) as Record<string, string>,
        });
      }
      return found;
    },
    async reverseTransfer(request: ReversalRequest) {
      try {
        const reversal = await stripe.transfers.createReversal(
          request.transferId,
          { amount: request.amountCents, metadata: request.metadata },
          { idempotencyKey: request.idempotencyKey },
        );
        return { reversalId: reversal.id };
      } catch (error) {
        throw refundError(error);
      }
    },
    async findReversal(request: ReversalRequest) {
      for await (const reversal of stripe.transfers.listReversals(request.transferId, { limit: 100 })) {
        if (reversal.metadata?.refundId === request.metadata.refundId) return { reversalId: reversal.id };
      }
      return null;
    },
  };
}
