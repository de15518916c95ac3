import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bulkResponseSchema,
  idParamSchema,
  messageSchema,
  routePaths,
  userExportQuerySchema,
  userListQuerySchema,
  userListResponseSchema,
  userBulkBodySchema,
  userStatusBodySchema,
} from '@ute/contract';
import { sendListExport } from '../audit/listExport';
import { actorOf } from '../../plugins/context';
import { createUsersService } from './users.service';

export async function usersRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const users = createUsersService({ db: app.ctx.db });
  const tags = ['users'];

  app.get(routePaths.users, { schema: { tags, querystring: userListQuerySchema, response: { 200: userListResponseSchema } } }, (request) =>
    users.listUsers(request.query),
  );

  app.get(routePaths.usersExport, { schema: { tags, querystring: userExportQuerySchema } }, (request, reply) =>
    sendListExport(app.ctx.db, request, reply, { fileName: 'users', targetType: 'user', filter: request.query, chunks: users.exportUsers(request.query) }),
  );

  app.put(routePaths.userStatus, { schema: { tags, params: idParamSchema, body: userStatusBodySchema, response: { 200: messageSchema } } }, (request) =>
    users.setUserStatus(request.params.id, request.body, actorOf(request)),
  );

  app.post(routePaths.usersBulk, { schema: { tags, body: userBulkBodySchema, response: { 200: bulkResponseSchema } } }, (request) =>
    users.bulkUsers(request.body, actorOf(request)),
  );

  app.put(routePaths.deleteUser, { schema: { tags, params: idParamSchema, response: { 200: messageSchema } } }, (request) =>
    users.deleteUser(request.params.id, actorOf(request)),
  );
}
