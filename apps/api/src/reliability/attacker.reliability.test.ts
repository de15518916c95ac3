import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, PUBLIC_API_PATHS } from '@ute/contract';
import { findUnguardedSpellings, rawRequest, sendRaw } from '../test/rawHttp';
import { freePort, startApiProcess, waitForHealth, type ApiProcess } from './processHarness';

// The real api process (src/server.ts) with its default bounds, attacked over raw sockets.
const ADMIN = { email: 'attacker-test@test.local', password: 'attacker-test-password' };
const work = mkdtempSync(path.join(os.tmpdir(), 'ute-attacker-'));
let api: ApiProcess;

beforeAll(async () => {
  api = startApiProcess({ DATA_DIR: work, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }, await freePort());
  await waitForHealth(api.port);
}, 90_000);
afterAll(async () => {
  api.child.kill('SIGTERM');
  await api.exited;
  rmSync(work, { recursive: true, force: true });
});

/** Opens a socket that sends part of a request and then stalls; resolves once connected. */
function openStalledSocket(port: number, firstBytes: string): Promise<{ socket: Socket; closedAt: Promise<number> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => {}); // a reset is how the server may cut it
    socket.resume(); // read the server's 408 and its end, or 'close' never comes
    const closedAt = new Promise<number>((done) => socket.once('close', () => done(Date.now())));
    socket.once('connect', () => {
      socket.write(firstBytes);
      resolve({ socket, closedAt });
    });
    socket.once('error', reject);
  });
}

/** A health check on a new connection (fetch would reuse a kept-alive one). 0: refused or dropped. */
async function healthWithin(port: number, ms: number): Promise<number> {
  return (await sendRaw(port, rawRequest('GET', '/api/health'), ms).catch(() => ({ status: 0 }))).status;
}

describe('the running api against an attacker', () => {
  it('answers no documented route without a token under any spelling, absolute-form targets included', async () => {
    const signIn = await fetch(`http://127.0.0.1:${api.port}${API_BASE}/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const { token } = (await signIn.json()) as { token: string };
    const docs = await sendRaw(api.port, rawRequest('GET', '/api/docs/json', { authorization: `Bearer ${token}` }));
    expect(docs.status).toBe(200);
    expect((await sendRaw(api.port, rawRequest('GET', 'http://127.0.0.1/api/docs/json'))).status).not.toBe(200);
    // The contract's public calls (ROUTE_ACCESS), as OpenAPI templates.
    const publicPaths = PUBLIC_API_PATHS.map((p) => `${API_BASE}${p.replace(/:(\w+)/g, '{$1}')}`);
    const paths = Object.keys((JSON.parse(docs.body) as { paths: Record<string, unknown> }).paths).map((template) => ({
      path: template.replace('{email}', ADMIN.email).replace(/\{\w+\}/g, '00000000-0000-4000-8000-000000000000'),
      isPublic: publicPaths.includes(template),
    }));
    expect(paths.filter((p) => p.isPublic)).toHaveLength(PUBLIC_API_PATHS.length);
    const { sent, findings } = await findUnguardedSpellings(api.port, paths);
    console.log(`spelling walk: ${sent} raw requests, ${findings.length} findings`);
    expect(findings.slice(0, 20)).toEqual([]);
  }, 120_000);

  it('keeps answering others through 500 stalled connections, and cuts the stalled ones at the header deadline (10 s)', async () => {
    const openedAt = Date.now();
    // Half never finish their headers; half trickle a header line every second (slowloris).
    const stalled = await Promise.all(
      Array.from({ length: 500 }, (_, i) => openStalledSocket(api.port, i % 2 ? 'GET /api/health HTTP/1.1\r\nHost: x\r\n' : 'G')),
    );
    const trickle = setInterval(() => {
      for (const [i, { socket }] of stalled.entries()) if (i % 2 && !socket.destroyed) socket.write(`X-Slow-${Date.now()}: 1\r\n`);
    }, 1000);
    try {
      expect(await healthWithin(api.port, 2000)).toBe(200);
      const closed = await Promise.race([Promise.all(stalled.map((s) => s.closedAt)), new Promise<null>((resolve) => setTimeout(() => resolve(null), 20_000))]);
      expect(closed, 'stalled sockets still open after 20 s').not.toBeNull();
      const slowest = Math.max(...closed!) - openedAt;
      console.log(`500 stalled sockets: all cut after ${slowest} ms`);
      expect(slowest).toBeLessThan(15_000);
      expect(await healthWithin(api.port, 2000)).toBe(200);
    } finally {
      clearInterval(trickle);
      for (const { socket } of stalled) socket.destroy();
    }
  }, 60_000);

  it('cuts a request whose body never arrives within 30 s', async () => {
    const startedAt = Date.now();
    const { socket, closedAt } = await openStalledSocket(
      api.port,
      `POST ${API_BASE}/sign-in HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":`,
    );
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    const cutAt = await Promise.race([closedAt, new Promise<number>((resolve) => setTimeout(() => resolve(Number.POSITIVE_INFINITY), 40_000))]);
    socket.destroy();
    console.log(`stalled body: cut after ${cutAt - startedAt} ms, answer ${JSON.stringify(answer.split('\r\n')[0])}`);
    expect(cutAt - startedAt).toBeLessThanOrEqual(30_000);
    expect(answer === '' || answer.startsWith('HTTP/1.1 408')).toBe(true);
    expect(await healthWithin(api.port, 2000)).toBe(200);
  }, 60_000);
});

describe('MAX_CONNECTIONS', () => {
  it('refuses connections past the cap while a flood holds them, and serves again once the header deadline cuts the flood', async () => {
    const capped = startApiProcess(
      { DATA_DIR: mkdtempSync(path.join(work, 'capped-')), MAX_CONNECTIONS: '100', HEADERS_TIMEOUT_MS: '2000', REQUEST_TIMEOUT_MS: '2000' },
      await freePort(),
    );
    try {
      await waitForHealth(capped.port);
      const flood = await Promise.all(Array.from({ length: 300 }, () => openStalledSocket(capped.port, 'G')));
      const floodedAt = Date.now();
      expect(await healthWithin(capped.port, 1000)).toBe(0); // the cap holds: the server drops the 101st
      let status = 0;
      while (status !== 200 && Date.now() - floodedAt < 10_000) status = await healthWithin(capped.port, 1000);
      console.log(`MAX_CONNECTIONS=100 under 300 stalled sockets: serving again after ${Date.now() - floodedAt} ms`);
      expect(status).toBe(200);
      expect(Date.now() - floodedAt).toBeLessThan(5000);
      for (const { socket } of flood) socket.destroy();
    } finally {
      capped.child.kill('SIGTERM');
      await capped.exited;
    }
  }, 90_000);
});
