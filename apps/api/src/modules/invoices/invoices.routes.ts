import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeOptions } from '../../plugins/contractRoutes';
import { actorOf } from '../../platform/audit/auditLog';
import { createInvoicesService } from './invoices.service';

export async function invoicesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const invoices = createInvoicesService({ db: app.ctx.db, mailer: app.ctx.mailer, log: app.ctx.log });
  const tags = ['invoices'];

  app.route({ ...routeOptions('businessDetails', tags), handler: () => invoices.getBusinessDetails() });

  app.route({ ...routeOptions('updateBusinessDetails', tags), handler: (request) => invoices.updateBusinessDetails(request.body, actorOf(request)) });

  app.route({
    ...routeOptions('taxInvoicePdf', tags),
    handler: async (request, reply) => {
      const { fileName, pdf } = await invoices.taxInvoicePdf(request.params.kind, request.params.bookingId, actorOf(request));
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .header('Cache-Control', 'private, no-store')
        .send(pdf);
    },
  });
}
