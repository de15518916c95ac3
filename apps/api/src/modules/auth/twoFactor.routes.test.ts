import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { accessTexts, API_BASE, STEP_UP_WINDOW_MS, TOTP_ISSUER, twoFactorTexts } from '@ute/contract';
import { adminRecoveryCodes, admins, adminSettings, auditLog } from '../../db/schema';
import { hmac, loadSigningSecret } from '../../lib/secrets';
import { createOwnerWithTwoFactor, createTestApp, TEST_ADMIN, type TestApp } from '../../test/testApp';
import { clearThrottling } from '../../test/throttling';
import { createStripeOwner } from '../../test/factories';
import { REQUIRE_TWO_FACTOR_KEY } from './auth.repository';
import { TokenService } from './tokens';
import { twoFactorLimits } from './twoFactor.service';

let t: TestApp;
let adminId: string;
/** A token of the test admin signed with the password only (before any 2FA), fresh per test. */
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  [{ id: adminId }] = await t.database.db.select({ id: admins.id }).from(admins).where(eq(admins.email, TEST_ADMIN.email));
});
afterAll(async () => {
  await t.close();
});

/** Each test starts with the test admin without 2FA, the owners' setting off and no throttling counters. */
beforeEach(async () => {
  const { db } = t.database;
  await db.update(admins).set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, isActive: true }).where(eq(admins.id, adminId));
  await db.delete(adminRecoveryCodes);
  await db.delete(adminSettings).where(eq(adminSettings.key, REQUIRE_TWO_FACTOR_KEY));
  await clearThrottling(t);
  token = (await post('/sign-in', TEST_ADMIN, null)).json<{ token: string }>().token;
});

// The test app trusts no proxy: the socket's address is the client's, set per request here.
const ATTACKER = '203.0.113.7';
const ADMIN_ADDRESS = '198.51.100.20';

const post = (url: string, payload?: unknown, bearer: string | null = token) => t.request({ method: 'POST', url, payload, token: bearer });
const postFrom = (remoteAddress: string, url: string, payload: object, token: string | null = null) =>
  t.app.inject({ method: 'POST', url: `${API_BASE}${url}`, payload, remoteAddress, headers: token ? { authorization: `Bearer ${token}` } : {} });

const totpFor = (secret: string) =>
  new TOTP({ issuer: TOTP_ISSUER, label: TEST_ADMIN.email, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
const codeFor = (secret: string) => totpFor(secret).generate();

/** Lets a code of this time step be used again: tests that are not about replay use several codes within 30 s. */
const forgetLastStep = () => t.database.db.update(admins).set({ totpLastStep: null }).where(eq(admins.id, adminId));

/**
 * Turns 2FA on for the test admin through the api: the secret, the recovery codes and a token with a
 * fresh factor, which becomes `token` (turning 2FA on ends the admin's other sessions).
 */
async function enrol() {
  const setup = await post('/two-factor/setup');
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json<{ secret: string }>();
  const enabled = await post('/two-factor/enable', { code: codeFor(secret), password: TEST_ADMIN.password });
  expect(enabled.statusCode, enabled.body).toBe(200);
  await forgetLastStep();
  const body = enabled.json<{ recoveryCodes: string[]; token: string }>();
  token = body.token;
  return { secret, ...body };
}

async function challengeOf(): Promise<string> {
  const response = await post('/sign-in', TEST_ADMIN, null);
  expect(response.statusCode).toBe(200);
  return response.json<{ challenge: string }>().challenge;
}

const setRequired = (value: boolean) =>
  t.database.db
    .insert(adminSettings)
    .values({ key: REQUIRE_TWO_FACTOR_KEY, value: String(value) })
    .onConflictDoUpdate({ target: adminSettings.key, set: { value: String(value) } });

const auditActions = async () =>
  (await t.database.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.targetId, adminId))).map((row) => row.action);
const adminRow = async () => (await t.database.db.select().from(admins).where(eq(admins.id, adminId)))[0];

