import type { Page } from '@playwright/test';
import { STEP_UP_WINDOW_MS } from '@ute/contract';
import { hmac } from '../../../api/src/lib/secrets';
import { TokenService } from '../../../api/src/modules/auth/tokens';

/**
 * Stores `token` as the web app does, before the tab's first page loads. Once per tab: the app
 * manages it from then on (a step-up, turning 2FA on, a sign-out), and a reload must not bring back
 * a token the app has replaced.
 */
export async function storeSessionToken(page: Page, token: string): Promise<void> {
  await page.addInitScript((value) => {
    if (window.sessionStorage.getItem('e2e-token-stored')) return;
    window.sessionStorage.setItem('e2e-token-stored', '1');
    window.localStorage.setItem('auth_token', value);
  }, token);
}

/**
 * The same session as `token` (admin, token version) as if its second factor had been proved just
 * over the step-up window ago: what an admin signed in with 2FA six minutes earlier holds, made
 * without waiting those minutes. Signed with the e2e server's JWT_SECRET (global setup), the key
 * derived as the api derives it (app.ts).
 */
export function withOldSecondFactor(token: string): string {
  const secret = process.env.E2E_JWT_SECRET;
  if (!secret) throw new Error('E2E_JWT_SECRET is not set (global setup did not run)');
  const tokens = new TokenService(hmac(secret, 'jwt'), 15 * 60);
  const claims = tokens.verify(token);
  if (!claims) throw new Error('not a token of the e2e server');
  return tokens.sign({ ...claims, secondFactorAt: Date.now() - STEP_UP_WINDOW_MS - 60_000 });
}
