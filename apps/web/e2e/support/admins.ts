import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { AdminChangeResponse, AdminRole } from '@ute/contract';
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
