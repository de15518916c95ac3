import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startApiProcess, waitForHealth } from './processHarness';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ute-lock-test-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('DATA_DIR lock and clean shutdown', () => {
  it('refuses a second process on the same DATA_DIR with a clear message; the first keeps working; SIGTERM closes cleanly', async () => {
    const env = { DATA_DIR: dataDir, ADMIN_EMAIL: 'lock@test.local', ADMIN_PASSWORD: 'lock-password' };
    const first = startApiProcess(env, await freePort());
    await waitForHealth(first.port);

    const second = startApiProcess(env, await freePort());
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/DATA_DIR .* is in use by another api process \(pid \d+\)/);

    const signIn = await fetch(`http://127.0.0.1:${first.port}/api/admin/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'lock@test.local', password: 'lock-password' }),
    });
    expect(signIn.status).toBe(200);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'api.lock'))).toBe(false);
  }, 120_000);
});
