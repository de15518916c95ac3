import type { FastifyInstance } from 'fastify';
import { RECONCILIATION_MESSAGES } from '@ute/contract';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeOptions } from '../../plugins/contractRoutes';
import { actorOf } from '../../platform/audit/auditLog';
import { remittanceNudgeOf } from '../invoices/invoices.service';
import { createPayoutsService } from './payouts.service';
import { createReconciliationService } from './reconciliation.service';

export async function payoutsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const payouts = createPayoutsService({
    db: app.ctx.db,
    payouts: app.ctx.payouts,
    log: app.ctx.log,
    onPayoutSucceeded: remittanceNudgeOf(app.ctx.queue, app.ctx.log),
  });
  const reconciliation = createReconciliationService({ db: app.ctx.db, payouts: app.ctx.payouts, log: app.ctx.log });
  const tags = ['payouts'];

  app.route({ ...routeOptions('stripeTransfer', tags), handler: (request) => payouts.transferToOwner(request.params, actorOf(request)) });

  app.route({
    ...routeOptions('manualTransfer', tags),
    handler: (request) => payouts.recordManualTransfer(request.params.bookingId, request.body?.kind, actorOf(request)),
  });

  app.route({
    ...routeOptions('holdOwnerPayouts', tags),
    handler: (request) => payouts.holdOwnerPayouts(request.params.id, request.body.reason, actorOf(request)),
  });

  app.route({ ...routeOptions('releaseOwnerPayouts', tags), handler: (request) => payouts.releaseOwnerPayouts(request.params.id, actorOf(request)) });

  app.route({ ...routeOptions('reconciliationRuns', tags), handler: (request) => reconciliation.getRuns(request.query) });

  app.route({ ...routeOptions('reconciliationRun', tags), handler: (request) => reconciliation.getRun(request.params.id) });

  app.route({
    ...routeOptions('runReconciliation', tags),
    handler: async (request) => ({ message: RECONCILIATION_MESSAGES.ran, data: await reconciliation.reconcile(actorOf(request)) }),
  });

  app.route({
    ...routeOptions('explainDiscrepancy', tags),
    handler: (request) => reconciliation.explain(request.params.id, request.body.note, actorOf(request)),
  });
}
