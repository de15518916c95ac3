import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  acceptInvitationResponseSchema,
  acceptInvitationSchema,
  adminChangeResponseSchema,
  adminListResponseSchema,
  adminSettingsResponseSchema,
  adminSettingsSchema,
  idParamSchema,
  invitationParamsSchema,
  invitationSchema,
  inviteAdminSchema,
  messageSchema,
  routePaths,
  updateAdminRolesSchema,
  updateAdminSettingsSchema,
  updateAdminStatusSchema,
} from '@ute/contract';
import { limitMailsPerHour } from '../../plugins/mailQuota';
import { actorOf } from '../../plugins/context';
import { createAdminsService } from './admins.service';

/**
 * Routes of the admin team: list, invitations, roles, status, 2FA reset, sessions, settings (issue 15).
 * Who may call them is ROUTE_ACCESS's business (owners; the invitation pair is public), enforced by the guard.
 */
export async function adminsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, mailer, limits, config } = app.ctx;
  const admins = createAdminsService({ db, mailer, limits, publicUrl: config.PUBLIC_URL });
  const mailQuota = limitMailsPerHour(limits, config.MAILS_PER_ADMIN_PER_HOUR);
  const tags = ['admins'];

  app.get(routePaths.admins, { schema: { tags, response: { 200: adminListResponseSchema } } }, () => admins.listAdmins());

  app.post(
    routePaths.inviteAdmin,
    { schema: { tags, body: inviteAdminSchema, response: { 200: adminChangeResponseSchema } }, preHandler: mailQuota },
    (request) => admins.inviteAdmin(request.body, actorOf(request)),
  );

  app.put(
    routePaths.updateAdminRoles,
    { schema: { tags, params: idParamSchema, body: updateAdminRolesSchema, response: { 200: adminChangeResponseSchema } } },
    (request) => admins.updateRoles(request.params.id, request.body.roles, actorOf(request)),
  );

  app.put(
    routePaths.updateAdminStatus,
    { schema: { tags, params: idParamSchema, body: updateAdminStatusSchema, response: { 200: adminChangeResponseSchema } } },
    (request) => admins.setStatus(request.params.id, request.body.isActive, actorOf(request)),
  );

  app.post(routePaths.resetAdminTwoFactor, { schema: { tags, params: idParamSchema, response: { 200: messageSchema } } }, (request) =>
    admins.resetTwoFactor(request.params.id, actorOf(request)),
  );

  app.post(routePaths.signOutAdmin, { schema: { tags, params: idParamSchema, response: { 200: messageSchema } } }, (request) =>
    admins.signOutAdmin(request.params.id, actorOf(request)),
  );

  app.get(routePaths.adminSettings, { schema: { tags, response: { 200: adminSettingsSchema } } }, () => admins.readSettings());

  app.put(routePaths.updateAdminSettings, { schema: { tags, body: updateAdminSettingsSchema, response: { 200: adminSettingsResponseSchema } } }, (request) =>
    admins.updateSettings(request.body, actorOf(request)),
  );

  app.get(routePaths.invitation, { schema: { tags, params: invitationParamsSchema, response: { 200: invitationSchema } } }, (request) =>
    admins.findInvitation(request.params.token, request.ip),
  );

  app.post(routePaths.acceptInvitation, { schema: { tags, body: acceptInvitationSchema, response: { 200: acceptInvitationResponseSchema } } }, (request) =>
    admins.acceptInvitation(request.body, request.ip, request.id),
  );
}