/** A bearer token of the test admin whose second factor was proved `msAgo` ago. */
function tokenWithFactorAgo(msAgo: number | null, tokenVersion: number) {
  const tokens = new TokenService(hmac(loadSigningSecret(undefined, t.dataDir), 'jwt'), 3600);
  return tokens.sign({ adminId, tokenVersion, ...(msAgo !== null && { secondFactorAt: Date.now() - msAgo }) });
}

describe('POST /api/admin/two-factor/setup', () => {
  it('answers a new secret, its otpauth URL and a QR code drawn locally, and stores the secret sealed', async () => {
    const response = await post('/two-factor/setup');
    expect(response.statusCode).toBe(200);
    const body = response.json<{ secret: string; otpauthUrl: string; qrCodeDataUrl: string }>();
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.otpauthUrl).toBe(totpFor(body.secret).toString());
    expect(body.otpauthUrl).toContain('issuer=Ute%20Back-office');
    expect(body.qrCodeDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(body.qrCodeDataUrl.split(',')[1], 'base64').toString()).toContain('<svg');
    const row = await adminRow();
    expect(row.totpSecret).toBeTruthy();
    expect(row.totpSecret).not.toContain(body.secret);
    expect(row.totpEnabledAt).toBeNull();
    expect(await auditActions()).toContain('admin.two-factor-setup');
  });

  it('answers 409 when 2FA is already on', async () => {
    const enrolled = await enrol();
    const response = await post('/two-factor/setup', undefined, enrolled.token);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Two-factor authentication is already on');
  });
});

describe('POST /api/admin/two-factor/enable', () => {
  it('turns 2FA on with a code of the new secret, answers 10 recovery codes once and a token with a fresh factor', async () => {
    const owner = await createStripeOwner(t.database.db);
    const { secret } = (await post('/two-factor/setup')).json<{ secret: string }>();
    const otherSession = (await post('/sign-in', TEST_ADMIN, null)).json<{ token: string }>().token;
    const response = await post('/two-factor/enable', { code: codeFor(secret), password: TEST_ADMIN.password });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ recoveryCodes: string[]; token: string; message: string }>();
    // Every session made without the factor ends, this one's old token too; the answer's token is the one left.
    for (const old of [otherSession, token]) expect((await t.request({ method: 'GET', url: '/check-token', token: old })).statusCode).toBe(401);
    expect(body.message).toBe('Two-factor authentication is on');
    expect(body.recoveryCodes).toHaveLength(10);
    for (const code of body.recoveryCodes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect(new Set(body.recoveryCodes).size).toBe(10);
    // Only hashes are kept.
    const stored = await t.database.db.select().from(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, adminId));
    expect(stored).toHaveLength(10);
    expect(stored.map((row) => row.codeHash).join()).not.toContain(body.recoveryCodes[0].slice(0, 4));
    expect((await adminRow()).totpEnabledAt).not.toBeNull();
    // The session counts as fresh: bank details open without a step-up.
    expect((await t.request({ method: 'GET', url: `/get-account-detail/${owner.id}`, token: body.token })).statusCode).toBe(200);
    expect(await auditActions()).toContain('admin.two-factor-enable');
    const status = await t.request({ method: 'GET', url: '/two-factor', token: body.token });
    expect(status.json()).toEqual({ enabled: true, recoveryCodesLeft: 10, required: false });
  });

  it('rejects a wrong code with 400 and leaves 2FA off', async () => {
    await post('/two-factor/setup');
    const response = await post('/two-factor/enable', { code: '000000', password: TEST_ADMIN.password });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Invalid authentication code');
    expect((await adminRow()).totpEnabledAt).toBeNull();
  });

  it('asks for the password: a wrong one is a 400 on it, 2FA stays off and the session lives', async () => {
    const { secret } = (await post('/two-factor/setup')).json<{ secret: string }>();
    const response = await post('/two-factor/enable', { code: codeFor(secret), password: 'not-the-password' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ path: 'password', message: 'Current password is incorrect' }]);
    expect((await adminRow()).totpEnabledAt).toBeNull();
    expect((await t.request({ method: 'GET', url: '/check-token', token })).statusCode).toBe(200);
  });

  it('rejects bad input with 400 and the contract messages', async () => {
    await post('/two-factor/setup');
    expect((await post('/two-factor/enable', {})).json().errors).toEqual([
      { path: 'code', message: 'Authentication code is required' },
      { path: 'password', message: 'Enter your password to turn on two-factor authentication' },
    ]);
    const recovery = await post('/two-factor/enable', { code: 'abcd-efgh-ijkm', password: TEST_ADMIN.password });
    expect(recovery.statusCode).toBe(400);
    expect(recovery.json().errors).toEqual([{ path: 'code', message: 'Enter the 6-digit code from your authenticator app' }]);
    expect((await post('/two-factor/enable', { code: '123456', password: TEST_ADMIN.password, extra: 1 })).statusCode).toBe(400);
  });

  it('answers 409 without a set-up waiting, and when 2FA is already on', async () => {
    const none = await post('/two-factor/enable', { code: '123456', password: TEST_ADMIN.password });
    expect(none.statusCode).toBe(409);
    const { secret, token } = await enrol();
    expect((await post('/two-factor/enable', { code: codeFor(secret), password: TEST_ADMIN.password }, token)).statusCode).toBe(409);
  });
});

