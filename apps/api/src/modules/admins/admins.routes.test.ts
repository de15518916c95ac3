import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { accessTexts, adminTexts, authMessages, STEP_UP_WINDOW_MS, type AdminListItem, type AdminRole } from '@ute/contract';
import { queryRows } from '../../db/database';
import { createTestApp, enrolTwoFactor, TEST_ADMIN, type TestApp } from '../../test/testApp';
import { startSmtpCapture, type SmtpCapture } from '../../test/smtpCapture';
import { clearThrottling } from '../../test/throttling';
import { upsertAdmin } from '../auth/auth.repository';
import { hashPassword } from '../auth/passwords';
import { TokenService } from '../auth/tokens';
import { hmac, loadSigningSecret } from '../../lib/secrets';
import { createStripeOwner } from '../../test/factories';

let t: TestApp;
let smtp: SmtpCapture;
let testAdminId: string;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ twoFactor: true, env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://backoffice.example/' } });
  [{ id: testAdminId }] = await queryRows<{ id: string }>(t.database.db, sql`select id from admins where email = ${TEST_ADMIN.email}`);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
beforeEach(async () => {
  await clearThrottling(t);
  // The test admin starts every test as an active owner with a working token.
  await t.database.db.execute(sql`update admins set roles = array['owner'], is_active = true where email = ${TEST_ADMIN.email}`);
});

