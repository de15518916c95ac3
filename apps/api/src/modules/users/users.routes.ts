import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema, messageSchema, routePaths, userListQuerySchema, userListResponseSchema, userStatusBodySchema } from '@ute/contract';
import { actorOf } from '../../plugins/context';
import { createUsersService } from './users.service';

export async function usersRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const users = createUsersService({ db: app.ctx.db });
  const tags = ['users'];

  app.get(routePaths.users, { schema: { tags, querystring: userListQuerySchema, response: { 200: userListResponseSchema } } }, (request) =>
    users.listUsers(request.query),
  );

  app.put(routePaths.userStatus, { schema: { tags, params: idParamSchema, body: userStatusBodySchema, response: { 200: messageSchema } } }, (request) =>
    users.setUserStatus(request.params.id, request.body, actorOf(request)),
  );

  app.put(routePaths.deleteUser, { schema: { tags, params: idParamSchema, response: { 200: messageSchema } } }, (request) =>
    users.deleteUser(request.params.id, actorOf(request)),
  );
}
