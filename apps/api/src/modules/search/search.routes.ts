import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routePaths, searchQuerySchema, searchResponseSchema } from '@ute/contract';
import { createSearchService } from './search.service';

export async function searchRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const search = createSearchService({ db: app.ctx.db });

  app.get(
    routePaths.globalSearch,
    { schema: { tags: ['search'], querystring: searchQuerySchema, response: { 200: searchResponseSchema } } },
    async (request) => ({ data: await search.search(request.query, request.admin!.roles) }),
  );
}
