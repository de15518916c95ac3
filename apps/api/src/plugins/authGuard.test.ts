import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, PUBLIC_API_PATHS } from '@ute/contract';
import { eq } from 'drizzle-orm';
import { adminSettings } from '../db/schema';
import { REQUIRE_TWO_FACTOR_KEY } from '../modules/auth/auth.repository';
import { createTestApp, TEST_ADMIN, type TestApp } from '../test/testApp';
import { findUnguardedSpellings, rawRequest, sendRaw, spellingsOf } from '../test/rawHttp';

// The web page is served too, so a spelling that fell through to the history fallback would show.
const webDist = mkdtempSync(path.join(os.tmpdir(), 'ute-web-dist-'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ seeded: true, build: { webDistFolder: webDist } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

const SAMPLE_PARAMS: Record<string, string> = { email: TEST_ADMIN.email };
const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';

/** Every path of the OpenAPI document, with sample values for its parameters. */
function documentedPaths(): { path: string; isPublic: boolean }[] {
  const document = t.app.swagger() as { paths: Record<string, unknown> };
  return Object.keys(document.paths).map((template) => ({
    path: template.replace(/\{(\w+)\}/g, (_all, name: string) => SAMPLE_PARAMS[name] ?? SAMPLE_ID),
    isPublic: PUBLIC_API_PATHS.some((publicPath) => template === `${API_BASE}${publicPath.replace(/:(\w+)/g, '{$1}')}`),
  }));
}

describe('the auth guard decides from the matched route, whatever the spelling of the URL', () => {
  it('answers no route of the OpenAPI document without a token, under any method and any spelling (raw socket)', async () => {
    const paths = documentedPaths();
    expect(paths.length).toBeGreaterThan(40);
    expect(paths.filter((p) => p.isPublic)).toHaveLength(PUBLIC_API_PATHS.length);
    const { sent, findings } = await findUnguardedSpellings(port, paths);
    expect(sent).toBeGreaterThan(5000);
    expect(findings.slice(0, 20)).toEqual([]);
    // Thousands of raw requests, growing with the route table: more than the default 30 s on a busy machine.
  }, 120_000);

  it('reaches the route under the spellings the router accepts, so their 401s come from the guard', async () => {
    const token = `Bearer ${t.token}`;
    for (const target of [
      '//api/admin/dashboard-data',
      '/api//admin/dashboard-data',
      '/api/admin//dashboard-data',
      '/%61pi/admin/dashboard-data',
      '/api/%61dmin/dashboard-data',
      '/api/admin/dashboard-data/',
    ]) {
      const withToken = await sendRaw(port, rawRequest('GET', target, { authorization: token }));
      expect(withToken.status, target).toBe(200);
      expect(JSON.parse(withToken.body).data.totalUser, target).toBeGreaterThan(0);
      expect(withToken.headers['cache-control'], target).toBe('no-store');
      expect((await sendRaw(port, rawRequest('GET', target))).status, target).toBe(401);
    }
  });

  it('keeps owners’ bank details and users’ personal data behind the guard under every spelling', async () => {
    const [owner] = (await t.request({ method: 'GET', url: '/ute-booking-list?payment=manual&limit=1' })).json<{ data: { uteBy: string }[] }>().data;
    for (const target of spellingsOf(`${API_BASE}/get-account-detail/${owner.uteBy}`).concat(spellingsOf(`${API_BASE}/all-users-data`))) {
      const response = await sendRaw(port, rawRequest('GET', target));
      expect([401, 404], target).toContain(response.status);
      expect(response.body, target).not.toMatch(/accountNumber|bsbCode|phoneNumber/);
    }
  });

  it('sends unknown api paths in any spelling a JSON 404, never the web page', async () => {
    for (const target of [
      '/API/admin/dashboard-data',
      '/Api/Admin/x',
      '/./api/admin/dashboard-data',
      '/api/admin/%2E/dashboard-data',
      '/%2561pi/admin/x',
      '/images/nope',
      '/BLOGIMG/x',
    ]) {
      const response = await sendRaw(port, rawRequest('GET', target));
      expect(response.status, target).toBe(404);
      expect(response.body, target).not.toContain('id="root"');
      expect(response.headers['cache-control'], target).toBe('no-store');
    }
    const deepLink = await sendRaw(port, rawRequest('GET', '/users-activity/abc'));
    expect(deepLink.status).toBe(200);
    expect(deepLink.body).toContain('id="root"');
  });

  it('every route is guarded unless it says it is public (registered routes, not only documented ones)', async () => {
    const publicRoutes = t.routes.filter((route) => route.isPublic && route.method !== 'HEAD').map((route) => `${route.method} ${route.url}`);
    const publicApiUrls = publicRoutes.filter((route) => route.includes(API_BASE)).map((route) => route.split(' ')[1]);
    expect(publicApiUrls.sort()).toEqual(PUBLIC_API_PATHS.map((p) => `${API_BASE}${p}`).sort());
    for (const route of t.routes.filter((r) => !r.isPublic && r.method !== 'OPTIONS')) {
      const url = route.url.replace(/:(\w+)/g, (_all, name: string) => SAMPLE_PARAMS[name] ?? SAMPLE_ID).replace('*', 'x');
      expect((await t.app.inject({ method: route.method as 'GET', url })).statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });
});

describe('API docs', () => {
  it('are served only to a signed-in admin by default', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '//api/docs/json' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(401);
    const withToken = await t.request({ method: 'GET', url: '/api/docs/json' });
    expect(withToken.statusCode).toBe(200);
    expect(Object.keys(withToken.json<{ paths: object }>().paths).length).toBeGreaterThan(40);
  });

  it('are refused to an admin who must enrol in 2FA first (owners require it)', async () => {
    await t.database.db.insert(adminSettings).values({ key: REQUIRE_TWO_FACTOR_KEY, value: 'true' });
    try {
      const response = await t.request({ method: 'GET', url: '/api/docs/json' });
      expect(response.statusCode).toBe(403);
      expect(response.json().reason).toBe('TWO_FACTOR_ENROLMENT_REQUIRED');
      expect((await t.request({ method: 'GET', url: '/api/docs' })).statusCode).toBe(403);
    } finally {
      await t.database.db.delete(adminSettings).where(eq(adminSettings.key, REQUIRE_TWO_FACTOR_KEY));
    }
    expect((await t.request({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
  });

  it('are public with API_DOCS=public', async () => {
    const open = await createTestApp({ env: { API_DOCS: 'public' } });
    try {
      expect((await open.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
      expect((await open.app.inject({ method: 'GET', url: '/api/admin/dashboard-data' })).statusCode).toBe(401);
    } finally {
      await open.close();
    }
  });
});
