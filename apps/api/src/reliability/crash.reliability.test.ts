import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, it, type ExpectStatic } from 'vitest';
import { freePort, startApiProcess, waitForHealth } from './processHarness';
import { createScratchDatabase } from '../test/scratchDatabase';

const ROUNDS = 20;
const ADMIN = { email: 'crash@test.local', password: 'crash-password' };
const work = mkdtempSync(path.join(os.tmpdir(), 'ute-crash-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function signIn(port: number): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/api/admin/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  return ((await response.json()) as { token: string }).token;
}

/** Writes FAQs as fast as it can until the process dies; returns the questions the api acknowledged. */
async function writeUntilKilled(port: number, token: string, round: number, killAfterMs: number, kill: () => void): Promise<string[]> {
  const acknowledged: string[] = [];
  let isAlive = true;
  setTimeout(() => {
    isAlive = false;
    kill();
  }, killAfterMs);
  const writer = async (worker: number) => {
    for (let i = 0; isAlive; i += 1) {
      const question = `crash round ${round} worker ${worker} write ${i}`;
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/admin/create-faq`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ question, answer: 'kept after a crash' }),
        });
        if (response.status === 200) acknowledged.push(question);
      } catch {
        return; // the process is gone
      }
    }
  };
  await Promise.all([0, 1, 2, 3].map(writer));
  return acknowledged;
}

async function runCrashRounds(expect: ExpectStatic, env: Record<string, string>) {
  const allAcknowledged: string[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const api = startApiProcess({ ...env, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }, await freePort());
    await waitForHealth(api.port);
    const token = await signIn(api.port);
    // Every write acknowledged before this round's kill must still be there after the restart.
    const faqs = (await (await fetch(`http://127.0.0.1:${api.port}/api/admin/all-faq`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      data: { question: string }[];
    };
    const stored = new Set(faqs.data.map((faq) => faq.question));
    const missing = allAcknowledged.filter((question) => !stored.has(question));
    expect(missing, `round ${round}: acknowledged writes lost`).toEqual([]);
    allAcknowledged.push(...(await writeUntilKilled(api.port, token, round, 300 + ((round * 137) % 700), () => api.child.kill('SIGKILL'))));
    await api.exited;
  }
  expect(allAcknowledged.length).toBeGreaterThan(ROUNDS);
  return allAcknowledged.length;
}

// The two engines' rounds at the same time: the test only drives api processes, so the rounds of one
// fill the other's waits (each engine alone: PGlite 140 s, PostgreSQL 83 s on two cores).
describe.concurrent('SIGKILL while writing, twenty times', () => {
  it('keeps every acknowledged write on PGlite and the database stays readable', async ({ expect }) => {
    const count = await runCrashRounds(expect, { DATA_DIR: path.join(work, 'pglite') });
    console.log(`PGlite: ${count} acknowledged writes over ${ROUNDS} crashes, none lost`);
  }, 600_000);

  it('keeps every acknowledged write on PostgreSQL', async ({ expect }) => {
    const scratch = await createScratchDatabase('ute_crash');
    try {
      const count = await runCrashRounds(expect, { DATA_DIR: path.join(work, 'pg-files'), DATABASE_URL: scratch.url });
      console.log(`PostgreSQL: ${count} acknowledged writes over ${ROUNDS} crashes, none lost`);
    } finally {
      await scratch.drop();
    }
  }, 600_000);
});
