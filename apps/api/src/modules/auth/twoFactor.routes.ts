import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeOptions } from '../../plugins/contractRoutes';
import { actorOf } from '../../platform/audit/auditLog';
import { authTexts, toAdminDto } from './auth.service';

/** Routes of two-factor sign-in, enrolment and step-up (docs/design.md §8.1). */
export async function twoFactorRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { twoFactor } = app.ctx.auth;
  const tags = ['two-factor'];

  app.route({
    ...routeOptions('signInTwoFactor', tags),
    handler: async (request) => {
      const { admin, token, isTwoFactorRequired } = await twoFactor.signIn(request.body, request.ip, request.id);
      return { token, message: authTexts.signedIn, user: toAdminDto(admin, isTwoFactorRequired) };
    },
  });

  app.route({ ...routeOptions('twoFactorStatus', tags), handler: (request) => twoFactor.status(request.admin!) });

  app.route({ ...routeOptions('twoFactorSetup', tags), handler: (request) => twoFactor.setUp(request.admin!, actorOf(request)) });

  app.route({
    ...routeOptions('twoFactorEnable', tags),
    handler: (request) => twoFactor.enable(request.admin!, request.body, actorOf(request), request.ip),
  });

  app.route({
    ...routeOptions('twoFactorDisable', tags),
    handler: (request) => twoFactor.disable(request.admin!, request.body.code, actorOf(request), request.ip),
  });

  app.route({
    ...routeOptions('twoFactorRecoveryCodes', tags),
    handler: (request) => twoFactor.renewRecoveryCodes(request.admin!, request.body.code, actorOf(request), request.ip),
  });

  app.route({ ...routeOptions('stepUp', tags), handler: (request) => twoFactor.stepUp(request.admin!, request.body.code, actorOf(request), request.ip) });
}
