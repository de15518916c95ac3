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
  signInResponseSchema,
  signInSchema,
} from '@ute/contract';
import { actorOf } from '../../plugins/context';
import { toAdminDto } from './auth.service';

const publicRoute = { isPublic: true } as const;

export async function authRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { auth } = app.ctx;

  app.post('/sign-in', { config: publicRoute, schema: { tags: ['auth'], body: signInSchema, response: { 200: signInResponseSchema } } }, (request) =>
    auth.signIn(request.body, request.ip),
  );

  app.post(
    '/forgot-password-otp',
    { config: publicRoute, schema: { tags: ['auth'], body: forgotPasswordSchema, response: { 200: forgotPasswordResponseSchema } } },
    (request) => auth.requestOtp(request.body, request.ip),
  );

  app.post(
    '/valid-otp/:email',
    { config: publicRoute, schema: { tags: ['auth'], params: otpEmailParamSchema, body: otpSchema, response: { 200: otpResponseSchema } } },
    (request) => auth.checkOtp(request.body, request.params.email, request.ip),
  );

  app.post('/reset-password', { config: publicRoute, schema: { tags: ['auth'], body: resetPasswordSchema, response: { 200: messageSchema } } }, (request) =>
    auth.resetPassword(request.body, request.id),
  );

  app.get('/check-token', { schema: { tags: ['auth'], response: { 200: checkTokenResponseSchema } } }, (request) => ({
    user: toAdminDto(request.admin!),
  }));

  app.post('/change-password', { schema: { tags: ['auth'], body: changePasswordSchema, response: { 200: messageSchema } } }, (request) =>
    auth.changePassword(request.body, actorOf(request), request.ip),
  );

  app.post('/sign-out', { schema: { tags: ['auth'], response: { 200: messageSchema } } }, (request) => auth.signOut(actorOf(request)));
}
