import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bankAccountResponseSchema,
  bookingExportQuerySchema,
  bookingIdParamSchema,
  bookingListQuerySchema,
  idParamSchema,
  jobBookingListResponseSchema,
  manualTransferBodySchema,
  messageSchema,
  ownerIdParamSchema,
  routePaths,
  transferParamsSchema,
  uteBookingListResponseSchema,
} from '@ute/contract';
import { actorOf } from '../../plugins/context';
import { sendListExport } from '../audit/listExport';
import { createBookingsService } from './bookings.service';

export async function bookingsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const bookings = createBookingsService({ db: app.ctx.db, payouts: app.ctx.payouts, log: app.ctx.log });
  const tags = ['bookings'];

  app.get(routePaths.uteBookings, { schema: { tags, querystring: bookingListQuerySchema, response: { 200: uteBookingListResponseSchema } } }, (request) =>
    bookings.getUteBookings(request.query),
  );

  app.get(routePaths.jobBookings, { schema: { tags, querystring: bookingListQuerySchema, response: { 200: jobBookingListResponseSchema } } }, (request) =>
    bookings.getJobBookings(request.query),
  );

  app.get(routePaths.uteBookingsExport, { schema: { tags, querystring: bookingExportQuerySchema } }, (request, reply) =>
    sendListExport(app.ctx.db, request, reply, {
      fileName: 'ute-bookings',
      targetType: 'ute_booking',
      filter: request.query,
      chunks: bookings.exportUteBookings(request.query),
    }),
  );

  app.get(routePaths.jobBookingsExport, { schema: { tags, querystring: bookingExportQuerySchema } }, (request, reply) =>
    sendListExport(app.ctx.db, request, reply, {
      fileName: 'job-bookings',
      targetType: 'job_booking',
      filter: request.query,
      chunks: bookings.exportJobBookings(request.query),
    }),
  );

  app.post(routePaths.stripeTransfer, { schema: { tags, params: transferParamsSchema, response: { 200: messageSchema } } }, (request) =>
    bookings.transferToOwner(request.params, actorOf(request)),
  );

  app.put(
    routePaths.manualTransfer,
    { schema: { tags, params: bookingIdParamSchema, body: manualTransferBodySchema, response: { 200: messageSchema } } },
    (request) => bookings.recordManualTransfer(request.params.bookingId, request.body?.kind, actorOf(request)),
  );

  app.get(routePaths.bankAccount, { schema: { tags, params: ownerIdParamSchema, response: { 200: bankAccountResponseSchema } } }, (request) =>
    bookings.getOwnerBankAccount(request.params.ownerId, actorOf(request)),
  );

  app.put(routePaths.deleteJobBooking, { schema: { tags, params: idParamSchema, response: { 200: messageSchema } } }, (request) =>
    bookings.deleteJobBooking(request.params.id, actorOf(request)),
  );
}
