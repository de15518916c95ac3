import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  messageSchema,
  recoveryCodesResponseSchema,
  routePaths,
  signInSuccessSchema,
  signInTwoFactorSchema,
  stepUpResponseSchema,
  twoFactorCodeBodySchema,
  twoFactorEnableResponseSchema,
  twoFactorEnableSchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from '@ute/contract';
import { actorOf } from '../../plugins/context';
import { authTexts, toAdminDto } from './auth.service';

/** Routes of two-factor sign-in, enrolment and step-up (issue 15). */
export async function twoFactorRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { twoFactor } = app.ctx.auth;
  const tags = ['two-factor'];

  app.post(routePaths.signInTwoFactor, { schema: { tags, body: signInTwoFactorSchema, response: { 200: signInSuccessSchema } } }, async (request) => {
    const { admin, token, isTwoFactorRequired } = await twoFactor.signIn(request.body, request.ip, request.id);
    return { token, message: authTexts.signedIn, user: toAdminDto(admin, isTwoFactorRequired) };
  });

  app.get(routePaths.twoFactorStatus, { schema: { tags, response: { 200: twoFactorStatusSchema } } }, (request) => twoFactor.status(request.admin!));

  app.post(routePaths.twoFactorSetup, { schema: { tags, response: { 200: twoFactorSetupSchema } } }, (request) =>
    twoFactor.setUp(request.admin!, actorOf(request)),
  );

  app.post(routePaths.twoFactorEnable, { schema: { tags, body: twoFactorEnableSchema, response: { 200: twoFactorEnableResponseSchema } } }, (request) =>
    twoFactor.enable(request.admin!, request.body, actorOf(request), request.ip),
  );

  app.post(routePaths.twoFactorDisable, { schema: { tags, body: twoFactorCodeBodySchema, response: { 200: messageSchema } } }, (request) =>
    twoFactor.disable(request.admin!, request.body.code, actorOf(request), request.ip),
  );

  app.post(routePaths.twoFactorRecoveryCodes, { schema: { tags, body: twoFactorCodeBodySchema, response: { 200: recoveryCodesResponseSchema } } }, (request) =>
    twoFactor.renewRecoveryCodes(request.admin!, request.body.code, actorOf(request), request.ip),
  );

  app.post(routePaths.stepUp, { schema: { tags, body: twoFactorCodeBodySchema, response: { 200: stepUpResponseSchema } } }, (request) =>
    twoFactor.stepUp(request.admin!, request.body.code, actorOf(request), request.ip),
  );
}
