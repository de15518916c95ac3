import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { activityParamsSchema, activityQuerySchema, activityResponseSchema } from '@ute/contract';
import { getUserActivities } from './activity.service';

export async function activityRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  app.get(
    '/get-activities/:userId',
    { schema: { tags: ['activity'], params: activityParamsSchema, querystring: activityQuerySchema, response: { 200: activityResponseSchema } } },
    (request) => getUserActivities(db, request.params.userId, request.query),
  );
}
