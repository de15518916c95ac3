import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import type { CapturedMail } from './mailCapture';
import { E2E_ADMIN } from './constants';

export { expect };
export { E2E_ADMIN };

/** A bearer token of the e2e admin, from the real sign-in call. */
export async function apiToken(page: Page): Promise<string> {
  const response = await page.request.post('/api/admin/sign-in', { data: E2E_ADMIN });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** Signs in through the api and stores the token as the web app does, before the first page loads. */
export async function signInFast(page: Page): Promise<string> {
  const token = await apiToken(page);
  await page.addInitScript((value) => window.localStorage.setItem('auth_token', value), token);
  return token;
}

/** Signs in through the real form. */
export async function signInWithForm(page: Page, credentials = E2E_ADMIN): Promise<void> {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(credentials.email);
  await page.getByLabel('Password', { exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard Overview' })).toBeVisible();
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
