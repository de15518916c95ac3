import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bulkResponseSchema,
  idParamSchema,
  listingBulkBodySchema,
  listingStatusBodySchema,
  listingStatusQuerySchema,
  messageSchema,
  routePaths,
  uteExportQuerySchema,
  uteListQuerySchema,
  uteListResponseSchema,
} from '@ute/contract';
import { sendListExport } from '../audit/listExport';
import { actorOf } from '../../plugins/context';
import { listingNoticesOf } from '../moderation/moderation.service';
import { createUtesService } from './utes.service';

export async function utesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const utes = createUtesService({ db: app.ctx.db, files: app.ctx.files, notices: listingNoticesOf(app.ctx) });
  const tags = ['utes'];

  app.get(routePaths.utes, { schema: { tags, querystring: uteListQuerySchema, response: { 200: uteListResponseSchema } } }, (request) =>
    utes.listUtes(request.query),
  );

  app.get(routePaths.utesExport, { schema: { tags, querystring: uteExportQuerySchema } }, (request, reply) =>
    sendListExport(app.ctx.db, request, reply, { fileName: 'utes', targetType: 'ute', filter: request.query, chunks: utes.exportUtes(request.query) }),
  );

  app.patch(
    routePaths.uteStatus,
    { schema: { tags, params: idParamSchema, querystring: listingStatusQuerySchema, body: listingStatusBodySchema, response: { 200: messageSchema } } },
    (request) => utes.setUteStatus(request.params.id, request.query.status, request.body ?? null, actorOf(request)),
  );

  app.post(routePaths.utesBulk, { schema: { tags, body: listingBulkBodySchema, response: { 200: bulkResponseSchema } } }, (request) =>
    utes.bulkUtes(request.body, actorOf(request)),
  );

  app.put(routePaths.deleteUte, { schema: { tags, params: idParamSchema, response: { 200: messageSchema } } }, (request) =>
    utes.deleteUte(request.params.id, actorOf(request)),
  );
}
