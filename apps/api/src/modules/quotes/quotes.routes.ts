import type { FastifyInstance } from 'fastify';
import { limitMailsPerHour } from '../../plugins/mailQuota';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  idParamSchema,
  messageSchema,
  quoteListQuerySchema,
  quoteListResponseSchema,
  quoteMessages,
  sendPriceBodySchema,
  shipmentMutationResponseSchema,
  shipmentResponseSchema,
  shipmentUpdateBodySchema,
} from '@ute/contract';
import { actorOf } from '../../plugins/context';
import { createQuotesService } from './quotes.service';

export async function quotesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const quotes = createQuotesService(app.ctx.db, app.ctx.mailer);
  const tags = ['quotes'];

  app.get('/all-shipments', { schema: { tags, querystring: quoteListQuerySchema, response: { 200: quoteListResponseSchema } } }, (request) =>
    quotes.list(request.query),
  );

  app.post(
    '/send-quote-price-email/:id',
    { schema: { tags, params: idParamSchema, body: sendPriceBodySchema, response: { 200: messageSchema } }, preHandler: limitMailsPerHour(app.ctx.limits, app.ctx.config.MAILS_PER_ADMIN_PER_HOUR) },
    async (request) => {
      await quotes.sendPrice(request.params.id, request.body, actorOf(request));
      return { message: quoteMessages.priceSent };
    },
  );

  app.delete('/reject-quote/:id', { schema: { tags, params: idParamSchema, response: { 200: messageSchema } } }, async (request) => {
    await quotes.reject(request.params.id, actorOf(request));
    return { message: quoteMessages.rejected };
  });

  app.put('/accept-quote/:id', { schema: { tags, params: idParamSchema, response: { 200: messageSchema } } }, async (request) => {
    await quotes.accept(request.params.id, actorOf(request));
    return { message: quoteMessages.accepted };
  });

  app.get('/single-shipment-detail/:id', { schema: { tags, params: idParamSchema, response: { 200: shipmentResponseSchema } } }, async (request) => ({
    data: await quotes.get(request.params.id),
  }));

  app.put(
    '/shipment-detail-update/:id',
    { schema: { tags, params: idParamSchema, body: shipmentUpdateBodySchema, response: { 200: shipmentMutationResponseSchema } } },
    async (request) => ({ message: quoteMessages.shipmentUpdated, data: await quotes.update(request.params.id, request.body, actorOf(request)) }),
  );

  app.delete('/shipment-delete/:id', { schema: { tags, params: idParamSchema, response: { 200: messageSchema } } }, async (request) => {
    await quotes.remove(request.params.id, actorOf(request));
    return { message: quoteMessages.shipmentDeleted };
  });
}