describe('POST /api/admin/sign-in with 2FA on', () => {
  it('answers a challenge instead of a token after the right password', async () => {
    await enrol();
    const response = await post('/sign-in', TEST_ADMIN, null);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({ twoFactorRequired: true, challenge: expect.any(String), message: 'Enter the code from your authenticator app' });
    // The challenge is no bearer token.
    expect((await t.request({ method: 'GET', url: '/check-token', token: body.challenge })).statusCode).toBe(401);
  });

  it('keeps the token answer for admins without 2FA and stamps the last sign-in', async () => {
    await t.database.db.update(admins).set({ lastSignInAt: null }).where(eq(admins.id, adminId));
    const response = await post('/sign-in', TEST_ADMIN, null);
    expect(response.json()).toMatchObject({ token: expect.any(String), message: 'Signed in successfully', user: { email: TEST_ADMIN.email } });
    expect((await adminRow()).lastSignInAt).not.toBeNull();
  });
});

describe('POST /api/admin/sign-in/two-factor', () => {
  it('signs in with the challenge and a code: a token with a fresh factor, the last sign-in and an audit row', async () => {
    const { secret } = await enrol();
    const owner = await createStripeOwner(t.database.db);
    await t.database.db.update(admins).set({ lastSignInAt: null }).where(eq(admins.id, adminId));
    const response = await post('/sign-in/two-factor', { challenge: await challengeOf(), code: codeFor(secret) }, null);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ message: 'Signed in successfully', user: { email: TEST_ADMIN.email, twoFactorEnabled: true } });
    expect((await t.request({ method: 'GET', url: `/get-account-detail/${owner.id}`, token: body.token })).statusCode).toBe(200);
    expect((await adminRow()).lastSignInAt).not.toBeNull();
    expect(await auditActions()).toContain('admin.sign-in-two-factor');
  });

  it('refuses the same code a second time (replay), even within its 30 seconds', async () => {
    const { secret } = await enrol();
    const challenge = await challengeOf();
    const code = codeFor(secret);
    expect((await post('/sign-in/two-factor', { challenge, code }, null)).statusCode).toBe(200);
    const replay = await post('/sign-in/two-factor', { challenge: await challengeOf(), code }, null);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe('Invalid authentication code');
  });

  it('takes a challenge once: after a sign-in it earns no second session, even with another right code', async () => {
    const { secret, recoveryCodes } = await enrol();
    const challenge = await challengeOf();
    expect((await post('/sign-in/two-factor', { challenge, code: codeFor(secret) }, null)).statusCode).toBe(200);
    const again = await post('/sign-in/two-factor', { challenge, code: recoveryCodes[0] }, null);
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe('Your sign-in has expired. Please sign in again.');
    // The recovery code was not spent by the refused attempt.
    const next = await post('/sign-in/two-factor', { challenge: await challengeOf(), code: recoveryCodes[0] }, null);
    expect(next.statusCode, next.body).toBe(200);
  });

  it('stops 40 addresses guessing in parallel at the account ceiling (429 from every address) until an owner resets the 2FA', async () => {
    const { secret } = await enrol();
    const challenge = await challengeOf();
    const addresses = Array.from({ length: 40 }, (_, i) => `203.0.113.${i + 1}`);
    // Each address signs in with the password (a challenge of its own, used one guess at a time) and guesses 5 times; the addresses in parallel.
    const challenges: string[] = [];
    for (let i = 0; i < addresses.length; i += 1) challenges.push(await challengeOf());
    const perAddress = await Promise.all(
      addresses.map(async (address, i) => {
        const answers = [];
        for (let guess = 0; guess < 5; guess += 1) answers.push(await postFrom(address, '/sign-in/two-factor', { challenge: challenges[i], code: '000000' }));
        return answers;
      }),
    );
    const answers = perAddress.flat();
    const checked = answers.filter((answer) => answer.statusCode === 401).length;
    expect(checked).toBe(twoFactorLimits.codeFailuresPerAccount);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(200 - checked);
    // Now the right code from a fresh address is refused too, at sign-in and at a step-up.
    const locked = await postFrom(ADMIN_ADDRESS, '/sign-in/two-factor', { challenge, code: codeFor(secret) });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(twoFactorTexts.tooManyCodesOnAccount);
    expect((await postFrom('198.51.100.99', '/two-factor/step-up', { code: codeFor(secret) }, token)).statusCode).toBe(429);
    // An owner's reset of the admin's 2FA lifts it (the admin then signs in with the password and enrols again).
    const owner = await createOwnerWithTwoFactor(t);
    const reset = await t.request({ method: 'POST', url: `/admins/${adminId}/reset-two-factor`, token: owner.token });
    expect(reset.statusCode, reset.body).toBe(200);
    token = (await post('/sign-in', TEST_ADMIN, null)).json<{ token: string }>().token;
    const { secret: newSecret } = await enrol();
    expect((await postFrom(ADMIN_ADDRESS, '/two-factor/step-up', { code: codeFor(newSecret) }, token)).statusCode).toBe(200);
  });

  it('refuses a wrong code and a forged or stale challenge with 401', async () => {
    const { secret } = await enrol();
    const challenge = await challengeOf();
    expect((await post('/sign-in/two-factor', { challenge, code: '000000' }, null)).statusCode).toBe(401);
    // One character of the signature changed. Not the last one: its low bits are base64url padding, which a
    // decoder may ignore, so changing it can leave the signature's bytes as they were.
    const at = challenge.length - 3;
    const forgedChallenge = `${challenge.slice(0, at)}${challenge[at] === 'A' ? 'B' : 'A'}${challenge.slice(at + 1)}`;
    const forged = await post('/sign-in/two-factor', { challenge: forgedChallenge, code: codeFor(secret) }, null);
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toBe('Your sign-in has expired. Please sign in again.');
    // A sign-out everywhere ends the challenges given before it.
    expect((await post('/sign-out', undefined, (await enrolToken(secret)).token)).statusCode).toBe(200);
    await forgetLastStep();
    expect((await post('/sign-in/two-factor', { challenge, code: codeFor(secret) }, null)).statusCode).toBe(401);
  });

  it('rejects bad input with 400', async () => {
    const missing = await post('/sign-in/two-factor', { challenge: 'x' }, null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([{ path: 'code', message: 'Authentication code is required' }]);
    const malformed = await post('/sign-in/two-factor', { challenge: 'x', code: '12ab' }, null);
    expect(malformed.json().errors).toEqual([{ path: 'code', message: 'Enter the 6-digit code from your authenticator app or a recovery code' }]);
    expect((await post('/sign-in/two-factor', { code: '123456' }, null)).statusCode).toBe(400);
  });

  it('answers 429 after 5 wrong codes from one address, even for the right code; another address still signs in', async () => {
    const { secret } = await enrol();
    const challenge = await challengeOf();
    for (let i = 0; i < twoFactorLimits.codeFailuresPerAccountPerAddress; i += 1) {
      expect((await postFrom(ATTACKER, '/sign-in/two-factor', { challenge, code: '000000' })).statusCode).toBe(401);
    }
    const blocked = await postFrom(ATTACKER, '/sign-in/two-factor', { challenge, code: codeFor(secret) });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Too many wrong authentication codes. Please try again in 15 minutes.');
    expect((await postFrom(ADMIN_ADDRESS, '/sign-in/two-factor', { challenge, code: codeFor(secret) })).statusCode).toBe(200);
  });

  it('takes a recovery code once, in any case and spacing', async () => {
    const { recoveryCodes } = await enrol();
    const challenge = await challengeOf();
    const first = await post('/sign-in/two-factor', { challenge, code: ` ${recoveryCodes[0].toUpperCase()} ` }, null);
    expect(first.statusCode).toBe(200);
    expect((await post('/sign-in/two-factor', { challenge, code: recoveryCodes[0] }, null)).statusCode).toBe(401);
    const status = await t.request({ method: 'GET', url: '/two-factor', token: first.json().token });
    expect(status.json().recoveryCodesLeft).toBe(9);
  });

  it('gives exactly one success to a parallel burst of 5 uses of one recovery code', async () => {
    const { recoveryCodes } = await enrol();
    const challenge = await challengeOf();
    const responses = await Promise.all(Array.from({ length: 5 }, () => post('/sign-in/two-factor', { challenge, code: recoveryCodes[1] }, null)));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 401, 401, 401, 401]);
    const used = await t.database.db
      .select()
      .from(adminRecoveryCodes)
      .where(and(eq(adminRecoveryCodes.adminId, adminId), isNull(adminRecoveryCodes.usedAt)));
    expect(used).toHaveLength(9);
  });

  it('gives exactly one success to a parallel burst of 5 uses of one TOTP code', async () => {
    const { secret } = await enrol();
    const challenge = await challengeOf();
    const code = codeFor(secret);
    const responses = await Promise.all(Array.from({ length: 5 }, () => post('/sign-in/two-factor', { challenge, code }, null)));
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1);
  });
});

