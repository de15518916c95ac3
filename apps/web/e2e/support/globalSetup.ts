import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SignInSuccess, TwoFactorEnableResponse, TwoFactorSetup } from '@ute/contract';
import { startStripeTestServer } from '../../../api/src/test/stripeTestServer';
import { E2E_ADMIN, E2E_STRIPE_SECRET_KEY } from './constants';
import { startMailCapture } from './mailCapture';
import { initOwnerState, ownerAuthenticator, rememberOwnerSession } from './ownerSession';

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
 * Turns 2FA on for the e2e owner through the api, as on the Security page: sign in, a new secret, then
 * a code and the password. The secret goes to the workers in E2E_ADMIN_TOTP_SECRET; the session that
 * enabling answers (a fresh second factor), and the step its code used, in the owner's state file.
 */
async function turnOnOwnerTwoFactor(baseUrl: string): Promise<void> {
  async function post<T>(route: string, body?: unknown, token?: string): Promise<T> {
    const response = await fetch(`${baseUrl}/api/admin${route}`, {
      method: 'POST',
      headers: { ...(body !== undefined && { 'content-type': 'application/json' }), ...(token && { authorization: `Bearer ${token}` }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`POST ${route} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  }
  const { token } = await post<SignInSuccess>('/sign-in', E2E_ADMIN);
  const { secret } = await post<TwoFactorSetup>('/two-factor/setup', undefined, token);
  process.env.E2E_ADMIN_TOTP_SECRET = secret;
  const enabled = await post<TwoFactorEnableResponse>(
    '/two-factor/enable',
    { code: await ownerAuthenticator().nextCode(), password: E2E_ADMIN.password },
    token,
  );
  rememberOwnerSession(enabled.token);
}

/**
 * Starts the real built product (api + web on one port) on a fresh embedded database with demo
 * data, a real SMTP server that the product sends its mail to, and the local Stripe test server
 * that its Stripe SDK sends transfers to.
 */
export default async function globalSetup() {
  const serverEntry = path.join(repoRoot, 'apps/api/dist/server.js');
  if (!existsSync(serverEntry) || !existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) {
    throw new Error('Build first: npm run build (the e2e tests run against the built app)');
  }
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'ute-e2e-'));
  const mailDir = path.join(workDir, 'mail');
  const mail = await startMailCapture(mailDir);
  // Payouts go through the real Stripe SDK to the project's local Stripe test server (the api tests'
  // one), so transfers get Stripe ids that the specs' signed webhooks and reversals refer to.
  const stripe = await startStripeTestServer();
  const port = Number(process.env.E2E_PORT ?? 3199);
  // Known to the specs, which make a session whose second factor is older than the step-up window
  // from a real one (support/sessions.ts) instead of waiting five minutes.
  const jwtSecret = randomBytes(48).toString('base64url');
  // Known to the specs too, which sign Stripe events with it as Stripe would (webhooks.spec.ts).
  const stripeWebhookSecret = `whsec_${randomBytes(24).toString('base64url')}`;
  const server = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(workDir, 'data'),
      DATABASE_URL: '',
      JWT_SECRET: jwtSecret,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      SEED_DEMO: 'true',
      SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
      STRIPE_SECRET_KEY: E2E_STRIPE_SECRET_KEY,
      STRIPE_API_BASE: stripe.url,
      STRIPE_WEBHOOK_SECRET: stripeWebhookSecret,
      LOG_LEVEL: 'warn',
      // A listing's notice is held for its decision window (10 minutes by default) before it is
      // mailed: a second here, so the specs that wait for a lister's mail see it within their wait.
      LISTING_NOTICE_WINDOW_SECONDS: '1',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  process.env.E2E_MAIL_DIR = mailDir;
  process.env.E2E_DATA_DIR = path.join(workDir, 'data');
  process.env.E2E_JWT_SECRET = jwtSecret;
  process.env.E2E_STRIPE_WEBHOOK_SECRET = stripeWebhookSecret;
  process.env.E2E_STRIPE_API_BASE = stripe.url;
  process.env.E2E_OWNER_STATE = path.join(workDir, 'e2e-owner.json');
  initOwnerState(process.env.E2E_OWNER_STATE);
  // If our server dies (a taken port, say), stop at once instead of testing someone else's server.
  const exitedEarly = new Promise<never>((_, reject) => server.once('exit', (code) => reject(new Error(`the e2e server exited early with code ${code}`))));
  await Promise.race([waitForHealth(`http://127.0.0.1:${port}/api/health`, 60_000), exitedEarly]);
  exitedEarly.catch(() => {});
  try {
    await turnOnOwnerTwoFactor(`http://127.0.0.1:${port}`);
  } catch (error) {
    server.kill('SIGTERM');
    throw error;
  }

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await mail.close();
    await stripe.close();
    rmSync(workDir, { recursive: true, force: true });
  };
}
