import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeOptions } from '../../plugins/contractRoutes';
import { limitMailsPerHour } from '../../plugins/mailQuota';
import { actorOf } from '../../platform/audit/auditLog';
import { createAdminsService } from './admins.service';

/**
 * Routes of the admin team: list, invitations, roles, status, 2FA reset, sessions, settings (docs/design.md §8.1).
 * Who may call them is the route table's access column (owners; the invitation pair is public), enforced by the guard.
 */
export async function adminsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, mailer, limits, config } = app.ctx;
  const admins = createAdminsService({ db, mailer, limits, publicUrl: config.PUBLIC_URL });
  const mailQuota = limitMailsPerHour(limits, config.MAILS_PER_ADMIN_PER_HOUR);
  const tags = ['admins'];

  app.route({ ...routeOptions('admins', tags), handler: () => admins.listAdmins() });

  app.route({ ...routeOptions('inviteAdmin', tags), preHandler: mailQuota, handler: (request) => admins.inviteAdmin(request.body, actorOf(request)) });

  app.route({
    ...routeOptions('updateAdminRoles', tags),
    handler: (request) => admins.updateRoles(request.params.id, request.body.roles, actorOf(request)),
  });

  app.route({
    ...routeOptions('updateAdminStatus', tags),
    handler: (request) => admins.setStatus(request.params.id, request.body.isActive, actorOf(request)),
  });

  app.route({ ...routeOptions('resetAdminTwoFactor', tags), handler: (request) => admins.resetTwoFactor(request.params.id, actorOf(request)) });

  app.route({ ...routeOptions('signOutAdmin', tags), handler: (request) => admins.signOutAdmin(request.params.id, actorOf(request)) });

  app.route({ ...routeOptions('adminSettings', tags), handler: () => admins.readSettings() });

  app.route({ ...routeOptions('updateAdminSettings', tags), handler: (request) => admins.updateSettings(request.body, actorOf(request)) });

  app.route({ ...routeOptions('invitation', tags), handler: (request) => admins.findInvitation(request.params.token, request.ip) });

  app.route({ ...routeOptions('acceptInvitation', tags), handler: (request) => admins.acceptInvitation(request.body, request.ip, request.id) });
}
