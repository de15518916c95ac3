import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from '../test/scratchDatabase';
import { freePort, startApiProcess, type ApiProcess } from './processHarness';

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
