import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeOptions } from '../../plugins/contractRoutes';
import { actorOf } from '../../platform/audit/auditLog';
import { disputeProviderOf } from './stripeDisputeProvider';
import { createDisputesService } from './disputes.service';

/** The Disputes screen's calls, for finance and owners (docs/design.md §9.7). */
export async function disputesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const disputes = createDisputesService({ db: app.ctx.db, provider: disputeProviderOf(app.ctx.config), log: app.ctx.log });
  const tags = ['disputes'];

  app.route({ ...routeOptions('disputes', tags), handler: (request) => disputes.getDisputes(request.query, request.admin?.id) });

  app.route({ ...routeOptions('dispute', tags), handler: (request) => disputes.getDispute(request.params.id) });

  app.route({
    ...routeOptions('saveDisputeEvidence', tags),
    handler: (request) => disputes.saveDraft(request.params.id, request.body.evidence, actorOf(request)),
  });

  app.route({
    ...routeOptions('submitDisputeEvidence', tags),
    handler: (request) => disputes.submitEvidence(request.params.id, request.body.evidence, actorOf(request)),
  });

  app.route({
    ...routeOptions('chooseDisputeLossRecovery', tags),
    handler: (request) => disputes.chooseLossRecovery(request.params.id, request.body.recovery, actorOf(request)),
  });
}
