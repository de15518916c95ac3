import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from '../test/scratchDatabase';
import { sendRaw } from '../test/rawHttp';
import { freePort, startApiProcess, waitForHealth, type ApiProcess } from './processHarness';

// The real api process (src/server.ts) on both engines, whatever the engine of the run: a start that
// cannot listen, and a stop during the start, end with one clear line and the job queue stopped
// before the database closes (no "Cannot use a pool after calling end on the pool" from pg-boss).
const work = mkdtempSync(path.join(os.tmpdir(), 'ute-start-stop-'));
const scratches: ScratchDatabase[] = [];
afterAll(async () => {
  for (const scratch of scratches) await scratch.drop();
  rmSync(work, { recursive: true, force: true });
});

const ADMIN = { ADMIN_EMAIL: 'start-stop@test.local', ADMIN_PASSWORD: 'start-stop-password' };
/** What a crash or a leak looks like in the output: a stack frame, an error's name, pg-pool's complaint. */
const TROUBLE = /\n\s+at |Error:|Cannot use a pool|Unhandled|unhandled/;

async function engineEnv(engine: 'pglite' | 'postgres'): Promise<Record<string, string>> {
  const dataDir = mkdtempSync(path.join(work, `${engine}-`));
  if (engine === 'pglite') return { ...ADMIN, DATA_DIR: dataDir };
  const scratch = await createScratchDatabase('ute_start_stop');
  scratches.push(scratch);
  return { ...ADMIN, DATA_DIR: dataDir, DATABASE_URL: scratch.url };
}

function occupy(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

/** Resolves as soon as the process prints a line matching `pattern`. */
function waitForOutput(api: ApiProcess, pattern: RegExp): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (pattern.test(api.output())) resolve();
      else if (api.child.exitCode !== null) reject(new Error(`exited without ${pattern}:\n${api.output()}`));
    };
    api.child.stdout!.on('data', check);
    api.child.once('exit', check);
  });
}

describe.each(['pglite', 'postgres'] as const)('the api process on %s', (engine) => {
  it('exits 1 with one clear line when its port is taken, and stops the job queue before the database', async () => {
    const env = await engineEnv(engine);
    const port = await freePort();
    const other = await occupy(port);
    try {
      const api = startApiProcess(env, port);
      expect(await api.exited).toBe(1);
      expect(api.errorOutput().trim().split('\n')).toEqual([`Port ${port} is already in use: stop the other process or set PORT`]);
      expect(api.output()).not.toMatch(TROUBLE);
      expect(existsSync(path.join(env.DATA_DIR, 'api.lock'))).toBe(false);
    } finally {
      other.close();
    }
  }, 120_000);

  it('stops cleanly on SIGTERM during its start: the step under way ends, no later step begins, then the app and the database close', async () => {
    const env = await engineEnv(engine);
    // Demo data takes seconds to write: the signal comes in the middle of the start.
    const api = startApiProcess({ ...env, LOG_LEVEL: 'info', SEED_DEMO: 'true' }, await freePort());
    await waitForOutput(api, /admin from ADMIN_EMAIL is ready/);
    api.child.kill('SIGTERM');
    expect(await api.exited).toBe(0);
    expect(api.errorOutput()).toBe('');
    expect(api.output()).not.toMatch(TROUBLE);
    expect(api.output()).not.toMatch(/Server listening/);
    expect(existsSync(path.join(env.DATA_DIR, 'api.lock'))).toBe(false);
  }, 120_000);
});

/** The node processes a process started (its cluster's workers; tsx's esbuild is another child). ps exits 1 when none. */
const workersOf = (api: ApiProcess): number[] =>
  spawnSync('ps', ['-o', 'pid=,comm=', '--ppid', String(api.child.pid)], { encoding: 'utf8' })
    .stdout.split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([, command]) => command === 'node')
    .map(([pid]) => Number(pid));

