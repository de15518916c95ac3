import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance, LightMyRequestResponse, RouteOptions } from 'fastify';
import { inject } from 'vitest';
import { API_BASE, type AdminRole } from '@ute/contract';
import { buildApp, type BuildAppOptions } from '../app';
import { openPostgres, pgliteExtensions, wrapPglite, type Database } from '../db/database';
import { loadConfig, type Config } from '../plugins/config';
import { createFileStorage } from '../platform/storage/fileStorage';
import { eq } from 'drizzle-orm';
import { admins } from '../db/tables/auth.table';
import { upsertAdmin } from '../modules/auth/auth.repository';
import { totpOf } from '../modules/auth/twoFactor.crypto';
import { hashPassword } from '../modules/auth/passwords';
import { seedDemoData, writeDemoImages } from '../seed/seed';
import { createScratchDatabase } from './scratchDatabase';
import { startSmtpCapture, type SmtpCapture } from './smtpCapture';

export const TEST_ADMIN = { email: 'admin@test.local', password: 'correct-horse-1' };
export const engine: 'pglite' | 'postgres' = process.env.DATABASE_URL ? 'postgres' : 'pglite';

/** One method of a route the app registered. */
export interface RegisteredRoute {
  method: string;
  url: string;
  /** Read when asked: a public scope's own onRoute hook (plugins/authGuard.ts) marks the route after the harness's hook has run. */
  readonly isPublic: boolean;
}

/** An onRoute hook for buildApp that lists every method of every route into `routes`. */
function collectRoutes(routes: RegisteredRoute[]) {
  return (route: RouteOptions) => {
    for (const method of [route.method].flat()) {
      routes.push({
        method,
        url: route.url,
        get isPublic() {
          return route.config?.isPublic === true;
        },
      });
    }
  };
}

