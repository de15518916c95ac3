import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeOptions } from '../../plugins/contractRoutes';
import { sendListExport } from '../../platform/export/listExport';
import { actorOf } from '../../platform/audit/auditLog';
import { listingNoticesOf } from '../moderation/moderation.service';
import { createJobsService } from './jobs.service';

export async function jobsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const jobs = createJobsService({ db: app.ctx.db, notices: listingNoticesOf(app.ctx) });
  const tags = ['jobs'];

  app.route({ ...routeOptions('jobs', tags), handler: (request) => jobs.listJobs(request.query, request.admin?.id) });

  app.route({
    ...routeOptions('jobsExport', tags),
    handler: (request, reply) =>
      sendListExport(app.ctx.db, request, reply, {
        fileName: 'jobs',
        targetType: 'job',
        filter: request.query,
        chunks: jobs.exportJobs(request.query, request.admin?.id),
      }),
  });

  app.route({
    ...routeOptions('jobStatus', tags),
    handler: (request) => jobs.setJobStatus(request.params.id, request.query.status, request.body ?? null, actorOf(request)),
  });

  app.route({ ...routeOptions('jobsBulk', tags), handler: (request) => jobs.bulkJobs(request.body, actorOf(request)) });

  app.route({ ...routeOptions('deleteJob', tags), handler: (request) => jobs.deleteJob(request.params.id, actorOf(request)) });
}
