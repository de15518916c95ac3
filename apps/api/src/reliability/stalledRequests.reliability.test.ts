import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '@ute/contract';
import { longestStalledRequestMs } from '../app';
import { loadConfig } from '../plugins/config';
import { driveBrowserTraffic, keepAliveRequest, rawRequest, RawConnection, sendRaw, stallRequest, type StallKind } from '../test/rawHttp';
import { createScratchDatabase, type ScratchDatabase } from '../test/scratchDatabase';
import { freePort, startApiProcess, waitForHealth, type ApiProcess } from './processHarness';

// The running api (src/server.ts) with its default bounds, as a browser's connections find it after a
// while: 20 requests stalled at once, on new connections and on kept-alive ones that already carried
// traffic, are all cut within 30 s (SECURITY.md, "Bounded requests and connections").
const ADMIN = { email: 'stalls@test.local', password: 'stalls-test-password' };
const LIMIT_MS = 30_000;
/** Node's deadline check and timers on a busy machine. */
const SLACK_MS = 1500;
const work = mkdtempSync(path.join(os.tmpdir(), 'ute-stalls-'));
let scratch: ScratchDatabase | null = null;
let api: ApiProcess;

beforeAll(async () => {
  // The engine of the run: PGlite, or a database of its own on DATABASE_URL's server.
  if (process.env.DATABASE_URL) scratch = await createScratchDatabase('ute_stalls', new URL(process.env.DATABASE_URL));
  api = startApiProcess(
    { DATA_DIR: path.join(work, 'data'), ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, ...(scratch && { DATABASE_URL: scratch.url }) },
    await freePort(),
  );
  await waitForHealth(api.port);
}, 120_000);
afterAll(async () => {
  api.child.kill('SIGTERM');
  await api.exited;
  await scratch?.drop();
  rmSync(work, { recursive: true, force: true });
});

describe('stalled requests on the running api, after browser-like traffic', () => {
  it('has a default bound under 30 s for every way a request can stall', () => {
    expect(longestStalledRequestMs(loadConfig({}))).toBeLessThanOrEqual(LIMIT_MS);
  });

  it('cuts 20 requests stalled at once within 30 s, 6 of them on kept-alive connections that already carried 18 requests each', async () => {
    const signIn = await fetch(`http://127.0.0.1:${api.port}${API_BASE}/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const { token } = (await signIn.json()) as { token: string };
    const reused = await driveBrowserTraffic(api.port, { ...ADMIN, token }, 6, 3);
    await Promise.all(reused.map((connection) => connection.send(keepAliveRequest('GET', '/api/health'))));
    const REUSED: StallKind[] = ['partial body', 'partial body', 'nothing', 'nothing', 'empty lines', 'partial headers'];
    const FRESH: StallKind[] = [
      ...Array<StallKind>(6).fill('partial body'),
      ...Array<StallKind>(4).fill('partial headers'),
      ...Array<StallKind>(4).fill('nothing'),
    ];
    const fresh = await Promise.all(FRESH.map(() => RawConnection.open(api.port)));

    const stalls = [
      ...REUSED.map((kind, i) => ({ kind, where: 'reused', connection: reused[i] })),
      ...FRESH.map((kind, i) => ({ kind, where: 'new', connection: fresh[i] })),
    ];
    const cuts = await Promise.all(
      stalls.map(async ({ kind, where, connection }) => ({ kind, where, ...(await stallRequest(connection, kind, LIMIT_MS + 15_000, 5000)) })),
    );
    for (const { kind, where, afterMs, answer } of cuts) console.log(`${where} connection, ${kind}: cut after ${afterMs} ms ${JSON.stringify(answer)}`);

    expect(cuts.filter(({ afterMs }) => afterMs > LIMIT_MS + SLACK_MS)).toEqual([]);
    expect(cuts.filter(({ answer }) => answer !== '' && !answer.startsWith('HTTP/1.1 408'))).toEqual([]);
    expect((await sendRaw(api.port, rawRequest('GET', '/api/health'))).status).toBe(200);
  }, 120_000);
});
