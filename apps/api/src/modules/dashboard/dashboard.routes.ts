import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeOptions } from '../../plugins/contractRoutes';
import { createDashboardService } from './dashboard.service';

export async function dashboardRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const dashboard = createDashboardService({ db: app.ctx.db });

  app.route({ ...routeOptions('dashboard', ['dashboard']), handler: async () => ({ data: await dashboard.getCounts() }) });

  app.route({
    ...routeOptions('workQueues', ['dashboard']),
    handler: async (request) => ({ data: await dashboard.getWorkQueues({ id: request.admin!.id, roles: request.admin!.roles }) }),
  });
}
