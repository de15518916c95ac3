import type { FastifyInstance } from 'fastify';
import { API_BASE } from '@ute/contract';
import { AppError } from '../lib/errors';

const BEARER = /^Bearer ([A-Za-z0-9._~+/=-]{1,4096})$/;

/**
 * Guards every admin route by default: a route is reachable without a token only when it says
 * `config: { isPublic: true }`. A new route therefore cannot forget the guard.
 */
export function registerAuthGuard(app: FastifyInstance): void {
  app.decorateRequest('admin', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith(`${API_BASE}/`)) return;
    if (request.is404 || request.routeOptions.config.isPublic) return;
    const match = BEARER.exec(request.headers.authorization ?? '');
    const admin = match ? await app.ctx.auth.authenticate(match[1]) : null;
    if (!admin) throw new AppError('UNAUTHORIZED', 'Authentication required. Please sign in.');
    request.admin = admin;
  });
}
