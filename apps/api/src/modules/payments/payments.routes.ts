import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  idParamSchema,
  manualPaymentExportQuerySchema,
  manualPaymentListQuerySchema,
  manualPaymentListResponseSchema,
  messageSchema,
  paymentExportQuerySchema,
  paymentListQuerySchema,
  paymentListResponseSchema,
  routePaths,
} from '@ute/contract';
import { actorOf } from '../../plugins/context';
import { sendListExport } from '../audit/listExport';
import { createPaymentsService } from './payments.service';

export async function paymentsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const payments = createPaymentsService({ db: app.ctx.db, files: app.ctx.files });
  const tags = ['payments'];

  app.get(routePaths.payments, { schema: { tags, querystring: paymentListQuerySchema, response: { 200: paymentListResponseSchema } } }, (request) =>
    payments.getStripePayments(request.query, actorOf(request)),
  );

  app.get(
    routePaths.manualPayments,
    { schema: { tags, querystring: manualPaymentListQuerySchema, response: { 200: manualPaymentListResponseSchema } } },
    (request) => payments.getManualPayments(request.query, actorOf(request)),
  );

  app.get(routePaths.paymentsExport, { schema: { tags, querystring: paymentExportQuerySchema } }, (request, reply) =>
    sendListExport(app.ctx.db, request, reply, {
      fileName: 'stripe-payments',
      targetType: 'payment',
      filter: request.query,
      chunks: payments.exportStripePayments(request.query),
    }),
  );

  app.get(routePaths.manualPaymentsExport, { schema: { tags, querystring: manualPaymentExportQuerySchema } }, (request, reply) =>
    sendListExport(app.ctx.db, request, reply, {
      fileName: 'manual-payments',
      targetType: 'payment',
      filter: request.query,
      chunks: payments.exportManualPayments(request.query),
    }),
  );

  app.put(routePaths.acceptManualPayment, { schema: { tags, params: idParamSchema, response: { 200: messageSchema } } }, (request) =>
    payments.acceptPayment(request.params.id, actorOf(request)),
  );
}
