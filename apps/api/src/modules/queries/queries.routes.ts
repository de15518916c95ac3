import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeOptions } from '../../plugins/contractRoutes';
import { sendListExport } from '../../platform/export/listExport';
import { actorOf } from '../../platform/audit/auditLog';
import { limitMailsPerHour } from '../../plugins/mailQuota';
import { createQueriesService } from './queries.service';

export async function queriesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const queries = createQueriesService({ db: app.ctx.db, mailer: app.ctx.mailer });
  const mailQuota = limitMailsPerHour(app.ctx.limits, app.ctx.config.MAILS_PER_ADMIN_PER_HOUR);
  const tags = ['queries'];

  app.route({ ...routeOptions('queries', tags), handler: (request) => queries.listQueries(request.query, request.admin?.id) });

  app.route({
    ...routeOptions('queriesExport', tags),
    handler: (request, reply) =>
      sendListExport(app.ctx.db, request, reply, {
        fileName: 'queries',
        targetType: 'query',
        filter: request.query,
        chunks: queries.exportQueries(request.query, request.admin?.id),
      }),
  });

  app.route({ ...routeOptions('replyQuery', tags), preHandler: mailQuota, handler: (request) => queries.replyToQuery(request.body, actorOf(request)) });

  app.route({ ...routeOptions('deleteQuery', tags), handler: (request) => queries.deleteQuery(request.params.id, actorOf(request)) });

  app.route({ ...routeOptions('queriesBulk', tags), handler: (request) => queries.bulkQueries(request.body, actorOf(request)) });
}
