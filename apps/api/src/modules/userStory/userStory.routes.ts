import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeOptions } from '../../plugins/contractRoutes';
import { createUserStoryService } from './userStory.service';

export async function userStoryRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const story = createUserStoryService({ db: app.ctx.db });

  app.route({ ...routeOptions('userStory', ['users']), handler: (request) => story.getStory(request.params.id, request.admin!.roles) });
}
