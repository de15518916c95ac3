import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeOptions } from '../../plugins/contractRoutes';
import { createActivityService } from './activity.service';

export async function activityRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const activity = createActivityService({ db: app.ctx.db });

  app.route({
    ...routeOptions('activities', ['activity']),
    handler: (request) => activity.getUserActivities(request.params.userId, request.query),
  });
}