const PASSWORD = 'invitee-password-1';
const uniqueEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@test.local`;

const invite = (body: { email: string; name?: string; roles: string[] }, token?: string | null) =>
  t.request({ method: 'POST', url: '/admins/invite', payload: { name: 'Invited Person', ...body }, token });

/** The token of the newest invitation mail to `email`. */
async function invitationTokenFor(email: string, notToken?: string): Promise<string> {
  const mail = await smtp.waitForMail((candidate) => candidate.to.includes(email) && (!notToken || !candidate.text.includes(notToken)));
  const match = /https:\/\/backoffice\.example\/accept-invite#token=([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match) throw new Error(`no invitation link in:\n${mail.text}`);
  return match[1];
}

const accept = (token: string, password = PASSWORD, confirmPassword = password) =>
  t.request({ method: 'POST', url: '/accept-invitation', payload: { token, password, confirmPassword }, token: null });

async function signIn(email: string, password = PASSWORD): Promise<string> {
  const response = await t.request({ method: 'POST', url: '/sign-in', payload: { email, password }, token: null });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ token: string }>().token;
}

/** An active admin made through the invitation flow; returns its id, email and a token. */
async function createAdmin(roles: AdminRole[]): Promise<{ id: string; email: string; token: string }> {
  const email = uniqueEmail(roles.join('-'));
  const invited = await invite({ email, roles });
  expect(invited.statusCode, invited.body).toBe(200);
  const accepted = await accept(await invitationTokenFor(email));
  expect(accepted.statusCode, accepted.body).toBe(200);
  return { id: invited.json<{ admin: AdminListItem }>().admin._id, email, token: await signIn(email) };
}

/** An admin made directly (as the CLI does) with the roles given, and a token of theirs. */
/** An admin made in the database; with `twoFactor`, enrolled through the api, its token fresh for the step-up routes. */
async function createDirectAdmin(roles: AdminRole[], options: { twoFactor?: boolean } = {}): Promise<{ id: string; email: string; token: string }> {
  const email = uniqueEmail('direct');
  await upsertAdmin(t.database.db, email, await hashPassword(PASSWORD), roles);
  const [{ id }] = await queryRows<{ id: string }>(t.database.db, sql`select id from admins where email = ${email}`);
  const token = await signIn(email);
  return { id, email, token: options.twoFactor ? (await enrolTwoFactor(t.app, token, { email, password: PASSWORD })).token : token };
}

const listAdmins = async (token?: string) => (await t.request({ method: 'GET', url: '/admins', token })).json<{ data: AdminListItem[] }>().data;
const adminIn = async (id: string) => (await listAdmins()).find((admin) => admin._id === id);
const checkToken = (token: string) => t.request({ method: 'GET', url: '/check-token', token });
const setRoles = (id: string, roles: string[], token?: string) => t.request({ method: 'PUT', url: `/admins/${id}/roles`, payload: { roles }, token });
const setStatus = (id: string, isActive: boolean, token?: string) => t.request({ method: 'PUT', url: `/admins/${id}/status`, payload: { isActive }, token });
const auditRows = (targetId: string) =>
  queryRows<{ action: string; before: unknown; after: unknown; admin_id: string | null }>(
    t.database.db,
    sql`select action, before, after, admin_id from audit_log where target_type = 'admin' and target_id = ${targetId} order by created_at, id`,
  );
const activeOwnerCount = async () =>
  (await queryRows<{ count: number }>(t.database.db, sql`select count(*)::int as count from admins where is_active and 'owner' = any(roles)`))[0].count;
/** Leaves the test admin the only active owner. */
const makeTestAdminTheOnlyOwner = () =>
  t.database.db.execute(sql`update admins set roles = array_remove(roles, 'owner') where email <> ${TEST_ADMIN.email} and 'owner' = any(roles)`);

describe('access to the admins api', () => {
  it('answers 403 to an admin who is not an owner', async () => {
    const finance = await createDirectAdmin(['finance', 'support']);
    const calls = [
      () => t.request({ method: 'GET', url: '/admins', token: finance.token }),
      () => invite({ email: uniqueEmail('nope'), roles: ['finance'] }, finance.token),
      () => setRoles(finance.id, ['owner'], finance.token),
      () => setStatus(testAdminId, false, finance.token),
      () => t.request({ method: 'POST', url: `/admins/${testAdminId}/reset-two-factor`, token: finance.token }),
      () => t.request({ method: 'POST', url: `/admins/${testAdminId}/sign-out`, token: finance.token }),
      () => t.request({ method: 'GET', url: '/admin-settings', token: finance.token }),
      () => t.request({ method: 'PUT', url: '/update-admin-settings', payload: { requireTwoFactor: true }, token: finance.token }),
    ];
    for (const call of calls) {
      const response = await call();
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json()).toMatchObject({ reason: 'ROLE' });
    }
    expect((await adminIn(finance.id))?.roles).toEqual(['finance', 'support']);
  });

  it('answers 404 for an unknown admin id and 400 for a malformed one', async () => {
    const unknown = randomUUID();
    for (const response of [
      await setRoles(unknown, ['finance']),
      await setStatus(unknown, false),
      await t.request({ method: 'POST', url: `/admins/${unknown}/reset-two-factor` }),
      await t.request({ method: 'POST', url: `/admins/${unknown}/sign-out` }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Admin not found');
    }
    const malformed = await setRoles('not-an-id', ['finance']);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toContainEqual({ path: 'id', message: 'id must be a valid id' });
  });
});

describe('GET /api/admin/admins', () => {
  it('lists every admin with roles, 2FA, last sign-in and status', async () => {
    const admins = await listAdmins();
    const me = admins.find((admin) => admin.email === TEST_ADMIN.email)!;
    expect(me).toMatchObject({ _id: testAdminId, roles: ['owner'], twoFactorEnabled: true, status: 'Active', isActive: true, inviteExpiresAt: null });
    expect(typeof me.createdAt).toBe('string');

    const email = uniqueEmail('listed');
    await invite({ email, name: 'Listed Person', roles: ['content', 'moderator'] });
    const invited = (await listAdmins()).find((admin) => admin.email === email)!;
    expect(invited).toMatchObject({ name: 'Listed Person', roles: ['content', 'moderator'], status: 'Invited', isActive: false, lastSignInAt: null });
    expect(new Date(invited.inviteExpiresAt!).getTime()).toBeGreaterThan(Date.now() + 47 * 3600_000);
  });
});

describe('POST /api/admin/admins/invite', () => {
  it('creates the admin inactive, stores only the hash of the token, mails a 48 h link in the fragment, and writes the audit', async () => {
    const email = uniqueEmail('Invitee').toUpperCase();
    const response = await invite({ email, name: '  Ada Lovelace ', roles: ['finance', 'finance', 'support'] });
    expect(response.statusCode, response.body).toBe(200);
    const { message, admin } = response.json<{ message: string; admin: AdminListItem }>();
    expect(message).toBe(`${adminTexts.invited} to ${email.toLowerCase()}`);
    expect(admin).toMatchObject({ email: email.toLowerCase(), name: 'Ada Lovelace', roles: ['finance', 'support'], status: 'Invited', isActive: false });

    const token = await invitationTokenFor(email.toLowerCase());
    const mail = smtp.mails.find((candidate) => candidate.to.includes(email.toLowerCase()))!;
    expect(mail.subject).toBe('You are invited to the Ute back-office');
    expect(mail.text).toContain('48 hours');
    const [row] = await queryRows<{ token_hash: string; expires_at: string; invited_by: string }>(
      t.database.db,
      sql`select token_hash, expires_at, invited_by from admin_invites where admin_id = ${admin._id}`,
    );
    expect(row.token_hash).not.toContain(token);
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.invited_by).toBe(testAdminId);
    const validFor = new Date(row.expires_at).getTime() - Date.now();
    expect(validFor).toBeGreaterThan(47.9 * 3600_000);
    expect(validFor).toBeLessThanOrEqual(48 * 3600_000);

    // Not usable before acceptance: the random password matches nothing and the row is inactive.
    const signInBefore = await t.request({ method: 'POST', url: '/sign-in', payload: { email, password: PASSWORD }, token: null });
    expect(signInBefore.statusCode).toBe(401);

    const audit = await auditRows(admin._id);
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'admin.invite',
        admin_id: testAdminId,
        before: null,
        after: expect.objectContaining({ roles: ['finance', 'support'], status: 'Invited' }),
      }),
    ]);
  });

  it('rejects bad input with 400 and clear messages', async () => {
    const cases: [unknown, { path: string; message: string }][] = [
      [
        { email: '', name: 'A', roles: ['owner'] },
        { path: 'email', message: authMessages.emailRequired },
      ],
      [
        { email: 'not-an-email', name: 'A', roles: ['owner'] },
        { path: 'email', message: authMessages.emailInvalid },
      ],
      [
        { email: 'a@b.c', name: '   ', roles: ['owner'] },
        { path: 'name', message: adminTexts.nameRequired },
      ],
      [
        { email: 'a@b.c', name: 'A', roles: [] },
        { path: 'roles', message: adminTexts.rolesRequired },
      ],
      [
        { email: 'a@b.c', name: 'A' },
        { path: 'roles', message: adminTexts.rolesRequired },
      ],
      [
        { email: 'a@b.c', name: 'A', roles: ['superuser'] },
        { path: 'roles.0', message: adminTexts.roleInvalid },
      ],
    ];
    for (const [payload, error] of cases) {
      const response = await t.request({ method: 'POST', url: '/admins/invite', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().errors, JSON.stringify(payload)).toContainEqual(error);
    }
  });

  it('answers 409 for the email of an admin who is already set up', async () => {
    const existing = await createAdmin(['support']);
    for (const email of [existing.email, TEST_ADMIN.email.toUpperCase()]) {
      const response = await invite({ email, roles: ['finance'] });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(adminTexts.alreadyAdmin);
    }
    expect((await adminIn(existing.id))?.roles).toEqual(['support']);
  });

  it('re-inviting someone who has not accepted replaces the invitation: the old link dies', async () => {
    const email = uniqueEmail('again');
    const first = await invite({ email, roles: ['content'] });
    const oldToken = await invitationTokenFor(email);
    const second = await invite({ email, name: 'Renamed', roles: ['moderator'] });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().admin).toMatchObject({ _id: first.json().admin._id, name: 'Renamed', roles: ['moderator'], status: 'Invited' });
    const newToken = await invitationTokenFor(email, oldToken);
    expect(newToken).not.toBe(oldToken);

    expect((await accept(oldToken)).statusCode).toBe(404);
    expect((await accept(newToken)).statusCode).toBe(200);
  });
});

describe('GET /api/admin/invitations/:token and POST /api/admin/accept-invitation', () => {
  it('shows the invitee, sets the password, activates the admin once, and the invitee signs in normally', async () => {
    const email = uniqueEmail('accepting');
    const invited = await invite({ email, name: 'Grace Hopper', roles: ['support'] });
    const id = invited.json().admin._id as string;
    const token = await invitationTokenFor(email);

    const shown = await t.request({ method: 'GET', url: `/invitations/${token}`, token: null });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toEqual({ email, name: 'Grace Hopper' });

    const accepted = await accept(token);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({ message: adminTexts.invitationAccepted, email });

    const session = await signIn(email);
    const me = await checkToken(session);
    expect(me.json().user).toMatchObject({ email, roles: ['support'] });
    expect(await adminIn(id)).toMatchObject({ status: 'Active', isActive: true });

    // Single use: the link is dead now.
    const again = await accept(token, 'another-password-1');
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(adminTexts.invitationInvalid);
    expect((await t.request({ method: 'GET', url: `/invitations/${token}`, token: null })).statusCode).toBe(404);
    await signIn(email); // the first password still works

    expect((await auditRows(id)).map((row) => row.action)).toEqual(['admin.invite', 'admin.invite-accept']);
    expect((await auditRows(id))[1]).toMatchObject({ admin_id: id, before: { status: 'Invited' }, after: { status: 'Active', roles: ['support'] } });
  });

  it('keeps the token out of the request log, however the path is spelt', async () => {
    const logLines: string[] = [];
    const logged = await createTestApp({ build: { logger: { level: 'info', stream: { write: (line: string) => void logLines.push(line) } } } });
    try {
      const secret = 'a-secret-invitation-token-1234567890';
      for (const url of [`/api/admin/invitations/${secret}`, `/api/admin/%69nvitations/${secret}?x=1`, `//api/admin/invitations/${secret}/`]) {
        const response = await logged.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
      }
      const requestLines = logLines.filter((line) => line.includes('request completed') && line.includes('nvitations'));
      expect(requestLines).toHaveLength(3);
      expect(logLines.join('\n')).not.toContain(secret);
      expect(requestLines[0]).toContain('/api/admin/invitations/:token');
    } finally {
      await logged.close();
    }
  });

  it('lets exactly one of two parallel accepts of the same link win', async () => {
    const email = uniqueEmail('race');
    await invite({ email, roles: ['content'] });
    const token = await invitationTokenFor(email);
    const answers = await Promise.all([accept(token, 'first-password-1'), accept(token, 'second-password-2'), accept(token, 'third-password-3')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 404, 404]);
    const winner = ['first-password-1', 'second-password-2', 'third-password-3'][answers.findIndex((answer) => answer.statusCode === 200)];
    await signIn(email, winner);
  });

  it('refuses an expired invitation with the clear message, and the list says so', async () => {
    const email = uniqueEmail('expired');
    const id = (await invite({ email, roles: ['content'] })).json().admin._id as string;
    const token = await invitationTokenFor(email);
    await t.database.db.execute(sql`update admin_invites set expires_at = now() - interval '1 minute' where admin_id = ${id}`);

    const shown = await t.request({ method: 'GET', url: `/invitations/${token}`, token: null });
    expect(shown.statusCode).toBe(404);
    expect(shown.json().message).toBe(adminTexts.invitationInvalid);
    const accepted = await accept(token);
    expect(accepted.statusCode).toBe(404);
    expect(accepted.json().message).toBe(adminTexts.invitationInvalid);
    expect(await adminIn(id)).toMatchObject({ status: 'Invite expired', isActive: false });
  });

  it('refuses an unknown token with 404 and bad passwords with 400 and the password rules', async () => {
    const unknown = await t.request({ method: 'GET', url: '/invitations/no-such-token', token: null });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(adminTexts.invitationInvalid);

    const short = await accept('some-token', '123', '123');
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toContainEqual({ path: 'password', message: authMessages.passwordTooShort });
    const mismatch = await accept('some-token', 'long-enough-1', 'long-enough-2');
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors).toContainEqual({ path: 'confirmPassword', message: authMessages.passwordsDoNotMatch });
    const missing = await t.request({
      method: 'POST',
      url: '/accept-invitation',
      payload: { password: 'long-enough-1', confirmPassword: 'long-enough-1' },
      token: null,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toContainEqual({ path: 'token', message: adminTexts.invitationTokenRequired });
  });

  it('throttles guesses from one address with 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1) statuses.push((await accept('guessed-token')).statusCode);
    expect(statuses.slice(0, 5)).toEqual([404, 404, 404, 404, 404]);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('PUT /api/admin/admins/:id/roles', () => {
  it('changes the roles and records before and after', async () => {
    const admin = await createAdmin(['support']);
    const response = await setRoles(admin.id, ['finance', 'content']);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ message: adminTexts.rolesUpdated, admin: { roles: ['finance', 'content'] } });
    expect((await checkToken(admin.token)).json().user.roles).toEqual(['finance', 'content']);
    expect((await auditRows(admin.id)).at(-1)).toMatchObject({
      action: 'admin.roles',
      admin_id: testAdminId,
      before: { roles: ['support'], status: 'Active' },
      after: { roles: ['finance', 'content'], status: 'Active' },
    });
  });

  it('rejects an empty or unknown role list with 400', async () => {
    const empty = await setRoles(testAdminId, []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toContainEqual({ path: 'roles', message: adminTexts.rolesRequired });
    expect((await setRoles(testAdminId, ['root'])).statusCode).toBe(400);
  });

  it('refuses to demote the last active owner with 409', async () => {
    await makeTestAdminTheOnlyOwner();
    const response = await setRoles(testAdminId, ['finance']);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(adminTexts.lastOwner);
    expect((await adminIn(testAdminId))?.roles).toEqual(['owner']);
    // Inactive owners do not count.
    const inactiveOwner = await createAdmin(['owner']);
    await setStatus(inactiveOwner.id, false);
    expect((await setRoles(testAdminId, ['finance'])).statusCode).toBe(409);
    // With a second active owner, the demotion goes through.
    await setStatus(inactiveOwner.id, true);
    expect((await setRoles(testAdminId, ['owner', 'finance'])).statusCode).toBe(200);
    expect((await setRoles(inactiveOwner.id, ['finance'])).statusCode).toBe(200);
  });

  it('lets only one of two owners demoting each other in parallel succeed', async () => {
    for (let round = 0; round < 5; round += 1) {
      await makeTestAdminTheOnlyOwner();
      const other = await createDirectAdmin(['owner'], { twoFactor: true });
      expect(await activeOwnerCount()).toBe(2);
      const [mine, theirs] = await Promise.all([setRoles(other.id, ['support']), setRoles(testAdminId, ['support'], other.token)]);
      expect([mine.statusCode, theirs.statusCode].sort(), `${mine.body} ${theirs.body}`).toEqual([200, 409]);
      expect(await activeOwnerCount()).toBe(1);
      // Put the test admin back as the owner when the other one won.
      await t.database.db.execute(sql`update admins set roles = array['owner'] where email = ${TEST_ADMIN.email}`);
    }
  });

  it('lets only one of two owners deactivating each other in parallel succeed', async () => {
    await makeTestAdminTheOnlyOwner();
    const first = await createDirectAdmin(['owner'], { twoFactor: true });
    const second = await createDirectAdmin(['owner'], { twoFactor: true });
    // The test admin steps down, leaving two owners who try to remove each other.
    expect((await setRoles(testAdminId, ['support'])).statusCode).toBe(200);
    const answers = await Promise.all([setStatus(second.id, false, first.token), setStatus(first.id, false, second.token)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await activeOwnerCount()).toBe(1);
  });
});

describe('PUT /api/admin/admins/:id/status', () => {
  it('deactivation kills the admin’s tokens at once; reactivation lets them sign in again', async () => {
    const admin = await createAdmin(['support']);
    expect((await checkToken(admin.token)).statusCode).toBe(200);
    const off = await setStatus(admin.id, false);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ message: adminTexts.deactivated, admin: { status: 'Inactive', isActive: false } });
    expect((await checkToken(admin.token)).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: '/sign-in', payload: { email: admin.email, password: PASSWORD }, token: null })).statusCode).toBe(401);

    const again = await setStatus(admin.id, false);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(adminTexts.alreadyInactive);

    const on = await setStatus(admin.id, true);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ message: adminTexts.activated, admin: { status: 'Active' } });
    expect((await checkToken(admin.token)).statusCode).toBe(401); // the old token stays dead
    await signIn(admin.email);
    expect((await auditRows(admin.id)).slice(-2)).toEqual([
      expect.objectContaining({ action: 'admin.status', before: { roles: ['support'], status: 'Active' }, after: { roles: ['support'], status: 'Inactive' } }),
      expect.objectContaining({ action: 'admin.status', before: { roles: ['support'], status: 'Inactive' }, after: { roles: ['support'], status: 'Active' } }),
    ]);
  });

  it('refuses to deactivate the last active owner or oneself with 409', async () => {
    await makeTestAdminTheOnlyOwner();
    const last = await setStatus(testAdminId, false);
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe(adminTexts.lastOwner);
    const other = await createDirectAdmin(['owner']);
    const self = await setStatus(testAdminId, false);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe(adminTexts.cannotDeactivateSelf);
    await setRoles(other.id, ['support']);
  });

  it('deactivating an invitee withdraws the invitation; reactivating one who never accepted is refused', async () => {
    const email = uniqueEmail('withdrawn');
    const id = (await invite({ email, roles: ['content'] })).json().admin._id as string;
    const token = await invitationTokenFor(email);
    const off = await setStatus(id, false);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ message: adminTexts.inviteWithdrawn, admin: { status: 'Invite expired' } });
    expect((await accept(token)).statusCode).toBe(404);
    const on = await setStatus(id, true);
    expect(on.statusCode).toBe(409);
    expect(on.json().message).toBe(adminTexts.notAcceptedYet);
  });

  it('rejects a body without isActive with 400', async () => {
    const response = await t.request({ method: 'PUT', url: `/admins/${testAdminId}/status`, payload: { isActive: 'no' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContainEqual({ path: 'isActive', message: adminTexts.isActiveInvalid });
  });
});

describe('POST /api/admin/admins/:id/reset-two-factor', () => {
  it('clears the secret, the recovery codes and the tokens of the admin', async () => {
    const admin = await createDirectAdmin(['finance']);
    await t.database.db.execute(sql`update admins set totp_secret = 'sealed', totp_enabled_at = now(), totp_last_step = 42 where id = ${admin.id}`);
    await t.database.db.execute(sql`insert into admin_recovery_codes (admin_id, code_hash) values (${admin.id}, 'a'), (${admin.id}, 'b')`);
    expect((await adminIn(admin.id))?.twoFactorEnabled).toBe(true);

    const response = await t.request({ method: 'POST', url: `/admins/${admin.id}/reset-two-factor` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(adminTexts.twoFactorReset);
    const [row] = await queryRows<{ totp_secret: string | null; totp_enabled_at: string | null; totp_last_step: number | null; codes: number }>(
      t.database.db,
      sql`select totp_secret, totp_enabled_at, totp_last_step, (select count(*)::int from admin_recovery_codes where admin_id = ${admin.id}) as codes from admins where id = ${admin.id}`,
    );
    expect(row).toEqual({ totp_secret: null, totp_enabled_at: null, totp_last_step: null, codes: 0 });
    expect((await adminIn(admin.id))?.twoFactorEnabled).toBe(false);
    expect((await checkToken(admin.token)).statusCode).toBe(401);
    expect((await auditRows(admin.id)).at(-1)).toMatchObject({
      action: 'admin.two-factor-reset',
      before: { twoFactorEnabled: true },
      after: { twoFactorEnabled: false },
    });
  });
});

describe('step-up on every change of who may do what (the attacker’s sequence)', () => {
  /** A token of the test admin whose second factor is `msAgo` old (null: a password-only session), as a stolen or unattended one would be. */
  async function ownerTokenWithFactorAgo(msAgo: number | null): Promise<string> {
    const [{ token_version: tokenVersion }] = await queryRows<{ token_version: number }>(
      t.database.db,
      sql`select token_version from admins where id = ${testAdminId}`,
    );
    const tokens = new TokenService(hmac(loadSigningSecret(undefined, t.dataDir), 'jwt'), 3600);
    return tokens.sign({ adminId: testAdminId, tokenVersion, ...(msAgo !== null && { secondFactorAt: Date.now() - msAgo }) });
  }

  /** Each call an attacker holding an owner session would make to gain money power, against `victimId`. */
  const attack = (victimId: string) => [
    { method: 'POST', url: '/admins/invite', payload: { email: uniqueEmail('mallory'), name: 'Mallory', roles: ['finance', 'owner'] } },
    { method: 'PUT', url: `/admins/${victimId}/roles`, payload: { roles: ['owner'] } },
    { method: 'PUT', url: `/admins/${victimId}/status`, payload: { isActive: false } },
    { method: 'POST', url: `/admins/${victimId}/reset-two-factor` },
    { method: 'POST', url: `/admins/${victimId}/sign-out` },
    { method: 'PUT', url: '/update-admin-settings', payload: { requireTwoFactor: false } },
  ];

  it('refuses each step to an owner session without a fresh second factor, changing nothing; a fresh code lets each through', async () => {
    const victim = await createDirectAdmin(['support'], { twoFactor: true });
    const auditBefore = (
      await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from audit_log where action like 'admin.%' or action = 'settings.update'`)
    )[0].n;
    for (const stale of [await ownerTokenWithFactorAgo(null), await ownerTokenWithFactorAgo(STEP_UP_WINDOW_MS + 60_000)]) {
      for (const call of attack(victim.id)) {
        const response = await t.request({ ...call, token: stale });
        expect(response.statusCode, `${call.method} ${call.url}`).toBe(403);
        expect(response.json()).toEqual({ message: accessTexts.stepUpRequired, reason: 'STEP_UP_REQUIRED' });
      }
    }
    const auditAfter = (
      await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from audit_log where action like 'admin.%' or action = 'settings.update'`)
    )[0].n;
    expect(auditAfter).toBe(auditBefore);
    expect(await adminIn(victim.id)).toMatchObject({ roles: ['support'], twoFactorEnabled: true, isActive: true });
    expect((await checkToken(victim.token)).statusCode).toBe(200);

    // The same calls with a code proved just now (a step-up) go through.
    const stepUp = await t.request({
      method: 'POST',
      url: '/two-factor/step-up',
      payload: { code: await t.totpCode() },
      token: await ownerTokenWithFactorAgo(null),
    });
    expect(stepUp.statusCode, stepUp.body).toBe(200);
    const fresh = stepUp.json<{ token: string }>().token;
    const answers = [];
    for (const call of attack(victim.id)) answers.push((await t.request({ ...call, token: fresh })).statusCode);
    expect(answers).toEqual([200, 200, 200, 200, 200, 200]);
  });

  it('refuses each step to an owner without 2FA at all (403 TWO_FACTOR_REQUIRED), so a password alone grants nothing', async () => {
    const victim = await createDirectAdmin(['support']);
    const owner = await createDirectAdmin(['owner']);
    for (const call of attack(victim.id)) {
      const response = await t.request({ ...call, token: owner.token });
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(403);
      expect(response.json()).toEqual({ message: accessTexts.twoFactorRequired, reason: 'TWO_FACTOR_REQUIRED' });
    }
  });

  it('a new finance admin without 2FA reads no bank details and pays nothing until enrolled', async () => {
    const finance = await createAdmin(['finance']);
    const owner = await createStripeOwner(t.database.db);
    const refused = await t.request({ method: 'GET', url: `/get-account-detail/${owner.id}`, token: finance.token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().reason).toBe('TWO_FACTOR_REQUIRED');
    const { token } = await enrolTwoFactor(t.app, finance.token, { email: finance.email, password: PASSWORD });
    expect((await t.request({ method: 'GET', url: `/get-account-detail/${owner.id}`, token })).statusCode).toBe(200);
  });

  it('refuses resetting one’s own 2FA through the admins route even with a fresh factor (409): turning it off asks for a code', async () => {
    const response = await t.request({ method: 'POST', url: `/admins/${testAdminId}/reset-two-factor` });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(adminTexts.cannotResetOwnTwoFactor);
    expect((await adminIn(testAdminId))?.twoFactorEnabled).toBe(true);
  });
});

describe('POST /api/admin/admins/:id/sign-out', () => {
  it('ends every session of the admin at once', async () => {
    const admin = await createDirectAdmin(['content']);
    const secondSession = await signIn(admin.email);
    const response = await t.request({ method: 'POST', url: `/admins/${admin.id}/sign-out` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe(adminTexts.signedOut);
    expect((await checkToken(admin.token)).statusCode).toBe(401);
    expect((await checkToken(secondSession)).statusCode).toBe(401);
    await signIn(admin.email);
    expect((await auditRows(admin.id)).at(-1)).toMatchObject({ action: 'admin.sign-out-by-owner', admin_id: testAdminId });
  });
});

describe('the owners’ settings', () => {
  it('refuses every change of the settings to an owner without 2FA (403 TWO_FACTOR_REQUIRED)', async () => {
    const owner = await createDirectAdmin(['owner']);
    const response = await t.request({ method: 'PUT', url: '/update-admin-settings', payload: { requireTwoFactor: true }, token: owner.token });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: accessTexts.twoFactorRequired, reason: 'TWO_FACTOR_REQUIRED' });
    expect((await t.request({ method: 'GET', url: '/admin-settings' })).json()).toMatchObject({ requireTwoFactor: false });
  });

  it('reads and writes "require two-factor" with an audit entry', async () => {
    const initial = (await t.request({ method: 'GET', url: '/admin-settings' })).json<{ requireTwoFactor: boolean; version: string }>();
    expect(initial).toEqual({ requireTwoFactor: false, version: expect.stringMatching(/^\d+$/) });
    const on = await t.request({ method: 'PUT', url: '/update-admin-settings', payload: { requireTwoFactor: true }, headers: { 'if-match': initial.version } });
    expect(on.statusCode, on.body).toBe(200);
    const { version } = on.json<{ version: string }>();
    expect(on.json()).toEqual({ message: adminTexts.settingsSaved, requireTwoFactor: true, version });
    expect(version).not.toBe(initial.version);
    expect((await t.request({ method: 'GET', url: '/admin-settings' })).json()).toEqual({ requireTwoFactor: true, version });
    const off = await t.request({ method: 'PUT', url: '/update-admin-settings', payload: { requireTwoFactor: false } });
    expect(off.statusCode).toBe(200);
    const rows = await queryRows<{ before: unknown; after: unknown }>(
      t.database.db,
      sql`select before, after from audit_log where action = 'settings.update' order by created_at, id`,
    );
    expect(rows.slice(-2)).toEqual([
      { before: { requireTwoFactor: false }, after: { requireTwoFactor: true } },
      { before: { requireTwoFactor: true }, after: { requireTwoFactor: false } },
    ]);
    const bad = await t.request({ method: 'PUT', url: '/update-admin-settings', payload: { requireTwoFactor: 'yes' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toContainEqual({ path: 'requireTwoFactor', message: adminTexts.requireTwoFactorInvalid });
  });

  it('refuses a change on the version another owner changed since (409 naming them), keeping theirs', async () => {
    const loaded = (await t.request({ method: 'GET', url: '/admin-settings' })).json<{ requireTwoFactor: boolean; version: string }>();
    const otherOwner = await createDirectAdmin(['owner'], { twoFactor: true });
    const theirs = await t.request({
      method: 'PUT',
      url: '/update-admin-settings',
      payload: { requireTwoFactor: !loaded.requireTwoFactor },
      token: otherOwner.token,
      headers: { 'if-match': loaded.version },
    });
    expect(theirs.statusCode, theirs.body).toBe(200);
    const stale = await t.request({
      method: 'PUT',
      url: '/update-admin-settings',
      payload: { requireTwoFactor: !loaded.requireTwoFactor },
      headers: { 'if-match': loaded.version },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/^Changed by .+ at .+, after you opened it\. Reload to see the change\.$/);
    expect((await t.request({ method: 'GET', url: '/admin-settings' })).json()).toEqual({
      requireTwoFactor: !loaded.requireTwoFactor,
      version: theirs.json<{ version: string }>().version,
    });
    // Put back what the other tests expect.
    await t.request({ method: 'PUT', url: '/update-admin-settings', payload: { requireTwoFactor: false } });
  });
});

describe('the optimistic check on an admin (If-Match)', () => {
  it('lists each admin with a version that signing in does not move, and an owner’s change does', async () => {
    const admin = await createAdmin(['support']);
    const listed = (await adminIn(admin.id))!;
    expect(listed.version).toMatch(/^\d+$/);
    await signIn(admin.email);
    expect((await adminIn(admin.id))!.version).toBe(listed.version);
    const changed = await t.request({
      method: 'PUT',
      url: `/admins/${admin.id}/roles`,
      payload: { roles: ['finance'] },
      headers: { 'if-match': listed.version },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<{ admin: AdminListItem }>().admin.version).not.toBe(listed.version);
  });

  it('refuses roles, status and a 2FA reset on a version another owner changed since, naming them, changing nothing', async () => {
    const admin = await createAdmin(['support']);
    const listed = (await adminIn(admin.id))!;
    const otherOwner = await createDirectAdmin(['owner'], { twoFactor: true });
    await t.database.db.execute(sql`update admins set name = 'Olive Owner' where id = ${otherOwner.id}`);
    const theirs = await t.request({ method: 'PUT', url: `/admins/${admin.id}/roles`, payload: { roles: ['content'] }, token: otherOwner.token });
    expect(theirs.statusCode, theirs.body).toBe(200);
    const staleRoles = await t.request({
      method: 'PUT',
      url: `/admins/${admin.id}/roles`,
      payload: { roles: ['finance'] },
      headers: { 'if-match': listed.version },
    });
    expect(staleRoles.statusCode).toBe(409);
    expect(staleRoles.json().message).toMatch(/^Roles changed by Olive Owner at .+, after you opened it\. Reload to see the change\.$/);
    const staleStatus = await t.request({
      method: 'PUT',
      url: `/admins/${admin.id}/status`,
      payload: { isActive: false },
      headers: { 'if-match': `"${listed.version}"` },
    });
    expect(staleStatus.statusCode).toBe(409);
    const staleReset = await t.request({ method: 'POST', url: `/admins/${admin.id}/reset-two-factor`, headers: { 'if-match': listed.version } });
    expect(staleReset.statusCode).toBe(409);
    expect(await adminIn(admin.id)).toMatchObject({ roles: ['content'], status: 'Active' });
    // On the version the team page now shows, the change goes through.
    const current = (await adminIn(admin.id))!;
    const fresh = await t.request({ method: 'PUT', url: `/admins/${admin.id}/status`, payload: { isActive: false }, headers: { 'if-match': current.version } });
    expect(fresh.statusCode, fresh.body).toBe(200);
  });

  it('answers 404 for an unknown admin before any version check, and 400 for an If-Match that is no version', async () => {
    const unknown = await t.request({ method: 'PUT', url: `/admins/${randomUUID()}/roles`, payload: { roles: ['finance'] }, headers: { 'if-match': '"1"' } });
    expect(unknown.statusCode).toBe(404);
    const bad = await t.request({ method: 'PUT', url: `/admins/${testAdminId}/roles`, payload: { roles: ['owner'] }, headers: { 'if-match': 'v1' } });
    expect(bad.statusCode).toBe(400);
  });
});
