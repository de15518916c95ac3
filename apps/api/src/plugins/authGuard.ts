import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_BASE, accessTexts, canCall, isEnrolmentRoute, isPublicRoute, isStepUpRoute, routePaths, STEP_UP_WINDOW_MS, type RouteName } from '@ute/contract';
import { AppError, forbidden } from '../lib/errors';

const BEARER = /^Bearer ([A-Za-z0-9._~+/=-]{1,4096})$/;

/** The request's bearer token, if it sends one in a valid shape (not yet checked). */
export function bearerTokenOf(request: FastifyRequest): string | null {
  return BEARER.exec(request.headers.authorization ?? '')?.[1] ?? null;
}

const ROUTE_NAME_BY_URL = new Map(Object.entries(routePaths).map(([name, template]) => [`${API_BASE}${template}`, name as RouteName]));

/**
 * Deny by default, decided from the route that matched, never from the URL's spelling. The router
 * decodes `%xx`, collapses `//` and ignores a trailing slash, so a prefix test on `request.url` let
 * `//api/admin/...` through; the matched route has one spelling. A URL that matches no route runs
 * no handler: it gets the 404.
 *
 * Every route of the admin api is named in the contract's routePaths and its access in ROUTE_ACCESS;
 * a route that is not stops the app at start, so a new route cannot forget its roles. Elsewhere a
 * route needs a signed-in admin unless it says `config: { isPublic: true }` (or was registered in
 * `registerPublicScope`).
 */
export function registerAuthGuard(app: FastifyInstance): void {
  app.decorateRequest('admin', null);
  app.decorateRequest('secondFactorAt', null);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(`${API_BASE}/`)) return;
    const routeName = ROUTE_NAME_BY_URL.get(route.url);
    if (!routeName) throw new Error(`${route.url} is not declared in the contract's routePaths (and its access in ROUTE_ACCESS)`);
    route.config = { ...route.config, routeName, isPublic: isPublicRoute(routeName) };
  });
  app.addHook('onRequest', async (request) => {
    if (request.is404) return;
    const { isPublic, routeName } = request.routeOptions.config;
    if (isPublic === true) return;
    const token = bearerTokenOf(request);
    const session = token ? await app.ctx.auth.authenticate(token) : null;
    if (!session) throw new AppError('UNAUTHORIZED', 'Authentication required. Please sign in.');
    const { admin, secondFactorAt, mustEnrol } = session;
    request.admin = admin;
    request.secondFactorAt = secondFactorAt;
    // Before anything else: an admin who must enrol reaches only enrolment, not even the API docs.
    if (mustEnrol && !(routeName && isEnrolmentRoute(routeName))) throw forbidden(accessTexts.enrolmentRequired, 'TWO_FACTOR_ENROLMENT_REQUIRED');
    if (!routeName) return; // outside the admin api (the API docs): a signed-in admin is enough
    if (!canCall(admin.roles, routeName)) throw forbidden(accessTexts.forbidden, 'ROLE');
    if (isStepUpRoute(routeName)) {
      // Always, not only when the admin chose 2FA: a password alone never moves money or grants power.
      if (!admin.totpEnabledAt) throw forbidden(accessTexts.twoFactorRequired, 'TWO_FACTOR_REQUIRED');
      if (!(secondFactorAt !== null && secondFactorAt > Date.now() - STEP_UP_WINDOW_MS)) throw forbidden(accessTexts.stepUpRequired, 'STEP_UP_REQUIRED');
    }
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
