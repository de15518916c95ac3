import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import type { CapturedMail } from './mailCapture';
import { E2E_ADMIN } from './constants';
import { ownerAuthenticator, ownerToken, rememberOwnerSession } from './ownerSession';
import { storeSessionToken } from './sessions';

export { expect };
export { E2E_ADMIN };

/** A bearer token of the e2e owner (2FA on), from the real sign-in calls, with a fresh second factor. */
export async function apiToken(page: Page): Promise<string> {
  return ownerToken(page.request);
}

/** Signs the e2e owner in through the api and stores the token as the web app does, before the first page loads. */
export async function signInFast(page: Page): Promise<string> {
  const token = await apiToken(page);
  await storeSessionToken(page, token);
  return token;
}

/** Answers the sign-in page's code step with the e2e owner's next code. */
export async function enterOwnerCode(page: Page): Promise<void> {
  await page.getByLabel('Authentication code').fill(await ownerAuthenticator().nextCode());
  await page.getByRole('button', { name: 'Verify' }).click();
}

/** Signs in through the real form: the password, then for the e2e owner (2FA on) a code; other admins given here have no 2FA. */
export async function signInWithForm(page: Page, credentials = E2E_ADMIN): Promise<void> {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(credentials.email);
  await page.getByLabel('Password', { exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  const isOwner = credentials.email === E2E_ADMIN.email;
  if (isOwner) await enterOwnerCode(page);
  await expect(page.getByRole('heading', { name: 'Dashboard Overview' })).toBeVisible();
  // The api's next call for the owner uses this session instead of signing in once more.
  const token = isOwner ? await page.evaluate(() => window.localStorage.getItem('auth_token')) : null;
  if (token) rememberOwnerSession(token);
}

/** Mails the product sent to the e2e SMTP capture, oldest first. */
export function readMails(): CapturedMail[] {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set (global setup did not run)');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as CapturedMail);
}

/** Waits until a mail matching the predicate arrives. */
export async function waitForMail(predicate: (mail: CapturedMail) => boolean, timeoutMs = 15_000): Promise<CapturedMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = readMails().find(predicate);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('no matching mail arrived at the SMTP capture');
}

/** `test` with `adminPage`: a page already signed in as the e2e admin. */
export const test = base.extend<{ adminPage: Page }>({
  adminPage: async ({ page }, use) => {
    await signInFast(page);
    await use(page);
  },
});
