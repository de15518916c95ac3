import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema, jobListQuerySchema, jobListResponseSchema, listingStatusQuerySchema, messageSchema, routePaths } from '@ute/contract';
import { actorOf } from '../../plugins/context';
import { createJobsService } from './jobs.service';

export async function jobsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const jobs = createJobsService({ db: app.ctx.db });
  const tags = ['jobs'];

  app.get(routePaths.jobs, { schema: { tags, querystring: jobListQuerySchema, response: { 200: jobListResponseSchema } } }, (request) =>
    jobs.listJobs(request.query),
  );

  app.patch(
    routePaths.jobStatus,
    { schema: { tags, params: idParamSchema, querystring: listingStatusQuerySchema, response: { 200: messageSchema } } },
    (request) => jobs.setJobStatus(request.params.id, request.query.status, actorOf(request)),
  );

  app.put(routePaths.deleteJob, { schema: { tags, params: idParamSchema, response: { 200: messageSchema } } }, (request) =>
    jobs.deleteJob(request.params.id, actorOf(request)),
  );
}
