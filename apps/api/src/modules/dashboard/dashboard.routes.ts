import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardResponseSchema, routePaths, workQueuesResponseSchema } from '@ute/contract';
import { createDashboardService } from './dashboard.service';

export async function dashboardRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const dashboard = createDashboardService({ db: app.ctx.db });

  app.get(routePaths.dashboard, { schema: { tags: ['dashboard'], response: { 200: dashboardResponseSchema } } }, async () => ({
    data: await dashboard.getCounts(),
  }));

  app.get(routePaths.workQueues, { schema: { tags: ['dashboard'], response: { 200: workQueuesResponseSchema } } }, async (request) => ({
    data: await dashboard.getWorkQueues(request.admin!.roles),
  }));
}
