import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeOptions } from '../../plugins/contractRoutes';
import { sendListExport } from '../../platform/export/listExport';
import { actorOf } from '../../platform/audit/auditLog';
import { createUsersService } from './users.service';

export async function usersRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const users = createUsersService({ db: app.ctx.db });
  const tags = ['users'];

  app.route({ ...routeOptions('users', tags), handler: (request) => users.listUsers(request.query) });

  app.route({
    ...routeOptions('usersExport', tags),
    handler: (request, reply) =>
      sendListExport(app.ctx.db, request, reply, { fileName: 'users', targetType: 'user', filter: request.query, chunks: users.exportUsers(request.query) }),
  });

  app.route({ ...routeOptions('userStatus', tags), handler: (request) => users.setUserStatus(request.params.id, request.body, actorOf(request)) });

  app.route({ ...routeOptions('usersBulk', tags), handler: (request) => users.bulkUsers(request.body, actorOf(request)) });

  app.route({ ...routeOptions('deleteUser', tags), handler: (request) => users.deleteUser(request.params.id, actorOf(request)) });
}
