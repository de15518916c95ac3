import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { E2E_ADMIN } from './constants';
import { startMailCapture } from './mailCapture';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

async function waitForHealth(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the app did not answer at ${url} within ${timeoutMs} ms`);
}

/**
 * Starts the real built product (api + web on one port) on a fresh embedded database with demo
 * data, and a real SMTP server that the product sends its mail to.
 */
export default async function globalSetup() {
  const serverEntry = path.join(repoRoot, 'apps/api/dist/server.js');
  if (!existsSync(serverEntry) || !existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) {
    throw new Error('Build first: npm run build (the e2e tests run against the built app)');
  }
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'ute-e2e-'));
  const mailDir = path.join(workDir, 'mail');
  const mail = await startMailCapture(mailDir);
  const port = Number(process.env.E2E_PORT ?? 3199);
  const server = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(workDir, 'data'),
      DATABASE_URL: '',
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      SEED_DEMO: 'true',
      SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
      STRIPE_SECRET_KEY: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  process.env.E2E_MAIL_DIR = mailDir;
  process.env.E2E_DATA_DIR = path.join(workDir, 'data');
  // If our server dies (a taken port, say), stop at once instead of testing someone else's server.
  const exitedEarly = new Promise<never>((_, reject) => server.once('exit', (code) => reject(new Error(`the e2e server exited early with code ${code}`))));
  await Promise.race([waitForHealth(`http://127.0.0.1:${port}/api/health`, 60_000), exitedEarly]);
  exitedEarly.catch(() => {});

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await mail.close();
    rmSync(workDir, { recursive: true, force: true });
  };
}