/** Signs in with a code (for a test that needs a second token). */
async function enrolToken(secret: string) {
  await forgetLastStep();
  const response = await post('/sign-in/two-factor', { challenge: await challengeOf(), code: codeFor(secret) }, null);
  expect(response.statusCode).toBe(200);
  await forgetLastStep();
  return response.json<{ token: string }>();
}

describe('step-up for money (STEP_UP_ROUTES)', () => {
  const moneyCalls = (ownerId: string) => [
    { method: 'GET', url: `/get-account-detail/${ownerId}` },
    { method: 'POST', url: `/transfer-amount/${ownerId}/${randomUUID()}` },
    { method: 'PUT', url: `/transfer-manual-payment/${randomUUID()}`, payload: {} },
    { method: 'PUT', url: `/update-manual-status/${randomUUID()}` },
  ];

  it('answers 403 STEP_UP_REQUIRED on bank details, Stripe and manual transfers and accepting a payment without a fresh factor', async () => {
    const owner = await createStripeOwner(t.database.db);
    const { secret } = await enrol();
    const tokenVersion = (await adminRow()).tokenVersion;
    // One token proved no factor at all (a password-only session); the other proved one 6 minutes ago.
    for (const stale of [tokenWithFactorAgo(null, tokenVersion), tokenWithFactorAgo(STEP_UP_WINDOW_MS + 60_000, tokenVersion)]) {
      for (const call of moneyCalls(owner.id)) {
        const response = await t.request({ ...call, token: stale });
        expect(response.statusCode, call.url).toBe(403);
        expect(response.json()).toEqual({ message: 'Enter a code from your authenticator app to confirm this action', reason: 'STEP_UP_REQUIRED' });
      }
    }
    // Other screens need no step-up.
    expect((await t.request({ method: 'GET', url: '/dashboard-data', token })).statusCode).toBe(200);

    const stepUp = await post('/two-factor/step-up', { code: codeFor(secret) });
    expect(stepUp.statusCode).toBe(200);
    const steppedUp = stepUp.json<{ token: string }>().token;
    const answers = await Promise.all(moneyCalls(owner.id).map((call) => t.request({ ...call, token: steppedUp })));
    // Past the guard: the bank details, and 404 for the made-up bookings and payment.
    expect(answers.map((response) => response.statusCode)).toEqual([200, 404, 404, 404]);
    expect(await auditActions()).toContain('admin.step-up');
    // A factor 4 minutes old still counts.
    expect((await t.request({ ...moneyCalls(owner.id)[0], token: tokenWithFactorAgo(STEP_UP_WINDOW_MS - 60_000, tokenVersion) })).statusCode).toBe(200);
  });

  it('refuses every step-up route to an admin without 2FA, whatever their roles (403 TWO_FACTOR_REQUIRED)', async () => {
    const owner = await createStripeOwner(t.database.db);
    for (const call of moneyCalls(owner.id)) {
      const response = await t.request({ ...call, token });
      expect(response.statusCode, call.url).toBe(403);
      expect(response.json()).toEqual({ message: accessTexts.twoFactorRequired, reason: 'TWO_FACTOR_REQUIRED' });
    }
  });

  it('takes a recovery code, once', async () => {
    const { recoveryCodes } = await enrol();
    expect((await post('/two-factor/step-up', { code: recoveryCodes[2] })).statusCode).toBe(200);
    expect((await post('/two-factor/step-up', { code: recoveryCodes[2] })).statusCode).toBe(400);
  });

  it('refuses a replayed code, a wrong code and bad input with 400', async () => {
    const { secret } = await enrol();
    const code = codeFor(secret);
    expect((await post('/two-factor/step-up', { code })).statusCode).toBe(200);
    const replay = await post('/two-factor/step-up', { code });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe('Invalid authentication code');
    expect((await post('/two-factor/step-up', { code: '' })).json().errors).toEqual([{ path: 'code', message: 'Authentication code is required' }]);
  });

  it('answers 429 after 5 wrong codes from one address', async () => {
    const { secret } = await enrol();
    for (let i = 0; i < 5; i += 1) expect((await postFrom(ATTACKER, '/two-factor/step-up', { code: '000000' }, token)).statusCode).toBe(400);
    expect((await postFrom(ATTACKER, '/two-factor/step-up', { code: codeFor(secret) }, token)).statusCode).toBe(429);
    expect((await postFrom(ADMIN_ADDRESS, '/two-factor/step-up', { code: codeFor(secret) }, token)).statusCode).toBe(200);
  });

  it('answers 409 when 2FA is off and 401 without a token', async () => {
    expect((await post('/two-factor/step-up', { code: '123456' })).statusCode).toBe(409);
    expect((await post('/two-factor/step-up', { code: '123456' }, null)).statusCode).toBe(401);
  });
});

