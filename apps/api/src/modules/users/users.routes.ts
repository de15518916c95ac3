import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParamSchema, messageSchema, userListQuerySchema, userListResponseSchema, userStatusBodySchema } from '@ute/contract';
import { actorOf } from '../../plugins/context';
import { deleteUser, listUsers, setUserStatus } from './users.service';

export async function usersRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  const tags = ['users'];

  app.get('/all-users-data', { schema: { tags, querystring: userListQuerySchema, response: { 200: userListResponseSchema } } }, (request) =>
    listUsers(db, request.query),
  );

  app.put(
    '/update-user-status/:id',
    { schema: { tags, params: idParamSchema, body: userStatusBodySchema, response: { 200: messageSchema } } },
    (request) => setUserStatus(db, request.params.id, request.body, actorOf(request)),
  );

  app.put('/delete-user/:id', { schema: { tags, params: idParamSchema, response: { 200: messageSchema } } }, (request) =>
    deleteUser(db, request.params.id, actorOf(request)),
  );
}
