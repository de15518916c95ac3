import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../lib/paths';
import { createTestApp, type TestApp } from '../test/testApp';

const webDist = mkdtempSync(path.join(os.tmpdir(), 'ute-web-dist-'));
let t: TestApp;
beforeAll(async () => {
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
  t = await createTestApp({ seeded: true, build: { webDistFolder: webDist } });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

function expectSecurityHeaders(headers: Record<string, unknown>) {
  const csp = String(headers['content-security-policy']);
  const directives = Object.fromEntries(
    csp.split(';').map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name, values.join(' ')];
    }),
  );
  expect(directives['default-src']).toBe("'self'");
  expect(directives['script-src']).toBe("'self'");
  expect(directives['object-src']).toBe("'none'");
  expect(directives['frame-ancestors']).toBe("'none'");
  expect(directives['base-uri']).toBe("'self'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['strict-transport-security']).toMatch(/max-age=\d+/);
}

describe('security headers on every kind of response', () => {
  it('the web app, with a history fallback for a deep link', async () => {
    for (const url of ['/', '/faq', '/users-activity/abc']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expectSecurityHeaders(response.headers);
    }
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const list = await t.request({ method: 'GET', url: '/get-all-ute-list?pageSize=50', headers: { 'accept-encoding': 'gzip' } });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-encoding']).toBe('gzip');
  });

  it('api answers, errors and unknown api paths (JSON 404, never the web page)', async () => {
    expectSecurityHeaders((await t.request({ method: 'GET', url: '/dashboard-data' })).headers);
    expectSecurityHeaders((await t.request({ method: 'GET', url: '/dashboard-data', token: null })).headers);
    const unknown = await t.request({ method: 'GET', url: '/no-such-call' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toMatch(/not found/);
    expectSecurityHeaders(unknown.headers);
    expect(unknown.headers['cache-control']).toBe('no-store');
    const unreadable = await t.app.inject({ method: 'GET', url: '/api/admin/valid-otp/%ED%A0%80' }); // a lone surrogate
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json()).toEqual({ message: 'The URL is not valid' });
    expectSecurityHeaders(unreadable.headers);
    expect(unreadable.headers['cache-control']).toBe('no-store');
  });

  it('uploaded files', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/images/ute-images/demo-ute-1.png' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expectSecurityHeaders(response.headers);
  });
});

describe('SECURITY.md', () => {
  it('quotes the CSP that is sent', async () => {
    const quoted = /^Content-Security-Policy: (.+)$/m.exec(readFileSync(path.join(repoRoot, 'SECURITY.md'), 'utf8'))?.[1];
    expect(quoted).toBe((await t.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
  });
});

describe('private files', () => {
  it('serve a licence only through a valid, unexpired signed URL', async () => {
    const signed = t.app.ctx.files.signedUrl('licences', 'demo-licence-1.png', 60);
    expect((await t.app.inject({ method: 'GET', url: signed })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/images/licences/demo-licence-1.png' })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: signed.replace(/sig=([0-9a-f])/, (_all, first: string) => `sig=${first === '0' ? '1' : '0'}`) })).statusCode,
    ).toBe(403);
    const expired = t.app.ctx.files.signedUrl('licences', 'demo-licence-1.png', -1);
    expect((await t.app.inject({ method: 'GET', url: expired })).statusCode).toBe(403);
    const otherFile = signed.replace('demo-licence-1.png', 'demo-licence-2.png');
    expect((await t.app.inject({ method: 'GET', url: otherFile })).statusCode).toBe(403);
  });

  it('refuses path tricks', async () => {
    for (const url of ['/images/ute-images/..%2F..%2Fjwt-secret', '/images/ute-images/%2e%2e%2fjwt-secret', '/blogImg/..%5cjwt-secret']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect([400, 404], url).toContain(response.statusCode);
      expect(response.body).not.toContain(t.dataDir);
    }
  });
});