describe('POST /api/admin/two-factor/disable', () => {
  it('turns 2FA off with a current code: secret and recovery codes gone, sign-in gives a token again', async () => {
    const { secret } = await enrol();
    const response = await post('/two-factor/disable', { code: codeFor(secret) });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Two-factor authentication is off');
    const row = await adminRow();
    expect(row.totpSecret).toBeNull();
    expect(row.totpEnabledAt).toBeNull();
    expect(await t.database.db.select().from(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminId, adminId))).toHaveLength(0);
    expect((await post('/sign-in', TEST_ADMIN, null)).json()).toHaveProperty('token');
    expect(await auditActions()).toContain('admin.two-factor-disable');
  });

  it('rejects a wrong code with 400', async () => {
    await enrol();
    expect((await post('/two-factor/disable', { code: '000000' })).statusCode).toBe(400);
    expect((await adminRow()).totpEnabledAt).not.toBeNull();
  });

  it('answers 409 when the owners require 2FA, and when it is off', async () => {
    expect((await post('/two-factor/disable', { code: '123456' })).statusCode).toBe(409);
    const { secret } = await enrol();
    await setRequired(true);
    const response = await post('/two-factor/disable', { code: codeFor(secret) });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Two-factor authentication is required by the owners and cannot be turned off');
  });
});

