import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema, routePaths, userStoryResponseSchema } from '@ute/contract';
import { createUserStoryService } from './userStory.service';

export async function userStoryRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const story = createUserStoryService({ db: app.ctx.db });

  app.get(routePaths.userStory, { schema: { tags: ['users'], params: idParamSchema, response: { 200: userStoryResponseSchema } } }, (request) =>
    story.getStory(request.params.id, request.admin!.roles),
  );
}
