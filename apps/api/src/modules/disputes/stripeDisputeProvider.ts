import Stripe from 'stripe';
import { DisputeProviderError, OfflineDisputeProvider, type DisputeEvidenceSubmission, type DisputeProvider } from './disputeProvider';

/** Refused by Stripe, so nothing changed: a 4xx other than an idempotency conflict (as payouts judge a transfer). */
function isRefusal(error: unknown): boolean {
  if (!(error instanceof Stripe.errors.StripeError)) return false;
  if (error instanceof Stripe.errors.StripeIdempotencyError) return false;
  const status = error.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 409;
}

/**
 * Dispute evidence through the official SDK (https://docs.stripe.com/api/disputes/update):
 * `disputes.update(id, { evidence, submit: true })`. Stripe's `customer_communication` is a file
 * upload id, so that text goes first as a `dispute_evidence` file (https://docs.stripe.com/api/files/create).
 * STRIPE_API_BASE points the SDK elsewhere in tests, file uploads included.
 */
export function createStripeDisputeProvider(secretKey: string, apiBase?: string, options: { timeoutMs?: number } = {}): DisputeProvider {
  const base = apiBase ? new URL(apiBase) : null;
  const stripe = new Stripe(secretKey, {
    maxNetworkRetries: 2,
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
    async submitEvidence({ stripeDisputeId, evidence, idempotencyKey, metadata }: DisputeEvidenceSubmission) {
      const { customer_communication: communication = '', ...texts } = evidence;
      const params: Stripe.DisputeUpdateParams.Evidence = Object.fromEntries(Object.entries(texts).filter(([, value]) => value.trim() !== ''));
      try {
        if (communication.trim() !== '') {
          const file = await stripe.files.create(
            { purpose: 'dispute_evidence', file: { data: Buffer.from(communication, 'utf8'), name: 'customer-communication.txt', type: 'text/plain' } },
            { idempotencyKey: `${idempotencyKey}-communication` },
          );
          params.customer_communication = file.id;
        }
        const dispute = await stripe.disputes.update(stripeDisputeId, { evidence: params, submit: true, metadata }, { idempotencyKey });
        return { status: dispute.status };
      } catch (error) {
        throw new DisputeProviderError(error instanceof Error ? error.message : String(error), isRefusal(error));
      }
    },
  };
}

/** The provider of a running api: Stripe with a secret key, else offline (as payouts choose theirs). */
export function disputeProviderOf(config: { STRIPE_SECRET_KEY?: string; STRIPE_API_BASE?: string }): DisputeProvider {
  return config.STRIPE_SECRET_KEY ? createStripeDisputeProvider(config.STRIPE_SECRET_KEY, config.STRIPE_API_BASE) : new OfflineDisputeProvider();
}
