import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema, listingStatusQuerySchema, messageSchema, routePaths, uteListQuerySchema, uteListResponseSchema } from '@ute/contract';
import { actorOf } from '../../plugins/context';
import { createUtesService } from './utes.service';

export async function utesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const utes = createUtesService({ db: app.ctx.db, files: app.ctx.files });
  const tags = ['utes'];

  app.get(routePaths.utes, { schema: { tags, querystring: uteListQuerySchema, response: { 200: uteListResponseSchema } } }, (request) =>
    utes.listUtes(request.query),
  );

  app.patch(
    routePaths.uteStatus,
    { schema: { tags, params: idParamSchema, querystring: listingStatusQuerySchema, response: { 200: messageSchema } } },
    (request) => utes.setUteStatus(request.params.id, request.query.status, actorOf(request)),
  );

  app.put(routePaths.deleteUte, { schema: { tags, params: idParamSchema, response: { 200: messageSchema } } }, (request) =>
    utes.deleteUte(request.params.id, actorOf(request)),
  );
}
