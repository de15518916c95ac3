import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeOptions } from '../../plugins/contractRoutes';
import { quoteMessages } from '@ute/contract';
import { sendListExport } from '../../platform/export/listExport';
import { actorOf } from '../../platform/audit/auditLog';
import { limitMailsPerHour } from '../../plugins/mailQuota';
import { createQuotesService } from './quotes.service';

export async function quotesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const quotes = createQuotesService({ db: app.ctx.db, mailer: app.ctx.mailer });
  const mailQuota = limitMailsPerHour(app.ctx.limits, app.ctx.config.MAILS_PER_ADMIN_PER_HOUR);
  const tags = ['quotes'];

  app.route({ ...routeOptions('quotes', tags), handler: (request) => quotes.list(request.query, request.admin?.id) });

  app.route({
    ...routeOptions('quotesExport', tags),
    handler: (request, reply) =>
      sendListExport(app.ctx.db, request, reply, {
        fileName: 'quotes',
        targetType: 'shipment',
        filter: request.query,
        chunks: quotes.exportQuotes(request.query, request.admin?.id),
      }),
  });

  app.route({
    ...routeOptions('sendQuotePrice', tags),
    preHandler: mailQuota,
    handler: async (request) => {
      await quotes.sendPrice(request.params.id, request.body, actorOf(request));
      return { message: quoteMessages.priceSent };
    },
  });

  app.route({
    ...routeOptions('rejectQuote', tags),
    handler: async (request) => {
      await quotes.reject(request.params.id, actorOf(request));
      return { message: quoteMessages.rejected };
    },
  });

  app.route({
    ...routeOptions('acceptQuote', tags),
    handler: async (request) => {
      await quotes.accept(request.params.id, actorOf(request));
      return { message: quoteMessages.accepted };
    },
  });

  app.route({ ...routeOptions('shipment', tags), handler: async (request) => ({ data: await quotes.get(request.params.id) }) });

  app.route({
    ...routeOptions('updateShipment', tags),
    handler: async (request) => ({ message: quoteMessages.shipmentUpdated, data: await quotes.update(request.params.id, request.body, actorOf(request)) }),
  });

  app.route({
    ...routeOptions('deleteShipment', tags),
    handler: async (request) => {
      await quotes.remove(request.params.id, actorOf(request));
      return { message: quoteMessages.shipmentDeleted };
    },
  });
}
