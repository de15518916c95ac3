import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startApiProcess, waitForHealth } from './processHarness';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 60);
const work = mkdtempSync(path.join(os.tmpdir(), 'ute-soak-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

describe(`soak: ${SECONDS} s of mixed reads and writes`, () => {
  it(
    'answers every request without an error and keeps its memory',
    async () => {
      const api = startApiProcess(
        { DATA_DIR: path.join(work, 'data'), SEED_DEMO: 'true', ADMIN_EMAIL: 'soak@test.local', ADMIN_PASSWORD: 'soak-password' },
        await freePort(),
      );
      try {
        await waitForHealth(api.port);
        const base = `http://127.0.0.1:${api.port}`;
        const token = (
          (await (
            await fetch(`${base}/api/admin/sign-in`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ email: 'soak@test.local', password: 'soak-password' }),
            })
          ).json()) as { token: string }
        ).token;
        const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
        const requests: autocannon.Request[] = [
          { method: 'GET', path: '/api/admin/dashboard-data', headers },
          { method: 'GET', path: '/api/admin/get-all-ute-list?page=2&pageSize=10', headers },
          { method: 'GET', path: '/api/admin/all-users-data?page=1&limit=10&search=smith', headers },
          { method: 'POST', path: '/api/admin/create-faq', headers, body: JSON.stringify({ question: 'Soak question?', answer: 'Soak answer.' }) },
          { method: 'GET', path: '/api/admin/all-faq', headers },
          { method: 'GET', path: '/api/admin/payment-list?page=3&limit=10', headers },
        ];
        // Warm up, then measure memory from a steady state.
        await autocannon({ url: base, connections: 8, duration: 3, requests });
        const rssStart = rssMb(api.child.pid!);
        const result = await autocannon({ url: base, connections: 16, duration: SECONDS, requests });
        const rssEnd = rssMb(api.child.pid!);
        console.log(
          `soak: ${result.requests.total} requests in ${SECONDS} s (${result.requests.average} req/s), p99 ${result.latency.p99} ms, ` +
            `non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts}; RSS ${rssStart.toFixed(0)} MB -> ${rssEnd.toFixed(0)} MB`,
        );
        expect(result.errors).toBe(0);
        expect(result.timeouts).toBe(0);
        expect(result.non2xx).toBe(0);
        expect(result.requests.total).toBeGreaterThan(SECONDS * 20);
        expect(rssEnd).toBeLessThan(rssStart * 1.5 + 64);
      } finally {
        api.child.kill('SIGTERM');
        await api.exited;
      }
    },
    (SECONDS + 120) * 1000,
  );
});