/** How long a worker's exit and its replacement may take to show. */
const WAIT = { timeout: 30_000, interval: 100 };

describe('API_WORKERS: api processes sharing one port (workers.ts)', () => {
  it("serves one port from two workers that accept each other's tokens, replaces one killed with SIGKILL, and stops both on SIGTERM", async () => {
    // No JWT_SECRET: the key generated into DATA_DIR must be the same in both workers.
    const env = { ...(await engineEnv('postgres')), API_WORKERS: '2' };
    const port = await freePort();
    const api = startApiProcess(env, port);
    await waitForOutput(api, new RegExp(`^2 api workers listening on 127\\.0\\.0\\.1:${port}$`, 'm'));
    const workers = workersOf(api);
    expect(workers).toHaveLength(2);
    const signIn = await fetch(`http://127.0.0.1:${port}/api/admin/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    const { token } = (await signIn.json()) as { token: string };
    // Each on its own connection, which the port hands to the workers in turn.
    const checkToken = () => sendRaw(port, `GET /api/admin/check-token HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nConnection: close\r\n\r\n`);
    const statuses = [];
    for (let at = 0; at < 8; at++) statuses.push((await checkToken()).status);
    expect(statuses).toEqual(Array(8).fill(200));

    process.kill(workers[0], 'SIGKILL');
    // Once the port's process knows (a connection handed over in the instant of the kill is lost with the worker).
    await vi.waitFor(() => expect(api.errorOutput()).toContain('starting another'), WAIT);
    for (let at = 0; at < 4; at++) expect((await checkToken()).status).toBe(200);
    const replaced = await vi.waitFor(() => {
      const pids = workersOf(api);
      expect(pids).toHaveLength(2);
      expect(pids).not.toContain(workers[0]);
      return pids;
    }, WAIT);
    expect(replaced).toContain(workers[1]);
    await waitForHealth(port);

    api.child.kill('SIGTERM');
    expect(await api.exited).toBe(0);
    expect(workersOf(api)).toEqual([]);
    expect(api.errorOutput().trim().split('\n')).toEqual([`api worker ${workers[0]} exited (SIGKILL): starting another`]);
    expect(api.output()).not.toMatch(TROUBLE);
  }, 180_000);

  it('SCHEDULED_JOBS=false: the api serves without scheduling the scheduled jobs or sending those sent at start, as a default start does', async () => {
    const env = await engineEnv('postgres');
    const scheduled = async (config: Record<string, string>) => {
      const api = startApiProcess({ ...env, ...config }, await freePort());
      await waitForHealth(api.port, 120_000);
      const client = new pg.Client({ connectionString: env.DATABASE_URL });
      await client.connect();
      try {
        const { rows } = await client.query<{ schedules: number; sentAtStart: number }>(
          `select (select count(*)::int from pgboss.schedule) as "schedules",
             (select count(*)::int from pgboss.job where name = 'payout-reconciliation') as "sentAtStart"`,
        );
        return rows[0];
      } finally {
        await client.end();
        api.child.kill('SIGTERM');
        expect(await api.exited).toBe(0);
      }
    };
    expect(await scheduled({ API_WORKERS: '2', SCHEDULED_JOBS: 'false' })).toEqual({ schedules: 0, sentAtStart: 0 });
    const started = await scheduled({});
    expect(started.schedules).toBeGreaterThan(0);
    expect(started.sentAtStart).toBeGreaterThan(0);
  }, 180_000);

  it('refuses more than one worker on PGlite with one clear message', async () => {
    const api = startApiProcess({ ...(await engineEnv('pglite')), API_WORKERS: '2' }, await freePort());
    expect(await api.exited).toBe(1);
    expect(api.errorOutput().trim()).toBe(
      'Invalid configuration:\nAPI_WORKERS above 1 needs DATABASE_URL: the embedded PGlite is one process (its DATA_DIR is locked)',
    );
  }, 60_000);
});
