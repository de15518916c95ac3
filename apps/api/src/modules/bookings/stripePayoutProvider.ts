import Stripe from 'stripe';
import type { PayoutProvider, PayoutRequest } from './payoutProvider';

/** Stripe Connect transfers through the official SDK; STRIPE_API_BASE points it elsewhere in tests. */
export function createStripePayoutProvider(secretKey: string, apiBase?: string): PayoutProvider {
  const base = apiBase ? new URL(apiBase) : null;
  const stripe = new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(base
      ? { host: base.hostname, port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)), protocol: base.protocol.replace(':', '') as 'http' | 'https' }
      : {}),
  });
  return {
    name: 'stripe',
    async transfer(request: PayoutRequest) {
      if (!request.destinationAccountId) throw new Error('The owner has no connected Stripe account');
      const transfer = await stripe.transfers.create(
        {
          amount: request.amountCents,
          currency: request.currency,
          destination: request.destinationAccountId,
          description: request.description,
          metadata: request.metadata,
          transfer_group: request.idempotencyKey,
        },
        { idempotencyKey: request.idempotencyKey },
      );
      return { transferId: transfer.id };
    },
    async findTransfer(idempotencyKey: string) {
      const list = await stripe.transfers.list({ transfer_group: idempotencyKey, limit: 1 });
      const found = list.data[0];
      return found ? { transferId: found.id } : null;
    },
  };
}
