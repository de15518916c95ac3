import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bulkResponseSchema,
  idParamSchema,
  messageSchema,
  queryBulkBodySchema,
  queryExportQuerySchema,
  queryListQuerySchema,
  queryListResponseSchema,
  replyBodySchema,
  replyResponseSchema,
  routePaths,
} from '@ute/contract';
import { sendListExport } from '../audit/listExport';
import { actorOf } from '../../plugins/context';
import { limitMailsPerHour } from '../../plugins/mailQuota';
import { createQueriesService } from './queries.service';

export async function queriesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const queries = createQueriesService({ db: app.ctx.db, mailer: app.ctx.mailer });
  const mailQuota = limitMailsPerHour(app.ctx.limits, app.ctx.config.MAILS_PER_ADMIN_PER_HOUR);
  const tags = ['queries'];

  app.get(routePaths.queries, { schema: { tags, querystring: queryListQuerySchema, response: { 200: queryListResponseSchema } } }, (request) =>
    queries.listQueries(request.query),
  );

  app.get(routePaths.queriesExport, { schema: { tags, querystring: queryExportQuerySchema } }, (request, reply) =>
    sendListExport(app.ctx.db, request, reply, {
      fileName: 'queries',
      targetType: 'query',
      filter: request.query,
      chunks: queries.exportQueries(request.query),
    }),
  );

  app.patch(routePaths.replyQuery, { schema: { tags, body: replyBodySchema, response: { 200: replyResponseSchema } }, preHandler: mailQuota }, (request) =>
    queries.replyToQuery(request.body, actorOf(request)),
  );

  app.put(routePaths.deleteQuery, { schema: { tags, params: idParamSchema, response: { 200: messageSchema } } }, (request) =>
    queries.deleteQuery(request.params.id, actorOf(request)),
  );

  app.post(routePaths.queriesBulk, { schema: { tags, body: queryBulkBodySchema, response: { 200: bulkResponseSchema } } }, (request) =>
    queries.bulkQueries(request.body, actorOf(request)),
  );
}
