import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardResponseSchema } from '@ute/contract';
import { countDashboard } from './dashboard.repository';

export async function dashboardRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/dashboard-data', { schema: { tags: ['dashboard'], response: { 200: dashboardResponseSchema } } }, async () => ({
    data: await countDashboard(app.ctx.db),
  }));
}
