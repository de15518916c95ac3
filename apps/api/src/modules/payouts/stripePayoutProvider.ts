import Stripe from 'stripe';
import { PayoutError, type PayoutProvider, type PayoutRequest, type ProviderTransfer } from './payoutProvider';

export interface StripePayoutOptions {
  /** Per-attempt time-out of one HTTP call to Stripe. */
  timeoutMs?: number;
  /** Retries of a failed call; every retry carries the same idempotency key. */
  maxNetworkRetries?: number;
}

/**
 * Whether Stripe answered that it refused the request, so nothing was transferred: a 4xx other
 * than an idempotency conflict (409 / idempotency_error may mean an earlier request with the key
 * did go through). Time-outs, lost connections and 5xx are uncertain.
 */
function isRefusal(error: unknown): boolean {
  if (!(error instanceof Stripe.errors.StripeError)) return false;
  if (error instanceof Stripe.errors.StripeIdempotencyError) return false;
  const status = error.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 409;
}

/** Stripe Connect transfers through the official SDK; STRIPE_API_BASE points it elsewhere in tests. */
export function createStripePayoutProvider(secretKey: string, apiBase?: string, options: StripePayoutOptions = {}): PayoutProvider {
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
    async transfer(request: PayoutRequest) {
      if (!request.destinationAccountId) throw new PayoutError('The owner has no connected Stripe account', true);
      try {
        const transfer = await stripe.transfers.create(
          {
            amount: request.amountCents,
            currency: request.currency,
            destination: request.destinationAccountId,
            description: request.description,
            metadata: request.metadata,
            // The transfer group is the idempotency key, so reconciliation can find the transfer later
            // (Stripe keeps idempotency keys for 24 hours only).
            transfer_group: request.idempotencyKey,
          },
          { idempotencyKey: request.idempotencyKey },
        );
        return { transferId: transfer.id };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        throw new PayoutError(message, isRefusal(error));
      }
    },
    async listTransfers({ from, to }: { from: Date; to: Date }) {
      const transfers: ProviderTransfer[] = [];
      // The SDK pages through the list (starting_after) for as long as Stripe says has_more.
      for await (const transfer of stripe.transfers.list({
        created: { gte: Math.floor(from.getTime() / 1000), lt: Math.ceil(to.getTime() / 1000) },
        limit: 100,
      })) {
        transfers.push({
          id: transfer.id,
          amountCents: transfer.amount,
          amountReversedCents: transfer.amount_reversed,
          destinationAccountId: typeof transfer.destination === 'string' ? transfer.destination : (transfer.destination?.id ?? ''),
          transferGroup: transfer.transfer_group ?? null,
          createdAt: new Date(transfer.created * 1000),
        });
      }
      return transfers;
    },
    async findTransfer(idempotencyKey: string) {
      const list = await stripe.transfers.list({ transfer_group: idempotencyKey, limit: 1 });
      const found = list.data[0];
      return found ? { transferId: found.id } : null;
    },
  };
}
