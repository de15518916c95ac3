import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeOptions } from '../../plugins/contractRoutes';
import { createSearchService } from './search.service';

export async function searchRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const search = createSearchService({ db: app.ctx.db });

  app.route({
    ...routeOptions('globalSearch', ['search']),
    handler: async (request) => ({ data: await search.search(request.query, request.admin!.roles) }),
  });
}
