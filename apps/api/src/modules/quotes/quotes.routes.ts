import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  idParamSchema,
  messageSchema,
  quoteExportQuerySchema,
  quoteListQuerySchema,
  quoteListResponseSchema,
  quoteMessages,
  routePaths,
  sendPriceBodySchema,
  shipmentMutationResponseSchema,
  shipmentResponseSchema,
  shipmentUpdateBodySchema,
} from '@ute/contract';
import { sendListExport } from '../audit/listExport';
import { actorOf } from '../../plugins/context';
import { limitMailsPerHour } from '../../plugins/mailQuota';
import { createQuotesService } from './quotes.service';

export async function quotesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const quotes = createQuotesService({ db: app.ctx.db, mailer: app.ctx.mailer });
  const mailQuota = limitMailsPerHour(app.ctx.limits, app.ctx.config.MAILS_PER_ADMIN_PER_HOUR);
  const tags = ['quotes'];

  app.get(routePaths.quotes, { schema: { tags, querystring: quoteListQuerySchema, response: { 200: quoteListResponseSchema } } }, (request) =>
    quotes.list(request.query),
  );

  app.get(routePaths.quotesExport, { schema: { tags, querystring: quoteExportQuerySchema } }, (request, reply) =>
    sendListExport(app.ctx.db, request, reply, {
      fileName: 'quotes',
      targetType: 'shipment',
      filter: request.query,
      chunks: quotes.exportQuotes(request.query),
    }),
  );

  app.post(
    routePaths.sendQuotePrice,
    { schema: { tags, params: idParamSchema, body: sendPriceBodySchema, response: { 200: messageSchema } }, preHandler: mailQuota },
    async (request) => {
      await quotes.sendPrice(request.params.id, request.body, actorOf(request));
      return { message: quoteMessages.priceSent };
    },
  );

  app.delete(routePaths.rejectQuote, { schema: { tags, params: idParamSchema, response: { 200: messageSchema } } }, async (request) => {
    await quotes.reject(request.params.id, actorOf(request));
    return { message: quoteMessages.rejected };
  });

  app.put(routePaths.acceptQuote, { schema: { tags, params: idParamSchema, response: { 200: messageSchema } } }, async (request) => {
    await quotes.accept(request.params.id, actorOf(request));
    return { message: quoteMessages.accepted };
  });

  app.get(routePaths.shipment, { schema: { tags, params: idParamSchema, response: { 200: shipmentResponseSchema } } }, async (request) => ({
    data: await quotes.get(request.params.id),
  }));

  app.put(
    routePaths.updateShipment,
    { schema: { tags, params: idParamSchema, body: shipmentUpdateBodySchema, response: { 200: shipmentMutationResponseSchema } } },
    async (request) => ({ message: quoteMessages.shipmentUpdated, data: await quotes.update(request.params.id, request.body, actorOf(request)) }),
  );

  app.delete(routePaths.deleteShipment, { schema: { tags, params: idParamSchema, response: { 200: messageSchema } } }, async (request) => {
    await quotes.remove(request.params.id, actorOf(request));
    return { message: quoteMessages.shipmentDeleted };
  });
}
