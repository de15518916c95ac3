import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema, manualPaymentListQuerySchema, manualPaymentListResponseSchema, messageSchema, paymentListQuerySchema, paymentListResponseSchema } from '@ute/contract';
import { actorOf } from '../../plugins/context';
import { acceptPayment, getManualPayments, getStripePayments } from './payments.service';

export async function paymentsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['payments'];

  app.get('/payment-list', { schema: { tags, querystring: paymentListQuerySchema, response: { 200: paymentListResponseSchema } } }, (request) =>
    getStripePayments(app.ctx, request.query),
  );

  app.get(
    '/get-update-manual-status',
    { schema: { tags, querystring: manualPaymentListQuerySchema, response: { 200: manualPaymentListResponseSchema } } },
    (request) => getManualPayments(app.ctx, request.query),
  );

  app.put('/update-manual-status/:id', { schema: { tags, params: idParamSchema, response: { 200: messageSchema } } }, (request) =>
    acceptPayment(app.ctx, request.params.id, actorOf(request)),
  );
}
