import { mapRoutes, routePaths } from './paths';
import type { RouteAccess, StepUpAccess } from './roles';
import { API_ROUTES, type ApiRoutes, type RouteName } from './routes';

/**
 * The one map of who may call what, from the route table's access column (routes.ts): enforced by
 * the api's guard on the matched route (a route missing there stops the api at start) and read by
 * the web to show only what the admin can open.
 */
export const ROUTE_ACCESS = mapRoutes((name) => API_ROUTES[name].access) as { readonly [N in RouteName]: ApiRoutes[N]['access'] };

const isStepUpAccess = (access: RouteAccess): access is StepUpAccess => typeof access === 'object' && 'stepUp' in access;

/** Whether an admin holding `roles` may call the route `name` (public routes: anyone); a step-up route also needs a fresh second factor. */
export function canCall(roles: readonly string[], name: RouteName): boolean {
  const access: RouteAccess = ROUTE_ACCESS[name];
  if (access === 'public' || access === 'signed-in') return true;
  const allowed = isStepUpAccess(access) ? access.roles : access;
  return roles.includes('owner') || allowed.some((role) => roles.includes(role));
}

export const isPublicRoute = (name: RouteName): boolean => ROUTE_ACCESS[name] === 'public';

/** The only calls that answer without a bearer token. */
export const PUBLIC_ROUTES = (Object.keys(ROUTE_ACCESS) as RouteName[]).filter(isPublicRoute);

/** The public calls' templates, from ROUTE_ACCESS. */
export const PUBLIC_API_PATHS: readonly string[] = PUBLIC_ROUTES.map((name) => routePaths[name]);

export const isStepUpRoute = (name: RouteName): boolean => isStepUpAccess(ROUTE_ACCESS[name]);

/** Calls that need 2FA and a second factor from the last STEP_UP_WINDOW_MS (StepUpAccess in ROUTE_ACCESS). */
export const STEP_UP_ROUTES: readonly RouteName[] = (Object.keys(ROUTE_ACCESS) as RouteName[]).filter(isStepUpRoute);
export const STEP_UP_WINDOW_MS = 5 * 60_000;

/** What an admin who must enrol in 2FA (owners require it, they have none) may still call. */
export const ENROLMENT_ROUTES = ['checkToken', 'signOut', 'twoFactorStatus', 'twoFactorSetup', 'twoFactorEnable'] as const satisfies readonly RouteName[];
export const isEnrolmentRoute = (name: RouteName): boolean => (ENROLMENT_ROUTES as readonly RouteName[]).includes(name);

/** Why a signed-in admin's call was refused with 403: the error envelope's `reason`. */
export const FORBIDDEN_REASONS = ['ROLE', 'STEP_UP_REQUIRED', 'TWO_FACTOR_REQUIRED', 'TWO_FACTOR_ENROLMENT_REQUIRED'] as const;
export type ForbiddenReason = (typeof FORBIDDEN_REASONS)[number];

export const accessTexts = {
  forbidden: 'You do not have access to this action',
  forbiddenScreen: 'You do not have access to this screen',
  stepUpRequired: 'Enter a code from your authenticator app to confirm this action',
  enrolmentRequired: 'Set up two-factor authentication to continue',
  twoFactorRequired: 'Turn on two-factor authentication on the Security page to do this',
} as const;
