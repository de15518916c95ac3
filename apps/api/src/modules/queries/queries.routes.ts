import type { FastifyInstance } from 'fastify';
import { limitMailsPerHour } from '../../plugins/mailQuota';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema, messageSchema, queryListQuerySchema, queryListResponseSchema, replyBodySchema, replyResponseSchema } from '@ute/contract';
import { actorOf } from '../../plugins/context';
import { deleteQuery, listQueries, replyToQuery } from './queries.service';

export async function queriesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, mailer } = app.ctx;
  const tags = ['queries'];

  app.get('/all-queries', { schema: { tags, querystring: queryListQuerySchema, response: { 200: queryListResponseSchema } } }, (request) =>
    listQueries(db, request.query),
  );

  app.patch('/reply-query', { schema: { tags, body: replyBodySchema, response: { 200: replyResponseSchema } }, preHandler: limitMailsPerHour(app.ctx.limits, app.ctx.config.MAILS_PER_ADMIN_PER_HOUR) }, (request) =>
    replyToQuery(db, mailer, request.body, actorOf(request)),
  );

  app.put('/delete-queries/:id', { schema: { tags, params: idParamSchema, response: { 200: messageSchema } } }, (request) =>
    deleteQuery(db, request.params.id, actorOf(request)),
  );
}
