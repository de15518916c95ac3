import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeOptions } from '../../plugins/contractRoutes';
import { actorOf } from '../../platform/audit/auditLog';
import { createRefundsService } from './refunds.service';

/** Refunds (docs/design.md §9.6): a payment's refunds and its dialog's summary, the list, and the recovery choice. */
export async function refundsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const refunds = createRefundsService({ db: app.ctx.db, refunds: app.ctx.refunds, mailer: app.ctx.mailer, log: app.ctx.log });
  const tags = ['refunds'];

  app.route({ ...routeOptions('createRefund', tags), handler: (request) => refunds.createRefund(request.params.id, request.body, actorOf(request)) });

  app.route({ ...routeOptions('paymentRefunds', tags), handler: (request) => refunds.getPaymentRefunds(request.params.id) });

  app.route({ ...routeOptions('bookingRefunds', tags), handler: (request) => refunds.getBookingRefunds(request.params.kind, request.params.bookingId) });

  app.route({ ...routeOptions('refunds', tags), handler: (request) => refunds.getRefunds(request.query) });

  app.route({
    ...routeOptions('chooseRefundRecovery', tags),
    handler: (request) => refunds.chooseRecovery(request.params.id, request.body.recovery, actorOf(request)),
  });
}
