import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  changePasswordSchema,
  checkTokenResponseSchema,
  forgotPasswordResponseSchema,
  forgotPasswordSchema,
  isPublicRoute,
  messageSchema,
  otpEmailParamSchema,
  otpResponseSchema,
  otpSchema,
  resetPasswordSchema,
  routePaths,
  type RouteName,
  signInResponseSchema,
  signInSchema,
} from '@ute/contract';
import { actorOf } from '../../plugins/context';
import { toAdminDto } from './auth.service';

/** Whether a route answers without a token comes from the contract's PUBLIC_ROUTES, as PUBLIC_API_PATHS does. */
const configOf = (name: RouteName) => ({ isPublic: isPublicRoute(name) });

export async function authRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { auth } = app.ctx;

  app.post(
    routePaths.signIn,
    { config: configOf('signIn'), schema: { tags: ['auth'], body: signInSchema, response: { 200: signInResponseSchema } } },
    (request) => auth.signIn(request.body, request.ip),
  );

  app.post(
    routePaths.forgotPassword,
    { config: configOf('forgotPassword'), schema: { tags: ['auth'], body: forgotPasswordSchema, response: { 200: forgotPasswordResponseSchema } } },
    (request) => auth.requestOtp(request.body, request.ip),
  );

  app.post(
    routePaths.validOtp,
    { config: configOf('validOtp'), schema: { tags: ['auth'], params: otpEmailParamSchema, body: otpSchema, response: { 200: otpResponseSchema } } },
    (request) => auth.checkOtp(request.body, request.params.email, request.ip),
  );

  app.post(
    routePaths.resetPassword,
    { config: configOf('resetPassword'), schema: { tags: ['auth'], body: resetPasswordSchema, response: { 200: messageSchema } } },
    (request) => auth.resetPassword(request.body, request.id),
  );

  app.get(routePaths.checkToken, { config: configOf('checkToken'), schema: { tags: ['auth'], response: { 200: checkTokenResponseSchema } } }, (request) => ({
    user: toAdminDto(request.admin!),
  }));

  app.post(
    routePaths.changePassword,
    { config: configOf('changePassword'), schema: { tags: ['auth'], body: changePasswordSchema, response: { 200: messageSchema } } },
    (request) => auth.changePassword(request.body, actorOf(request), request.ip),
  );

  app.post(routePaths.signOut, { config: configOf('signOut'), schema: { tags: ['auth'], response: { 200: messageSchema } } }, (request) =>
    auth.signOut(actorOf(request)),
  );
}
