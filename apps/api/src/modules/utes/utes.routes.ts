import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeOptions } from '../../plugins/contractRoutes';
import { sendListExport } from '../../platform/export/listExport';
import { actorOf } from '../../platform/audit/auditLog';
import { listingNoticesOf } from '../moderation/moderation.service';
import { createUtesService } from './utes.service';

export async function utesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const utes = createUtesService({ db: app.ctx.db, files: app.ctx.files, notices: listingNoticesOf(app.ctx) });
  const tags = ['utes'];

  app.route({ ...routeOptions('utes', tags), handler: (request) => utes.listUtes(request.query, request.admin?.id) });

  app.route({
    ...routeOptions('utesExport', tags),
    handler: (request, reply) =>
      sendListExport(app.ctx.db, request, reply, {
        fileName: 'utes',
        targetType: 'ute',
        filter: request.query,
        chunks: utes.exportUtes(request.query, request.admin?.id),
      }),
  });

  app.route({
    ...routeOptions('uteStatus', tags),
    handler: (request) => utes.setUteStatus(request.params.id, request.query.status, request.body ?? null, actorOf(request)),
  });

  app.route({ ...routeOptions('utesBulk', tags), handler: (request) => utes.bulkUtes(request.body, actorOf(request)) });

  app.route({ ...routeOptions('deleteUte', tags), handler: (request) => utes.deleteUte(request.params.id, actorOf(request)) });
}
