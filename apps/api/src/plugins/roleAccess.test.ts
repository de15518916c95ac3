import Fastify from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_ROLES,
  API_BASE,
  API_ROUTE_SCHEMAS,
  canCall,
  isStepUpRoute,
  ROUTE_ACCESS,
  routePaths,
  type AdminRole,
  type RouteName,
  type RouteRow,
} from '@ute/contract';
import { admins } from '../db/tables/auth.table';
import { upsertAdmin } from '../modules/auth/auth.repository';
import { hashPassword } from '../modules/auth/passwords';
import { createTestApp, type TestApp } from '../test/testApp';
import { registerAuthGuard } from './authGuard';

const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';
const PASSWORD = 'role-walk-password-1';
const NAME_BY_URL = new Map(Object.entries(routePaths).map(([name, template]) => [`${API_BASE}${template}`, name as RouteName]));

let t: TestApp;
const tokens = new Map<string, string>();
/** Each role alone, and an admin with no role at all. */
const ROLE_SETS: AdminRole[][] = [...ADMIN_ROLES.map((role) => [role]), []];
const keyOf = (roles: AdminRole[]) => roles.join(',') || 'none';
const isEventStream = (name: RouteName) => (API_ROUTE_SCHEMAS[name] as RouteRow).produces === 'text/event-stream';

async function signInWithRoles(roles: AdminRole[]): Promise<string> {
  const email = `role-${keyOf(roles)}@test.local`;
  await upsertAdmin(t.database.db, email, await hashPassword(PASSWORD), roles);
  const response = await t.request({ method: 'POST', url: '/sign-in', payload: { email, password: PASSWORD }, token: null });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ token: string }>().token;
}

beforeAll(async () => {
  t = await createTestApp({ seeded: true });
  for (const roles of ROLE_SETS) tokens.set(keyOf(roles), await signInWithRoles(roles));
});
afterAll(() => t.close());

/** The admin api's registered routes, each method apart, with their contract names; sign-out last (it ends the session). */
function adminRoutes() {
  return t.routes
    .filter((route) => route.url.startsWith(`${API_BASE}/`) && route.method !== 'HEAD' && route.method !== 'OPTIONS')
    .map((route) => ({ ...route, name: NAME_BY_URL.get(route.url)! }))
    .sort((a, b) => Number(a.name === 'signOut') - Number(b.name === 'signOut'));
}

describe('roles: every route × every role answers 403 exactly as ROUTE_ACCESS says', () => {
  it('registers every route of the contract, and nothing the contract does not name', () => {
    const registered = new Set(adminRoutes().map((route) => route.url));
    expect([...registered].sort()).toEqual(
      Object.values(routePaths)
        .map((path) => `${API_BASE}${path}`)
        .sort(),
    );
    expect(adminRoutes().every((route) => route.name in ROUTE_ACCESS)).toBe(true);
  });

  it.each(ROLE_SETS.map((roles) => [keyOf(roles), roles] as const))('as %s', async (_key, roles) => {
    const token = tokens.get(keyOf(roles))!;
    const mismatches: string[] = [];
    // A stream (GET /events) answers a signed-in admin with an endless body, which inject would wait
    // for: its access is checked below, and its stream by modules/liveEvents' tests.
    for (const route of adminRoutes().filter((r) => !r.isPublic && !isEventStream(r.name))) {
      const url = route.url.replace(/:(\w+)/g, SAMPLE_ID);
      const response = await t.request({ method: route.method, url, token, payload: route.method === 'GET' ? undefined : {} });
      const isAllowed = canCall(roles, route.name);
      const isRefused = response.statusCode === 403 && response.json<{ reason?: string }>().reason === 'ROLE';
      if (response.statusCode === 401 || response.statusCode >= 500 || isAllowed === isRefused) {
        mismatches.push(`${route.method} ${route.url} (${route.name}): ${response.statusCode} ${response.body.slice(0, 120)}`);
      }
    }
    tokens.set(keyOf(roles), await signInWithRoles(roles)); // the walk signed this session out last
    expect(mismatches).toEqual([]);
  });

  it('lets every signed-in admin open a live event stream, whatever the roles', () => {
    const streams = adminRoutes().filter((route) => isEventStream(route.name));
    expect(streams.map((route) => route.name)).toEqual(['liveEvents']);
    for (const route of streams) expect(ROUTE_ACCESS[route.name]).toBe('signed-in');
  });

  it('makes every owner-only call that changes something a step-up route (a new one cannot forget it)', () => {
    // Owner-only calls are the ones that change who may do what; a POST that only reads is named here.
    const changesNothing: RouteName[] = ['auditVerify'];
    const ownerOnlyWrites = adminRoutes().filter((route) => {
      const access = ROUTE_ACCESS[route.name];
      const roles = typeof access === 'string' ? null : 'stepUp' in access ? access.roles : access;
      return route.method !== 'GET' && roles !== null && roles.length === 0 && !changesNothing.includes(route.name);
    });
    expect(ownerOnlyWrites.map((route) => route.name).sort()).toEqual(
      [
        'inviteAdmin',
        'resetAdminTwoFactor',
        'signOutAdmin',
        'updateAdminRoles',
        'updateAdminSettings',
        'updateAdminStatus',
        'updateBusinessDetails',
        'updatePlatformFee',
        'updateWorkQueueThresholds',
      ].sort(),
    );
    expect(ownerOnlyWrites.filter((route) => !isStepUpRoute(route.name))).toEqual([]);
    for (const name of ['stripeTransfer', 'manualTransfer', 'acceptManualPayment', 'bankAccount'] as const) expect(isStepUpRoute(name), name).toBe(true);
  });

  it('refuses with the error envelope and a clear message', async () => {
    const response = await t.request({ method: 'GET', url: '/payment-list', token: tokens.get('content') });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'You do not have access to this action', reason: 'ROLE' });
  });

  it('decides from the matched route under odd spellings too', async () => {
    for (const url of ['//api/admin/payment-list', '/api//admin/payment-list/', '/%61pi/admin/payment-list', `/api/admin/get-account-detail/${SAMPLE_ID}/`]) {
      const response = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tokens.get('moderator')}` } });
      expect(response.statusCode, url).toBe(403);
    }
  });

  it('grants and takes away routes the moment roles change, without a new sign-in', async () => {
    const token = tokens.get('content')!;
    expect((await t.request({ method: 'GET', url: '/all-users-data', token })).statusCode).toBe(403);
    // Roles are read from the admin's row on every request, not from the token.
    await t.database.db
      .update(admins)
      .set({ roles: ['content', 'support'] })
      .where(eq(admins.email, 'role-content@test.local'));
    expect((await t.request({ method: 'GET', url: '/all-users-data', token })).statusCode).toBe(200);
    await t.database.db
      .update(admins)
      .set({ roles: ['content'] })
      .where(eq(admins.email, 'role-content@test.local'));
    expect((await t.request({ method: 'GET', url: '/all-users-data', token })).statusCode).toBe(403);
  });
});

describe('an admin api route missing from the contract', () => {
  it('stops the app at start instead of answering unguarded', async () => {
    const app = Fastify({ logger: false });
    registerAuthGuard(app);
    const start = async () => {
      await app.register(async (scope) => void scope.get('/rogue-export', async () => ({ secret: true })), { prefix: API_BASE });
      await app.ready();
    };
    await expect(start()).rejects.toThrow(/not declared in the contract/);
    await app.close().catch(() => {});
  });
});
