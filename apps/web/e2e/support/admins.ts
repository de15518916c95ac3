import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { AdminChangeResponse, AdminRole, TwoFactorEnableResponse, TwoFactorSetup } from '@ute/contract';
import { Authenticator } from './authenticator';
import { apiToken, expect, waitForMail } from './fixtures';
import { storeSessionToken } from './sessions';

export interface AdminCredentials {
  email: string;
  password: string;
  name: string;
}

/** The token of an invitation link (`.../accept-invite#token=...`) in a mail's text. */
export function invitationTokenIn(text: string): string {
  const match = /accept-invite#token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match) throw new Error(`no invitation link in the mail:\n${text}`);
  return match[1];
}

/** The path of the invitation link in a mail, to open on the e2e server whatever host the mail names. */
export function invitationPathIn(text: string): string {
  return `/accept-invite#token=${invitationTokenIn(text)}`;
}

/**
 * A new, active admin holding `roles`, without 2FA, made as an owner would: the e2e owner invites a
 * unique email through the api (a step-up call: its token has a fresh second factor), the invite
 * mail is read from the SMTP capture and its token accepted.
 */
export async function createAdminWithRoles(page: Page, roles: AdminRole[]): Promise<AdminCredentials> {
  const id = randomUUID().slice(0, 8);
  const credentials: AdminCredentials = {
    email: `e2e-${roles.join('-') || 'none'}-${id}@example.com`,
    password: `e2e-pass-${id}`,
    name: `E2E ${roles.join(' ')} ${id}`,
  };
  const token = await apiToken(page);
  const invite = await page.request.post('/api/admin/admins/invite', {
    headers: { authorization: `Bearer ${token}` },
    data: { email: credentials.email, name: credentials.name, roles },
  });
  expect(invite.status(), await invite.text()).toBe(200);
  expect(((await invite.json()) as AdminChangeResponse).admin.status).toBe('Invited');

  const mail = await waitForMail((candidate) => candidate.to.includes(credentials.email));
  const accept = await page.request.post('/api/admin/accept-invitation', {
    data: { token: invitationTokenIn(mail.text), password: credentials.password, confirmPassword: credentials.password },
  });
  expect(accept.status(), await accept.text()).toBe(200);
  return credentials;
}

/** Signs in as `credentials` (an admin without 2FA) through the api and stores the token as the web app does, before the first page loads. */
export async function signInFastAs(page: Page, credentials: Pick<AdminCredentials, 'email' | 'password'>): Promise<string> {
  const response = await page.request.post('/api/admin/sign-in', { data: { email: credentials.email, password: credentials.password } });
  expect(response.status(), await response.text()).toBe(200);
  const { token } = (await response.json()) as { token: string };
  await storeSessionToken(page, token);
  return token;
}

/** Turns 2FA on for `admin` through the api (as twoFactor.spec does); answers the session the enabling gives, its factor fresh. */
export async function enrolThroughApi(page: Page, admin: AdminCredentials): Promise<string> {
  const signIn = await page.request.post('/api/admin/sign-in', { data: { email: admin.email, password: admin.password } });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const headers = { authorization: `Bearer ${((await signIn.json()) as { token: string }).token}` };
  const setup = await page.request.post('/api/admin/two-factor/setup', { headers });
  expect(setup.status(), await setup.text()).toBe(200);
  const authenticator = new Authenticator(((await setup.json()) as TwoFactorSetup).secret);
  const enable = await page.request.post('/api/admin/two-factor/enable', {
    headers,
    data: { code: await authenticator.nextCode(), password: admin.password },
  });
  expect(enable.status(), await enable.text()).toBe(200);
  return ((await enable.json()) as TwoFactorEnableResponse).token;
}
