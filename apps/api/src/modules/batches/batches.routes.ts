import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeOptions } from '../../plugins/contractRoutes';
import { actorOf } from '../../platform/audit/auditLog';
import { remittanceNudgeOf } from '../invoices/invoices.service';
import { createBatchesService } from './batches.service';

export async function batchesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const batches = createBatchesService({
    db: app.ctx.db,
    config: app.ctx.config,
    log: app.ctx.log,
    onPayoutSucceeded: remittanceNudgeOf(app.ctx.queue, app.ctx.log),
  });
  const tags = ['payout batches'];

  app.route({ ...routeOptions('payoutBatches', tags), handler: (request) => batches.getBatches(request.query) });

  app.route({ ...routeOptions('payoutBatchCandidates', tags), handler: () => batches.getCandidates() });

  app.route({ ...routeOptions('preparePayoutBatch', tags), handler: (request) => batches.prepare(request.body, actorOf(request)) });

  app.route({ ...routeOptions('payoutBatch', tags), handler: (request) => batches.getBatch(request.params.id) });

  app.route({ ...routeOptions('approvePayoutBatch', tags), handler: (request) => batches.approve(request.params.id, actorOf(request)) });

  app.route({
    ...routeOptions('downloadPayoutBatch', tags),
    handler: async (request, reply) => {
      const { fileName, text } = await batches.download(request.params.id, actorOf(request));
      // The file carries whole bank account numbers: never cached.
      return reply
        .type('text/plain; charset=us-ascii')
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .header('Cache-Control', 'private, no-store')
        .send(text);
    },
  });

  app.route({ ...routeOptions('markPayoutBatchPaid', tags), handler: (request) => batches.markPaid(request.params.id, actorOf(request)) });

  app.route({
    ...routeOptions('returnPayoutBatchCredit', tags),
    handler: (request) => batches.returnCredit(request.params.id, request.params.ownerId, request.body.reason, actorOf(request)),
  });

  app.route({ ...routeOptions('cancelPayoutBatch', tags), handler: (request) => batches.cancel(request.params.id, actorOf(request)) });
}
