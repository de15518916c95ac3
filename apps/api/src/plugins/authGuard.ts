import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors';

const BEARER = /^Bearer ([A-Za-z0-9._~+/=-]{1,4096})$/;

/**
 * Deny by default, decided from the route that matched, never from the URL's spelling: every route
 * of the app needs a signed-in admin unless it says `config: { isPublic: true }` (or was registered
 * in `registerPublicScope`). The router decodes `%xx`, collapses `//` and ignores a trailing slash,
 * so a prefix test on `request.url` let `//api/admin/...` through; the matched route has one
 * spelling. A URL that matches no route runs no handler: it gets the 404.
 */
export function registerAuthGuard(app: FastifyInstance): void {
  app.decorateRequest('admin', null);
  app.addHook('onRequest', async (request) => {
    if (request.is404 || request.routeOptions.config.isPublic === true) return;
    const match = BEARER.exec(request.headers.authorization ?? '');
    const admin = match ? await app.ctx.auth.authenticate(match[1]) : null;
    if (!admin) throw new AppError('UNAUTHORIZED', 'Authentication required. Please sign in.');
    request.admin = admin;
  });
}

/**
 * Registers routes that third-party plugins add (static files, API docs) and that cannot carry our
 * config: every route registered inside `register` is public. Only for what serves nothing private.
 */
export async function registerPublicScope(app: FastifyInstance, register: (scope: FastifyInstance) => Promise<void>): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, isPublic: true };
    });
    await register(scope);
  });
}