describe('POST /api/admin/two-factor/recovery-codes', () => {
  it('makes a new set of 10 with a current code; the old ones stop working', async () => {
    const { secret, recoveryCodes: old } = await enrol();
    const response = await post('/two-factor/recovery-codes', { code: codeFor(secret) });
    expect(response.statusCode).toBe(200);
    const { recoveryCodes } = response.json<{ recoveryCodes: string[] }>();
    expect(recoveryCodes).toHaveLength(10);
    expect(recoveryCodes).not.toContain(old[0]);
    expect((await post('/two-factor/step-up', { code: old[0] })).statusCode).toBe(400);
    expect((await post('/two-factor/step-up', { code: recoveryCodes[0] })).statusCode).toBe(200);
    expect(await auditActions()).toContain('admin.recovery-codes');
  });

  it('rejects a wrong code with 400, answers 409 when 2FA is off and 401 without a token', async () => {
    expect((await post('/two-factor/recovery-codes', { code: '123456' })).statusCode).toBe(409);
    await enrol();
    expect((await post('/two-factor/recovery-codes', { code: '000000' })).statusCode).toBe(400);
    expect((await post('/two-factor/recovery-codes', { code: '123456' }, null)).statusCode).toBe(401);
  });
});

describe('GET /api/admin/two-factor', () => {
  it('says whether 2FA is on, the recovery codes left and whether the owners require it', async () => {
    expect((await t.request({ method: 'GET', url: '/two-factor', token })).json()).toEqual({ enabled: false, recoveryCodesLeft: 0, required: false });
    await setRequired(true);
    expect((await t.request({ method: 'GET', url: '/two-factor', token })).json()).toMatchObject({ required: true });
    expect((await t.request({ method: 'GET', url: '/two-factor', token: null })).statusCode).toBe(401);
  });
});

