import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { createTestApp, type TestApp } from '../test/testApp';
import { rawRequest, sendRaw } from '../test/rawHttp';

// The real deadlines (10 s headers, 25 s request) are proved on the running process in
// reliability/attacker.reliability.test.ts; here the same settings, shortened, on both engines.
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({
    env: { HEADERS_TIMEOUT_MS: '1000', REQUEST_TIMEOUT_MS: '1500', IDLE_TIMEOUT_MS: '3000', KEEP_ALIVE_TIMEOUT_MS: '4000', MAX_CONNECTIONS: '64' },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

/** Sends the bytes, then waits; resolves with what the server sent and when it closed the socket. */
function stall(bytes: string): Promise<{ answer: string; afterMs: number }> {
  return new Promise((resolve) => {
    const startedAt = Date.now();
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('error', () => {});
    socket.on('close', () => resolve({ answer, afterMs: Date.now() - startedAt }));
    setTimeout(() => socket.destroy(), 10_000);
  });
}

describe('bounded requests and connections', () => {
  it('has documented defaults: 10 s for headers, 25 s for a whole request, 60 s idle, 72 s kept alive, 4096 connections', () => {
    const config = loadConfig({});
    const { HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS, IDLE_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS, MAX_CONNECTIONS } = config;
    expect([HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS, IDLE_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS, MAX_CONNECTIONS]).toEqual([10_000, 25_000, 60_000, 72_000, 4096]);
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: '30000' })).toThrow(/HEADERS_TIMEOUT_MS/);
  });

  it('applies them to the server', () => {
    const { headersTimeout, requestTimeout, timeout, keepAliveTimeout, maxConnections } = t.app.server;
    expect([headersTimeout, requestTimeout, timeout, keepAliveTimeout, maxConnections]).toEqual([1000, 1500, 3000, 4000, 64]);
  });

  it('answers 408 and closes a connection whose headers never end', async () => {
    const { answer, afterMs } = await stall('GET /api/health HTTP/1.1\r\nHost: x\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(afterMs).toBeLessThan(5000);
  });

  it('answers 408 and closes a request whose body never arrives', async () => {
    const { answer, afterMs } = await stall(
      'POST /api/admin/sign-in HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(afterMs).toBeLessThan(5000);
    expect((await sendRaw(port, rawRequest('GET', '/api/health'))).status).toBe(200);
  });
});
