import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { longestStalledRequestMs } from '../app';
import { createTestApp, TEST_ADMIN, type TestApp } from '../test/testApp';
import { driveBrowserTraffic, keepAliveRequest, rawRequest, RawConnection, sendRaw, stallRequest, type StallKind } from '../test/rawHttp';

// The real deadlines (10 s headers, 25 s request, 25 s kept alive) are proved on the running process in
// reliability/attacker.reliability.test.ts and reliability/stalledRequests.reliability.test.ts; here
// the same settings, shortened, on both engines. Idle is longest, so a socket it cuts shows up as too
// slow. Not shorter: Node runs its deadline check before reading what arrived while the event loop was
// busy (this process also runs the clients), so a deadline below a second or two cuts honest requests.
const BOUNDS = { HEADERS_TIMEOUT_MS: '2000', REQUEST_TIMEOUT_MS: '3000', IDLE_TIMEOUT_MS: '12000', KEEP_ALIVE_TIMEOUT_MS: '3000', MAX_CONNECTIONS: '64' };
/** Timers late on a busy machine; still well under the idle timeout. */
const SLACK_MS = 2000;

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ env: BOUNDS });
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
  it('has documented defaults: 10 s for headers, 25 s for a whole request, 60 s idle, 25 s kept alive, 4096 connections', () => {
    const config = loadConfig({});
    const { HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS, IDLE_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS, MAX_CONNECTIONS } = config;
    expect([HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS, IDLE_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS, MAX_CONNECTIONS]).toEqual([10_000, 25_000, 60_000, 25_000, 4096]);
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: '30000' })).toThrow(/HEADERS_TIMEOUT_MS/);
  });

  it('cuts every stalled request within 30 s by default, on a new or a reused connection', () => {
    expect(longestStalledRequestMs(loadConfig({}))).toBe(26_000);
    expect(longestStalledRequestMs(loadConfig({}))).toBeLessThanOrEqual(30_000);
  });

  it('applies them to the server', () => {
    const { headersTimeout, requestTimeout, timeout, keepAliveTimeout, maxConnections } = t.app.server;
    expect([headersTimeout, requestTimeout, timeout, keepAliveTimeout, maxConnections]).toEqual([2000, 3000, 12_000, 3000, 64]);
  });

  it('answers 408 and closes a connection whose headers never end', async () => {
    const { answer, afterMs } = await stall('GET /api/health HTTP/1.1\r\nHost: x\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(afterMs).toBeLessThan(2000 + 1000 + SLACK_MS);
  });

  it('answers 408 and closes a request whose body never arrives', async () => {
    const { answer, afterMs } = await stall(
      'POST /api/admin/sign-in HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(afterMs).toBeLessThan(3000 + 1000 + SLACK_MS);
    expect((await sendRaw(port, rawRequest('GET', '/api/health'))).status).toBe(200);
  });
});

describe('stalled requests after browser-like traffic on kept-alive connections', () => {
  // What a browser's connections to the api look like after a while: each has carried GETs, a JSON
  // sign-in, a gzipped answer, a multipart upload and a 404, and waits for its next request.
  const REUSED: StallKind[] = ['partial body', 'partial body', 'partial body', 'nothing', 'nothing', 'empty lines', 'empty lines', 'partial headers'];
  const FRESH: StallKind[] = [
    'partial body',
    'partial body',
    'partial body',
    'partial body',
    'partial body',
    'partial headers',
    'partial headers',
    'nothing',
    'nothing',
    'nothing',
    'nothing',
    'empty lines',
  ];

  it('cuts 20 requests stalled at once, 8 of them on connections that already carried 12 requests each', async () => {
    const session = { ...TEST_ADMIN, token: t.token };
    const reused = await driveBrowserTraffic(port, session, REUSED.length, 2);
    // Every kept-alive connection has just answered, so none is near its keep-alive bound yet.
    await Promise.all(reused.map((connection) => connection.send(keepAliveRequest('GET', '/api/health'))));
    expect(reused.filter((connection) => connection.isClosed)).toEqual([]);
    const fresh = await Promise.all(FRESH.map(() => RawConnection.open(port)));

    const bound = longestStalledRequestMs(t.config);
    const stalls = [
      ...REUSED.map((kind, i) => ({ kind, connection: reused[i], where: `reused connection ${i + 1}` })),
      ...FRESH.map((kind, i) => ({ kind, connection: fresh[i], where: `new connection ${i + 1}` })),
    ];
    const cuts = await Promise.all(
      stalls.map(async ({ kind, connection, where }) => ({ kind, where, ...(await stallRequest(connection, kind, bound + 5000)) })),
    );

    const late = cuts.filter(({ afterMs }) => afterMs > bound + SLACK_MS);
    expect(late, `cut later than ${bound} ms (+${SLACK_MS})`).toEqual([]);
    // The server answers 408 to a request it has begun reading, and closes an idle connection.
    const wrongAnswers = cuts.filter(({ answer }) => answer !== '' && !answer.startsWith('HTTP/1.1 408'));
    expect(wrongAnswers).toEqual([]);
    expect(
      cuts.filter(({ kind, where }) => kind === 'partial body' && where.startsWith('reused')).every(({ answer }) => answer.startsWith('HTTP/1.1 408')),
    ).toBe(true);
    expect((await sendRaw(port, rawRequest('GET', '/api/health'))).status).toBe(200);
  }, 60_000);

  it('closes a reused connection that only ever sends empty lines, at the keep-alive bound (Node alone would keep it open)', async () => {
    const [connection] = await driveBrowserTraffic(port, { ...TEST_ADMIN, token: t.token }, 1, 1);
    const { afterMs, answer } = await stallRequest(connection, 'empty lines', 15_000, 200);
    expect(answer).toBe('');
    expect(afterMs).toBeGreaterThanOrEqual(3000);
    expect(afterMs).toBeLessThan(3000 + 1000 + SLACK_MS);
  }, 30_000);
});
