import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { activityParamsSchema, activityQuerySchema, activityResponseSchema, routePaths } from '@ute/contract';
import { createActivityService } from './activity.service';

export async function activityRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const activity = createActivityService({ db: app.ctx.db });

  app.get(
    routePaths.activities,
    { schema: { tags: ['activity'], params: activityParamsSchema, querystring: activityQuerySchema, response: { 200: activityResponseSchema } } },
    (request) => activity.getUserActivities(request.params.userId, request.query),
  );
}
