import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeOptions } from '../../plugins/contractRoutes';
import { actorOf } from '../../platform/audit/auditLog';
import { sendListExport } from '../../platform/export/listExport';
import { createLedgerService } from './ledger.service';

export async function ledgerRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ledger = createLedgerService({ db: app.ctx.db });
  const tags = ['ledger'];

  app.route({ ...routeOptions('platformFees', tags), handler: () => ledger.getPlatformFees() });

  app.route({ ...routeOptions('updatePlatformFee', tags), handler: (request) => ledger.updatePlatformFee(request.body, actorOf(request)) });

  app.route({ ...routeOptions('payoutSplit', tags), handler: (request) => ledger.getPayoutSplit(request.params.kind, request.params.bookingId) });

  app.route({ ...routeOptions('ownerBalances', tags), handler: (request) => ledger.getOwnerBalances(request.query) });

  app.route({
    ...routeOptions('ownerBalancesExport', tags),
    handler: (request, reply) =>
      sendListExport(app.ctx.db, request, reply, {
        fileName: 'owner-balances',
        targetType: 'owner_balance',
        filter: request.query,
        chunks: ledger.exportOwnerBalances(request.query),
      }),
  });

  app.route({ ...routeOptions('ownerLedger', tags), handler: (request) => ledger.getOwnerLedger(request.params.id, request.query) });
}