describe('enrolment required by the owners', () => {
  it('answers 403 TWO_FACTOR_ENROLMENT_REQUIRED to an admin without 2FA everywhere but the enrolment, which opens the rest', async () => {
    await setRequired(true);
    const dashboard = await t.request({ method: 'GET', url: '/dashboard-data', token });
    expect(dashboard.statusCode).toBe(403);
    expect(dashboard.json()).toEqual({ message: 'Set up two-factor authentication to continue', reason: 'TWO_FACTOR_ENROLMENT_REQUIRED' });
    const check = await t.request({ method: 'GET', url: '/check-token', token });
    expect(check.json().user).toMatchObject({ mustEnrolTwoFactor: true, twoFactorEnabled: false });
    expect((await post('/sign-in', TEST_ADMIN, null)).json().user).toMatchObject({ mustEnrolTwoFactor: true });

    const enrolled = await enrol();
    expect((await t.request({ method: 'GET', url: '/dashboard-data', token: enrolled.token })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/check-token', token: enrolled.token })).json().user).toMatchObject({
      mustEnrolTwoFactor: false,
      twoFactorEnabled: true,
    });
  });
});

describe('API docs', () => {
  it('describe the two-factor routes and the sign-in answer with its challenge', async () => {
    const response = await t.request({ method: 'GET', url: '/api/docs/json', token });
    expect(response.statusCode).toBe(200);
    const { paths } = response.json<{ paths: Record<string, unknown> }>();
    for (const path of [
      '/sign-in/two-factor',
      '/two-factor',
      '/two-factor/setup',
      '/two-factor/enable',
      '/two-factor/disable',
      '/two-factor/recovery-codes',
      '/two-factor/step-up',
    ]) {
      expect(paths).toHaveProperty([`${API_BASE}${path}`]);
    }
    expect(JSON.stringify(paths[`${API_BASE}/sign-in`])).toContain('twoFactorRequired');
  });
});
