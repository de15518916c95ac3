import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bulkResponseSchema,
  idParamSchema,
  jobExportQuerySchema,
  jobListQuerySchema,
  jobListResponseSchema,
  listingBulkBodySchema,
  listingStatusBodySchema,
  listingStatusQuerySchema,
  messageSchema,
  routePaths,
} from '@ute/contract';
import { sendListExport } from '../audit/listExport';
import { actorOf } from '../../plugins/context';
import { listingNoticesOf } from '../moderation/moderation.service';
import { createJobsService } from './jobs.service';

export async function jobsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const jobs = createJobsService({ db: app.ctx.db, notices: listingNoticesOf(app.ctx) });
  const tags = ['jobs'];

  app.get(routePaths.jobs, { schema: { tags, querystring: jobListQuerySchema, response: { 200: jobListResponseSchema } } }, (request) =>
    jobs.listJobs(request.query),
  );

  app.get(routePaths.jobsExport, { schema: { tags, querystring: jobExportQuerySchema } }, (request, reply) =>
    sendListExport(app.ctx.db, request, reply, { fileName: 'jobs', targetType: 'job', filter: request.query, chunks: jobs.exportJobs(request.query) }),
  );

  app.patch(
    routePaths.jobStatus,
    { schema: { tags, params: idParamSchema, querystring: listingStatusQuerySchema, body: listingStatusBodySchema, response: { 200: messageSchema } } },
    (request) => jobs.setJobStatus(request.params.id, request.query.status, request.body ?? null, actorOf(request)),
  );

  app.post(routePaths.jobsBulk, { schema: { tags, body: listingBulkBodySchema, response: { 200: bulkResponseSchema } } }, (request) =>
    jobs.bulkJobs(request.body, actorOf(request)),
  );

  app.put(routePaths.deleteJob, { schema: { tags, params: idParamSchema, response: { 200: messageSchema } } }, (request) =>
    jobs.deleteJob(request.params.id, actorOf(request)),
  );
}
