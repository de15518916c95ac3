import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  changePasswordSchema,
  checkTokenResponseSchema,
  forgotPasswordResponseSchema,
  forgotPasswordSchema,
  messageSchema,
  otpEmailParamSchema,
  otpResponseSchema,
  otpSchema,
  resetPasswordSchema,
  routePaths,
  signInResponseSchema,
  signInSchema,
} from '@ute/contract';
import { actorOf } from '../../plugins/context';
import { isTwoFactorRequired } from './auth.repository';
import { toAdminDto } from './auth.service';

export async function authRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { auth } = app.ctx;

  app.post(routePaths.signIn, { schema: { tags: ['auth'], body: signInSchema, response: { 200: signInResponseSchema } } }, (request) =>
    auth.signIn(request.body, request.ip),
  );

  app.post(routePaths.forgotPassword, { schema: { tags: ['auth'], body: forgotPasswordSchema, response: { 200: forgotPasswordResponseSchema } } }, (request) =>
    auth.requestOtp(request.body, request.ip),
  );

  app.post(routePaths.validOtp, { schema: { tags: ['auth'], params: otpEmailParamSchema, body: otpSchema, response: { 200: otpResponseSchema } } }, (request) =>
    auth.checkOtp(request.body, request.params.email, request.ip),
  );

  app.post(routePaths.resetPassword, { schema: { tags: ['auth'], body: resetPasswordSchema, response: { 200: messageSchema } } }, (request) =>
    auth.resetPassword(request.body, request.id),
  );

  app.get(routePaths.checkToken, { schema: { tags: ['auth'], response: { 200: checkTokenResponseSchema } } }, async (request) => ({
    user: toAdminDto(request.admin!, await isTwoFactorRequired(app.ctx.db)),
  }));

  app.post(routePaths.changePassword, { schema: { tags: ['auth'], body: changePasswordSchema, response: { 200: messageSchema } } }, (request) =>
    auth.changePassword(request.body, actorOf(request), request.ip),
  );

  app.post(routePaths.signOut, { schema: { tags: ['auth'], response: { 200: messageSchema } } }, (request) => auth.signOut(actorOf(request)));
}
