import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeOptions } from '../../plugins/contractRoutes';
import { actorOf } from '../../platform/audit/auditLog';
import { sendListExport } from '../../platform/export/listExport';
import { createBookingsService } from './bookings.service';

export async function bookingsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const bookings = createBookingsService({ db: app.ctx.db, payoutProviderName: app.ctx.payouts.name });
  const tags = ['bookings'];

  app.route({ ...routeOptions('uteBookings', tags), handler: (request) => bookings.getUteBookings(request.query, request.admin?.id) });

  app.route({ ...routeOptions('jobBookings', tags), handler: (request) => bookings.getJobBookings(request.query, request.admin?.id) });

  app.route({
    ...routeOptions('uteBookingsExport', tags),
    handler: (request, reply) =>
      sendListExport(app.ctx.db, request, reply, {
        fileName: 'ute-bookings',
        targetType: 'ute_booking',
        filter: request.query,
        chunks: bookings.exportUteBookings(request.query, request.admin?.id),
      }),
  });

  app.route({
    ...routeOptions('jobBookingsExport', tags),
    handler: (request, reply) =>
      sendListExport(app.ctx.db, request, reply, {
        fileName: 'job-bookings',
        targetType: 'job_booking',
        filter: request.query,
        chunks: bookings.exportJobBookings(request.query, request.admin?.id),
      }),
  });

  app.route({ ...routeOptions('bankAccount', tags), handler: (request) => bookings.getOwnerBankAccount(request.params.ownerId, actorOf(request)) });

  app.route({ ...routeOptions('deleteJobBooking', tags), handler: (request) => bookings.deleteJobBooking(request.params.id, actorOf(request)) });
}
