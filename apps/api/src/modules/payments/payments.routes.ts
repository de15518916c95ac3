import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeOptions } from '../../plugins/contractRoutes';
import { actorOf } from '../../platform/audit/auditLog';
import { sendListExport } from '../../platform/export/listExport';
import { createPaymentsService } from './payments.service';

export async function paymentsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const payments = createPaymentsService({ db: app.ctx.db, files: app.ctx.files });
  const tags = ['payments'];

  app.route({ ...routeOptions('payments', tags), handler: (request) => payments.getStripePayments(request.query, actorOf(request)) });

  app.route({ ...routeOptions('manualPayments', tags), handler: (request) => payments.getManualPayments(request.query, actorOf(request)) });

  app.route({
    ...routeOptions('paymentsExport', tags),
    handler: (request, reply) =>
      sendListExport(app.ctx.db, request, reply, {
        fileName: 'stripe-payments',
        targetType: 'payment',
        filter: request.query,
        chunks: payments.exportStripePayments(request.query),
      }),
  });

  app.route({
    ...routeOptions('manualPaymentsExport', tags),
    handler: (request, reply) =>
      sendListExport(app.ctx.db, request, reply, {
        fileName: 'manual-payments',
        targetType: 'payment',
        filter: request.query,
        chunks: payments.exportManualPayments(request.query, request.admin?.id),
      }),
  });

  app.route({ ...routeOptions('acceptManualPayment', tags), handler: (request) => payments.acceptPayment(request.params.id, actorOf(request)) });
}
