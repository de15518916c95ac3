import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ANALYTICS_GROUP_ROUTES, ANALYTICS_GROUPS } from '@ute/contract';
import { routeOptions } from '../../plugins/contractRoutes';
import { createAnalyticsService } from './analytics.service';

export async function analyticsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const analytics = createAnalyticsService({ db: app.ctx.db });
  // Each group's call (routes.ts gives each its roles; an owner may call them all).
  for (const group of ANALYTICS_GROUPS) {
    app.route({ ...routeOptions(ANALYTICS_GROUP_ROUTES[group], ['analytics']), handler: (request) => analytics.getGroup(group, request.query) });
  }
}
