import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bankAccountResponseSchema,
  bookingIdParamSchema,
  bookingListQuerySchema,
  idParamSchema,
  jobBookingListResponseSchema,
  manualTransferBodySchema,
  messageSchema,
  ownerIdParamSchema,
  transferParamsSchema,
  uteBookingListResponseSchema,
} from '@ute/contract';
import { actorOf } from '../../plugins/context';
import { deleteJobBooking, getJobBookings, getOwnerBankAccount, getUteBookings, recordManualTransfer, transferToOwner } from './bookings.service';

export async function bookingsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['bookings'];

  app.get('/ute-booking-list', { schema: { tags, querystring: bookingListQuerySchema, response: { 200: uteBookingListResponseSchema } } }, (request) =>
    getUteBookings(app.ctx, request.query),
  );

  app.get('/job-booking-list', { schema: { tags, querystring: bookingListQuerySchema, response: { 200: jobBookingListResponseSchema } } }, (request) =>
    getJobBookings(app.ctx, request.query),
  );

  app.post(
    '/transfer-amount/:uteOwnerId/:bookingId',
    { schema: { tags, params: transferParamsSchema, response: { 200: messageSchema } } },
    (request) => transferToOwner(app.ctx, request.params, actorOf(request)),
  );

  app.put(
    '/transfer-manual-payment/:bookingId',
    { schema: { tags, params: bookingIdParamSchema, body: manualTransferBodySchema, response: { 200: messageSchema } } },
    (request) => recordManualTransfer(app.ctx, request.params.bookingId, request.body?.kind, actorOf(request)),
  );

  app.get('/get-account-detail/:ownerId', { schema: { tags, params: ownerIdParamSchema, response: { 200: bankAccountResponseSchema } } }, (request) =>
    getOwnerBankAccount(app.ctx, request.params.ownerId),
  );

  app.put('/delete-job-booking/:id', { schema: { tags, params: idParamSchema, response: { 200: messageSchema } } }, (request) =>
    deleteJobBooking(app.ctx, request.params.id, actorOf(request)),
  );
}