export interface TestApp {
  app: FastifyInstance;
  /** Every route the app registered, each method apart (so a test can prove each non-public one is guarded). */
  routes: RegisteredRoute[];
  database: Database;
  config: Config;
  dataDir: string;
  /**
   * A bearer token of the test admin. With `twoFactor: true` the admin has 2FA on and the token a
   * second factor proved at creation (good for STEP_UP_WINDOW_MS: the step-up routes answer).
   */
  token: string;
  /** With `twoFactor: true`: a code of the test admin's authenticator for the current time step. */
  totpCode(): Promise<string>;
  /** A new token of the test admin through the real sign-in (and its code step with 2FA), e.g. after a walk signed it out. */
  signInAgain(): Promise<string>;
  /** app.inject on an admin path with the test admin's token. */
  request(options: {
    method: string;
    url: string;
    payload?: unknown;
    headers?: Record<string, string>;
    token?: string | null;
  }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

let cachedAdminHash: Promise<string> | null = null;

/** A database of its own for one test file: a PGlite copy, or a new PostgreSQL database. */
async function openTestDatabase(seeded: boolean, dataDir: string): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (engine === 'pglite') {
    const templates = inject('pgliteTemplates');
    const tarball = await readFile(seeded ? templates.seeded : templates.empty);
    const client = await PGlite.create({ loadDataDir: new Blob([tarball]), extensions: pgliteExtensions });
    const database = wrapPglite(client);
    if (seeded) await writeDemoImages(createFileStorage(database, { DATA_DIR: dataDir }));
    return { database, drop: async () => {} };
  }
  const scratch = await createScratchDatabase('ute_test', new URL(process.env.DATABASE_URL!));
  const database = openPostgres(scratch.url, 5);
  await database.migrate();
  if (seeded) await seedDemoData(database.db, { files: createFileStorage(database, { DATA_DIR: dataDir }) });
  return { database, drop: scratch.drop };
}

/**
 * Turns 2FA on for a signed-in admin through the api (set-up, then the password and a code) and
 * answers the secret and the enable call's token, which carries a fresh second factor (the step-up
 * routes answer it for STEP_UP_WINDOW_MS).
 */
export async function enrolTwoFactor(
  app: FastifyInstance,
  token: string,
  credentials: { email: string; password: string } = TEST_ADMIN,
): Promise<{ secret: string; token: string }> {
  const headers = { authorization: `Bearer ${token}` };
  const setup = await app.inject({ method: 'POST', url: `${API_BASE}/two-factor/setup`, headers });
  if (setup.statusCode !== 200) throw new Error(`test 2FA set-up failed: ${setup.body}`);
  const { secret } = setup.json<{ secret: string }>();
  const code = totpOf(secret, credentials.email).generate();
  const enable = await app.inject({ method: 'POST', url: `${API_BASE}/two-factor/enable`, headers, payload: { code, password: credentials.password } });
  if (enable.statusCode !== 200) throw new Error(`test 2FA enable failed: ${enable.body}`);
  return { secret, token: enable.json<{ token: string }>().token };
}

/** Another owner, made in the database and enrolled in 2FA through the api: a token fresh for the step-up routes. */
export async function createOwnerWithTwoFactor(t: Pick<TestApp, 'app' | 'database'>): Promise<{ email: string; token: string; secret: string }> {
  const credentials = { email: `owner-${randomUUID().slice(0, 8)}@test.local`, password: 'another-owner-pass-1' };
  await upsertAdmin(t.database.db, credentials.email, await hashPassword(credentials.password), ['owner']);
  const signIn = await t.app.inject({ method: 'POST', url: `${API_BASE}/sign-in`, payload: credentials });
  if (signIn.statusCode !== 200) throw new Error(`owner sign-in failed: ${signIn.body}`);
  const enrolled = await enrolTwoFactor(t.app, signIn.json<{ token: string }>().token, credentials);
  return { email: credentials.email, ...enrolled };
}

const ROLE_ADMIN_PASSWORD = 'correct-horse-2';
let roleAdminPasswordHash: Promise<string> | null = null;

/** A new admin holding `roles`, signed in: its id and a token (with `twoFactor`, enrolled and fresh for the step-up routes). */
export async function signInAs(t: TestApp, roles: AdminRole[], options: { twoFactor?: boolean } = {}): Promise<{ id: string; token: string }> {
  roleAdminPasswordHash ??= hashPassword(ROLE_ADMIN_PASSWORD);
  const email = `${roles.join('-')}-${randomUUID().slice(0, 8)}@test.local`;
  await upsertAdmin(t.database.db, email, await roleAdminPasswordHash, roles);
  const response = await t.request({ method: 'POST', url: '/sign-in', payload: { email, password: ROLE_ADMIN_PASSWORD }, token: null });
  if (response.statusCode !== 200) throw new Error(`sign-in as ${roles.join(', ')} failed: ${response.body}`);
  const [admin] = await t.database.db.select({ id: admins.id }).from(admins).where(eq(admins.email, email));
  const token = response.json<{ token: string }>().token;
  return { id: admin.id, token: options.twoFactor ? (await enrolTwoFactor(t.app, token, { email, password: ROLE_ADMIN_PASSWORD })).token : token };
}

export async function createTestApp(
  options: { seeded?: boolean; env?: Record<string, string>; build?: Partial<BuildAppOptions>; twoFactor?: boolean } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ute-api-test-'));
  const { database, drop } = await openTestDatabase(options.seeded ?? false, dataDir);
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...options.env });
  cachedAdminHash ??= hashPassword(TEST_ADMIN.password);
  await upsertAdmin(database.db, TEST_ADMIN.email, await cachedAdminHash);
  const routes: RegisteredRoute[] = [];
  const collect = collectRoutes(routes);
  const onRoute = options.build?.onRoute;
  const app = await buildApp({
    config,
    database,
    logger: false,
    ...options.build,
    onRoute(route) {
      collect(route);
      void onRoute?.call(this, route);
    },
  });
  await app.ready();
  const signIn = await app.inject({ method: 'POST', url: `${API_BASE}/sign-in`, payload: TEST_ADMIN });
  if (signIn.statusCode !== 200) throw new Error(`test sign-in failed: ${signIn.body}`);
  let token = signIn.json<{ token: string }>().token;
  let totpSecret: string | null = null;
  if (options.twoFactor) ({ secret: totpSecret, token } = await enrolTwoFactor(app, token));

  const totpCode = async () => {
    if (!totpSecret) throw new Error('the test admin has no 2FA: createTestApp({ twoFactor: true })');
    // A step is accepted once per admin; tests ask for several codes within 30 s, so the last one is forgotten.
    await database.db.update(admins).set({ totpLastStep: null }).where(eq(admins.email, TEST_ADMIN.email));
    return totpOf(totpSecret, TEST_ADMIN.email).generate();
  };
  const signInAgain = async () => {
    const first = await app.inject({ method: 'POST', url: `${API_BASE}/sign-in`, payload: TEST_ADMIN });
    const body = first.json<{ token?: string; challenge?: string }>();
    if (body.token) return body.token;
    const second = await app.inject({ method: 'POST', url: `${API_BASE}/sign-in/two-factor`, payload: { challenge: body.challenge, code: await totpCode() } });
    if (second.statusCode !== 200) throw new Error(`test sign-in with 2FA failed: ${second.body}`);
    return second.json<{ token: string }>().token;
  };

  return {
    app,
    routes,
    database,
    config,
    dataDir,
    token,
    totpCode,
    signInAgain,
    request: ({ method, url, payload, headers, token: tokenOverride }) => {
      const bearer = tokenOverride === undefined ? token : tokenOverride;
      return app.inject({
        method: method as 'GET',
        url: url.startsWith('/api/') || !url.startsWith('/') ? url : `${API_BASE}${url}`,
        payload: payload as string,
        headers: { ...(bearer ? { authorization: `Bearer ${bearer}` } : {}), ...headers },
      });
    },
    close: async () => {
      await app.close();
      await database.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A seeded test app whose mail goes to an in-process SMTP server; close() stops both. */
export async function createSeededTestAppWithSmtp(): Promise<TestApp & { smtp: SmtpCapture }> {
  const smtp = await startSmtpCapture();
  const t = await createTestApp({ seeded: true, env: { SMTP_URL: smtp.url } });
  return {
    ...t,
    smtp,
    close: async () => {
      await t.close();
      await smtp.close();
    },
  };
}
