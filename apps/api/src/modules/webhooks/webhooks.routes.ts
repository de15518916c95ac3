import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeOptions } from '../../plugins/contractRoutes';
import { actorOf } from '../../platform/audit/auditLog';
import { remittanceNudgeOf } from '../invoices/invoices.service';
import { createPayoutsService } from '../payouts/payouts.service';
import { createRefundsService } from '../refunds/refunds.service';
import { createWebhooksService, type WebhooksServiceDeps } from './webhooks.service';

/** The webhooks service of a running app: its inbox worker applies events through the payouts service. */
export function webhooksServiceOf(
  ctx: Pick<WebhooksServiceDeps, 'db' | 'queue' | 'log'> & {
    payouts: Parameters<typeof createPayoutsService>[0]['payouts'];
    refunds: Parameters<typeof createRefundsService>[0]['refunds'];
    mailer: Parameters<typeof createRefundsService>[0]['mailer'];
    config: { STRIPE_WEBHOOK_SECRET?: string; STRIPE_SECRET_KEY?: string };
  },
) {
  return createWebhooksService({
    db: ctx.db,
    queue: ctx.queue,
    log: ctx.log,
    payouts: createPayoutsService({ db: ctx.db, payouts: ctx.payouts, log: ctx.log, onPayoutSucceeded: remittanceNudgeOf(ctx.queue, ctx.log) }),
    refunds: createRefundsService({ db: ctx.db, refunds: ctx.refunds, mailer: ctx.mailer, log: ctx.log }),
    signingSecret: ctx.config.STRIPE_WEBHOOK_SECRET,
    isLivemode: ctx.config.STRIPE_SECRET_KEY?.startsWith('sk_live_') ?? false,
  });
}

/**
 * POST /webhooks/stripe: public (Stripe signs it; no bearer token), outside /api/admin. Its scope
 * keeps JSON bodies as raw bytes: the signature is over the exact bytes Stripe sent.
 */
export async function stripeWebhookRoute(app: FastifyInstance): Promise<void> {
  const webhooks = webhooksServiceOf(app.ctx);
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post('/webhooks/stripe', { config: { isPublic: true }, schema: { hide: true } }, (request) =>
      webhooks.receive(request.body as Buffer, request.headers['stripe-signature'] as string | undefined),
    );
  });
}

/** The inbox for finance and owners: the events with their state, and a replay. */
export async function webhooksRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const webhooks = webhooksServiceOf(app.ctx);
  const tags = ['webhooks'];

  app.route({ ...routeOptions('webhookEvents', tags), handler: (request) => webhooks.getEvents(request.query) });

  app.route({ ...routeOptions('replayWebhookEvent', tags), handler: (request) => webhooks.replayEvent(request.params.id, actorOf(request)) });
}
