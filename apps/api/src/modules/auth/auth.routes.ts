import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeOptions } from '../../plugins/contractRoutes';
import { actorOf } from '../../platform/audit/auditLog';
import { isTwoFactorRequired } from './auth.repository';
import { toAdminDto } from './auth.service';

export async function authRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { auth } = app.ctx;

  const tags = ['auth'];

  app.route({ ...routeOptions('signIn', tags), handler: (request) => auth.signIn(request.body, request.ip) });

  app.route({ ...routeOptions('forgotPassword', tags), handler: (request) => auth.requestOtp(request.body, request.ip) });

  app.route({ ...routeOptions('validOtp', tags), handler: (request) => auth.checkOtp(request.body, request.params.email, request.ip) });

  app.route({ ...routeOptions('resetPassword', tags), handler: (request) => auth.resetPassword(request.body, request.id) });

  app.route({
    ...routeOptions('checkToken', tags),
    handler: async (request) => ({ user: toAdminDto(request.admin!, await isTwoFactorRequired(app.ctx.db)) }),
  });

  app.route({ ...routeOptions('changePassword', tags), handler: (request) => auth.changePassword(request.body, actorOf(request), request.ip) });

  app.route({ ...routeOptions('signOut', tags), handler: (request) => auth.signOut(actorOf(request)) });
}
