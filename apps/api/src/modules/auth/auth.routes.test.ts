import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { createSigner } from 'fast-jwt';
import { API_BASE, PUBLIC_API_PATHS } from '@ute/contract';
import { admins, auditLog, mailOutbox, passwordResetCodes } from '../../db/schema';
import { createTestApp, TEST_ADMIN, type TestApp } from '../../test/testApp';
import { startSmtpCapture, type SmtpCapture } from '../../test/smtpCapture';
import { clearThrottling } from '../../test/throttling';
import { hashPassword } from './passwords';
import { upsertAdmin } from './auth.repository';
import { hmac, loadSigningSecret } from '../../lib/secrets';
import { RedisRateLimitStore } from '../../lib/redisRateLimiter';
import { authLimits } from './auth.service';

// Counts argon2 verifies and OTP compares (a burst must get no more than the limit) and records the
// slow-down waits without sleeping them: the numbers are the product's, the tests stay fast.
const seen = vi.hoisted(() => ({ argon2Checks: 0, otpCompares: 0, waits: [] as number[] }));
vi.mock('./passwords', async (importOriginal) => {
  const original = await importOriginal<typeof import('./passwords')>();
  return {
    ...original,
    verifyPassword: (passwordHash: string, password: string) => {
      seen.argon2Checks += 1;
      return original.verifyPassword(passwordHash, password);
    },
  };
});
vi.mock('../../lib/secrets', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../lib/secrets')>();
  return {
    ...original,
    safeEqual: (a: string, b: string) => {
      seen.otpCompares += 1;
      return original.safeEqual(a, b);
    },
  };
});
vi.mock('../../lib/rateLimiter', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../lib/rateLimiter')>();
  return {
    ...original,
    reserveAttempt: (...[limits, policy, account, address]: Parameters<typeof original.reserveAttempt>) =>
      original.reserveAttempt(limits, policy, account, address, async (ms) => void seen.waits.push(ms)),
  };
});

let t: TestApp;
let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** Each test starts with the test admin's own password and no throttling counters. */
beforeEach(async () => {
  await upsertAdmin(t.database.db, TEST_ADMIN.email, await hashPassword(TEST_ADMIN.password));
  await t.database.db.update(admins).set({ isActive: true });
  await clearThrottling(t);
  Object.assign(seen, { argon2Checks: 0, otpCompares: 0, waits: [] });
});

// The test app trusts no proxy: the socket's address is the client's, set per request here.
const ATTACKER = '203.0.113.7';
const ADMIN_ADDRESS = '198.51.100.20';
const WRONG_SIGN_IN = { email: TEST_ADMIN.email, password: 'wrong-password' };

const postFrom = (remoteAddress: string, url: string, payload: object, token: string | null = null) =>
  t.app.inject({ method: 'POST', url: `${API_BASE}${url}`, payload, remoteAddress, headers: token ? { authorization: `Bearer ${token}` } : {} });
const statusFrom = async (remoteAddress: string, url: string, payload: object, token: string | null = null) =>
  (await postFrom(remoteAddress, url, payload, token)).statusCode;
const countStatus = (responses: { statusCode: number }[], status: number) => responses.filter((response) => response.statusCode === status).length;

const signIn = (body: unknown, headers: Record<string, string> = {}) => t.request({ method: 'POST', url: '/sign-in', payload: body, token: null, headers });
const freshToken = async () => (await signIn(TEST_ADMIN)).json<{ token: string }>().token;
const checkToken = (token: string | null) => t.request({ method: 'GET', url: '/check-token', token });

/** The code in the last mail sent: it leaves after the answer, and the outbox keeps no code once it has. */
async function latestOtp(): Promise<string> {
  await t.app.ctx.mailer.settle();
  return /(\d{6})/.exec(smtp.mails.at(-1)!.text)![1];
}

async function requestOtp(email = TEST_ADMIN.email) {
  return t.request({ method: 'POST', url: '/forgot-password-otp', payload: { email }, token: null });
}

/** Gives the test admin's open code a known value, so a test need not read the mail for it. */
async function plantOtp(otp: string) {
  const [admin] = await t.database.db.select().from(admins).where(eq(admins.email, TEST_ADMIN.email));
  const pepper = hmac(loadSigningSecret(undefined, t.dataDir), 'otp');
  await t.database.db
    .update(passwordResetCodes)
    .set({ otpHash: hmac(pepper, `${admin.id}:${otp}`) })
    .where(and(eq(passwordResetCodes.adminId, admin.id), isNull(passwordResetCodes.otpUsedAt)));
}

const latestCode = async () => (await t.database.db.select().from(passwordResetCodes).orderBy(desc(passwordResetCodes.createdAt)).limit(1))[0];

describe('POST /api/admin/sign-in', () => {
  it('answers a token, a message and the admin for the right password, case-insensitive email', async () => {
    const response = await signIn({ email: TEST_ADMIN.email.toUpperCase(), password: TEST_ADMIN.password });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.message).toBe('Signed in successfully');
    expect(body.user).toMatchObject({ email: TEST_ADMIN.email, roles: ['owner'], userRole: 'owner', twoFactorEnabled: false, mustEnrolTwoFactor: false });
    expect(body.user).not.toHaveProperty('passwordHash');
    expect((await checkToken(body.token)).statusCode).toBe(200);
  });

  it('rejects bad input with 400 and the spec messages', async () => {
    const response = await signIn({ email: 'nope', password: '123' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { path: 'email', message: 'Invalid email format' },
      { path: 'password', message: 'Password must be at least 6 characters' },
    ]);
    expect((await signIn({ email: '', password: '' })).json().message).toBe('Email is required');
    expect((await signIn({ ...TEST_ADMIN, isAdmin: true })).statusCode).toBe(400);
    const badJson = await t.app.inject({ method: 'POST', url: `${API_BASE}/sign-in`, payload: '{oops', headers: { 'content-type': 'application/json' } });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toEqual({ message: 'Request body is not valid JSON' });
  });

  it('gives the same 401 for an unknown email, a wrong password and a deactivated admin', async () => {
    const unknown = await signIn({ email: 'nobody@test.local', password: 'whatever1' });
    const wrong = await signIn({ email: TEST_ADMIN.email, password: 'wrong-password' });
    await t.database.db.update(admins).set({ isActive: false });
    const inactive = await signIn(TEST_ADMIN);
    for (const response of [unknown, wrong, inactive]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Invalid email or password' });
    }
  });

  it('throttles one address with 429 after 5 failures for one account, whatever the case, trailing slash, query or spoofed X-Forwarded-For', async () => {
    const urls = ['/sign-in', '/sign-in/', '//sign-in', '/sign-in?x=1', '/sign-in'];
    for (let i = 0; i < 5; i += 1) {
      const email = i % 2 ? TEST_ADMIN.email.toUpperCase() : ` ${TEST_ADMIN.email}`.trim();
      const response = await t.request({
        method: 'POST',
        url: `${API_BASE}${urls[i]}`,
        payload: { email, password: 'wrong-password' },
        token: null,
        headers: { 'x-forwarded-for': `10.0.0.${i}` },
      });
      expect(response.statusCode, urls[i]).toBe(401);
    }
    // Extra fields are refused outright, so they cannot be used to slip past the counter either.
    expect((await signIn({ ...TEST_ADMIN, nonce: 1 }, { 'x-forwarded-for': '10.9.9.8' })).statusCode).toBe(400);
    for (const url of urls) {
      const blocked = await t.request({
        method: 'POST',
        url: `${API_BASE}${url}`,
        payload: TEST_ADMIN,
        token: null,
        headers: { 'x-forwarded-for': '10.9.9.9' },
      });
      expect(blocked.statusCode, url).toBe(429);
      expect(blocked.json().message).toBe('Too many sign-in attempts. Please try again in 15 minutes.');
    }
  });

  it('throttles one address after 20 failures across accounts', async () => {
    for (let i = 0; i < 20; i += 1) await signIn({ email: `user${i}@test.local`, password: 'wrong-password' });
    expect((await signIn(TEST_ADMIN)).statusCode).toBe(429);
    expect(await statusFrom(ADMIN_ADDRESS, '/sign-in', TEST_ADMIN)).toBe(200);
  });

  it('reserves each attempt before argon2: of 40 parallel wrong passwords from one address 5 are checked, and a right one inside the burst is refused', async () => {
    const burst = Array.from({ length: 41 }, (_, i) => (i === 20 ? TEST_ADMIN : WRONG_SIGN_IN));
    const responses = await Promise.all(burst.map((body) => postFrom(ATTACKER, '/sign-in', body)));
    expect(seen.argon2Checks).toBe(authLimits.signInFailuresPerAccountPerAddress);
    expect(countStatus(responses, 401)).toBe(5);
    expect(countStatus(responses, 429)).toBe(36);
    expect(responses[20].statusCode).toBe(429);
    expect(await statusFrom(ATTACKER, '/sign-in', TEST_ADMIN)).toBe(429);
  });

  it('blocks the guessing address with 429 but lets the admin sign in from another address', async () => {
    for (let i = 0; i < 5; i += 1) expect(await statusFrom(ATTACKER, '/sign-in', WRONG_SIGN_IN)).toBe(401);
    expect(await statusFrom(ATTACKER, '/sign-in', WRONG_SIGN_IN)).toBe(429);
    expect(await statusFrom(ATTACKER, '/sign-in', TEST_ADMIN)).toBe(429);
    const admin = await postFrom(ADMIN_ADDRESS, '/sign-in', TEST_ADMIN);
    expect(admin.statusCode).toBe(200);
    expect(seen.waits).toEqual([]);
  });

  it('only slows the account down after 10 failures from all addresses, and never blocks it', async () => {
    for (const address of ['203.0.113.1', '203.0.113.2']) {
      for (let i = 0; i < 5; i += 1) expect(await statusFrom(address, '/sign-in', WRONG_SIGN_IN)).toBe(401);
    }
    expect(seen.waits).toEqual([]);
    expect(await statusFrom('203.0.113.3', '/sign-in', WRONG_SIGN_IN)).toBe(401);
    expect(await statusFrom(ADMIN_ADDRESS, '/sign-in', TEST_ADMIN)).toBe(200);
    expect(seen.waits).toEqual([1000, 2000]);
  });
});

describe('forgot password, OTP and reset', () => {
  it('answers the same for a known and an unknown email, and mails a code only to the known one', async () => {
    const before = await t.database.db.select({ count: sql<number>`count(*)::int` }).from(mailOutbox);
    const known = await requestOtp();
    const unknown = await requestOtp('nobody@test.local');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json().message).toBe(unknown.json().message);
    const after = await t.database.db.select({ count: sql<number>`count(*)::int` }).from(mailOutbox);
    expect(after[0].count - before[0].count).toBe(1);
    const [code] = await t.database.db.select().from(passwordResetCodes).orderBy(desc(passwordResetCodes.createdAt)).limit(1);
    expect(code.otpHash).not.toContain(await latestOtp()); // hashed at rest
  });

  it('limits code mails to 3 an hour per email from one address', async () => {
    for (let i = 0; i < 3; i += 1) expect((await requestOtp('limit@test.local')).statusCode).toBe(200);
    expect((await requestOtp('limit@test.local')).statusCode).toBe(429);
  });

  it('does not let a stranger who used up the code mails of an email from one address stop its owner getting one from another', async () => {
    for (let i = 0; i < 3; i += 1) expect(await statusFrom(ATTACKER, '/forgot-password-otp', { email: TEST_ADMIN.email })).toBe(200);
    const blocked = await postFrom(ATTACKER, '/forgot-password-otp', { email: TEST_ADMIN.email });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Too many code requests. Please try again later.');
    const before = await latestCode();
    expect(await statusFrom(ADMIN_ADDRESS, '/forgot-password-otp', { email: TEST_ADMIN.email })).toBe(200);
    expect((await latestCode()).id).not.toBe(before.id);
  });

  it('slows code mails to one email after 5 an hour from all addresses and stops them after 10', async () => {
    const email = 'mailbox@test.local';
    const statuses: number[] = [];
    for (const address of ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4']) {
      for (let i = 0; i < 3; i += 1) statuses.push(await statusFrom(address, '/forgot-password-otp', { email }));
    }
    expect(statuses).toEqual([...Array<number>(10).fill(200), 429, 429]);
    expect(seen.waits).toEqual([1000, 2000, 2000, 2000, 2000]);
    // The documented trade-off: past the ceiling the owner waits for the hour too (it bounds the mails and the OTP guesses).
    expect(await statusFrom(ADMIN_ADDRESS, '/forgot-password-otp', { email })).toBe(429);
  });

  it('reserves each try on the code before comparing: of 40 parallel wrong codes 5 are compared, and the right code is refused after', async () => {
    const email = TEST_ADMIN.email;
    expect(await statusFrom(ADMIN_ADDRESS, '/forgot-password-otp', { email })).toBe(200);
    await plantOtp('123456');
    const responses = await Promise.all(Array.from({ length: 40 }, () => postFrom(ATTACKER, `/valid-otp/${email}`, { otp: '000000', email })));
    expect(seen.otpCompares).toBe(authLimits.otpTriesPerCode);
    expect((await latestCode()).failedAttempts).toBe(5);
    // 10 pass the address's limit (5 compared, 5 find the code dead), the rest are 429.
    expect(countStatus(responses, 400)).toBe(10);
    expect(countStatus(responses, 429)).toBe(30);
    // From an address with tries left the right code is refused as well: the code is dead.
    const right = await postFrom(ADMIN_ADDRESS, `/valid-otp/${email}`, { otp: '123456', email });
    expect(right.statusCode).toBe(400);
    expect(seen.otpCompares).toBe(5);
  });

  it('blocks the address guessing codes with 429 but lets the admin check a new code from another address', async () => {
    const email = TEST_ADMIN.email;
    for (let i = 0; i < 10; i += 1) expect(await statusFrom(ATTACKER, `/valid-otp/${email}`, { otp: '000000', email })).toBe(400);
    const blocked = await postFrom(ATTACKER, `/valid-otp/${email}`, { otp: '000000', email });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Too many code checks. Please try again in 15 minutes.');
    expect(await statusFrom(ADMIN_ADDRESS, '/forgot-password-otp', { email })).toBe(200);
    await plantOtp('654321');
    expect(await statusFrom(ADMIN_ADDRESS, `/valid-otp/${email}`, { otp: '654321', email })).toBe(200);
    expect(seen.waits).toEqual([1000]); // the 11th check on the account, from any address, waits
  });

  it('runs the whole flow once: code, reset token, new password; old tokens stop working', async () => {
    const oldToken = await freshToken();
    await requestOtp();
    const otp = await latestOtp();
    const wrongEmail = await t.request({ method: 'POST', url: `/valid-otp/other@test.local`, payload: { otp, email: TEST_ADMIN.email }, token: null });
    expect(wrongEmail.statusCode).toBe(400);
    const checked = await t.request({ method: 'POST', url: `/valid-otp/${TEST_ADMIN.email}`, payload: { otp, email: TEST_ADMIN.email }, token: null });
    expect(checked.statusCode).toBe(200);
    const resetToken = checked.json().token as string;

    const reused = await t.request({ method: 'POST', url: `/valid-otp/${TEST_ADMIN.email}`, payload: { otp, email: TEST_ADMIN.email }, token: null });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe('Invalid or expired OTP');

    const mismatch = await t.request({
      method: 'POST',
      url: '/reset-password',
      payload: { newPassword: 'new-password-1', confirmPassword: 'other-password', token: resetToken },
      token: null,
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe('Passwords do not match');

    const reset = await t.request({
      method: 'POST',
      url: '/reset-password',
      payload: { newPassword: 'new-password-1', confirmPassword: 'new-password-1', token: resetToken },
      token: null,
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toBe('Password reset successfully');
    const again = await t.request({
      method: 'POST',
      url: '/reset-password',
      payload: { newPassword: 'new-password-2', confirmPassword: 'new-password-2', token: resetToken },
      token: null,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Invalid or expired reset token');

    expect((await checkToken(oldToken)).statusCode).toBe(401);
    expect((await signIn(TEST_ADMIN)).statusCode).toBe(401);
    expect((await signIn({ email: TEST_ADMIN.email, password: 'new-password-1' })).statusCode).toBe(200);
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'admin.password-reset'));
    expect(audits.length).toBe(1);
  });

  it('refuses an expired code', async () => {
    await requestOtp();
    const otp = await latestOtp();
    await t.database.db.update(passwordResetCodes).set({ otpExpiresAt: new Date(Date.now() - 1000) });
    const response = await t.request({ method: 'POST', url: `/valid-otp/${TEST_ADMIN.email}`, payload: { otp, email: TEST_ADMIN.email }, token: null });
    expect(response.statusCode).toBe(400);
  });

  it('kills a code after 5 wrong tries', async () => {
    await requestOtp();
    const otp = await latestOtp();
    const wrong = otp === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      expect(
        (await t.request({ method: 'POST', url: `/valid-otp/${TEST_ADMIN.email}`, payload: { otp: wrong, email: TEST_ADMIN.email }, token: null })).statusCode,
      ).toBe(400);
    }
    const right = await t.request({ method: 'POST', url: `/valid-otp/${TEST_ADMIN.email}`, payload: { otp, email: TEST_ADMIN.email }, token: null });
    expect(right.statusCode).toBe(400);
  });

  it('rejects a malformed code with 400', async () => {
    const response = await t.request({ method: 'POST', url: `/valid-otp/${TEST_ADMIN.email}`, payload: { otp: '12ab', email: TEST_ADMIN.email }, token: null });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('OTP must be 6 digits');
  });
});

describe('POST /api/admin/change-password', () => {
  it('changes the password, revokes older tokens and writes an audit row', async () => {
    const token = await freshToken();
    const response = await t.request({
      method: 'POST',
      url: '/change-password',
      token,
      payload: { oldPassword: TEST_ADMIN.password, newPassword: 'changed-pass', confirmPassword: 'changed-pass' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Password changed successfully');
    expect((await checkToken(token)).statusCode).toBe(401);
    expect((await signIn({ email: TEST_ADMIN.email, password: 'changed-pass' })).statusCode).toBe(200);
    expect((await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'admin.password-change'))).length).toBe(1);
  });

  it('rejects a wrong current password with 400 and validation errors with the spec messages', async () => {
    const token = await freshToken();
    const wrong = await t.request({
      method: 'POST',
      url: '/change-password',
      token,
      payload: { oldPassword: 'not-it', newPassword: 'changed-pass', confirmPassword: 'changed-pass' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Current password is incorrect');
    const invalid = await t.request({ method: 'POST', url: '/change-password', token, payload: { oldPassword: '', newPassword: '1', confirmPassword: '2' } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors.map((e: { message: string }) => e.message)).toEqual([
      'Current password is required',
      'Password must be at least 6 characters',
    ]);
  });

  it('throttles wrong current passwords like sign-in: 429 within 10 guesses from one address, then the right one too', async () => {
    const token = await freshToken();
    const guess = { oldPassword: 'not-the-password', newPassword: 'changed-pass', confirmPassword: 'changed-pass' };
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) statuses.push(await statusFrom(ATTACKER, '/change-password', guess, token));
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429, 429, 429, 429]);
    const right = await postFrom(ATTACKER, '/change-password', { ...guess, oldPassword: TEST_ADMIN.password }, token);
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toBe('Too many wrong current passwords. Please try again in 15 minutes.');
    // Keyed by admin and address: the admin at their own address is not blocked.
    expect(await statusFrom(ADMIN_ADDRESS, '/change-password', { ...guess, oldPassword: TEST_ADMIN.password }, token)).toBe(200);
  });

  it('reserves each current-password check before argon2: 40 parallel wrong ones get 5 checks', async () => {
    const token = await freshToken();
    seen.argon2Checks = 0;
    const guess = { oldPassword: 'not-the-password', newPassword: 'changed-pass', confirmPassword: 'changed-pass' };
    const responses = await Promise.all(Array.from({ length: 40 }, () => postFrom(ATTACKER, '/change-password', guess, token)));
    expect(seen.argon2Checks).toBe(5);
    expect(countStatus(responses, 400)).toBe(5);
    expect(countStatus(responses, 429)).toBe(35);
  });

  it('needs a token', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/change-password',
      token: null,
      payload: { oldPassword: 'x', newPassword: 'changed-pass', confirmPassword: 'changed-pass' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/admin/check-token and POST /api/admin/sign-out', () => {
  it('refuses no token, a forged one, one signed with another key, alg none and an expired one', async () => {
    const token = await freshToken();
    const [header, payload] = token.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: '00000000-0000-4000-8000-000000000000' })).toString('base64url')}.${token.split('.')[2]}`;
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const signWith = (key: string, clockTimestamp = Date.now()) =>
      createSigner({ key, algorithm: 'HS256', iss: 'ute-backoffice', aud: 'admin', expiresIn: 3_600_000, clockTimestamp })({
        sub: claims.sub,
        ver: claims.ver,
      });
    const otherKey = signWith('another-key-another-key-another-key');
    const algNone = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    // An expired token signed with the app's real key.
    const secret = hmac(loadSigningSecret(undefined, t.dataDir), 'jwt');
    const expired = signWith(secret, Date.now() - 7_200_000);
    expect((await checkToken(token)).statusCode).toBe(200);
    // The same signer with the real key and a current clock is accepted: only the expiry differs.
    expect((await checkToken(signWith(secret))).statusCode).toBe(200);
    for (const bad of [null, forged, otherKey, algNone, expired, 'garbage']) {
      const response = await checkToken(bad);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Authentication required. Please sign in.' });
    }
  });

  it('sign-out makes the token stop working', async () => {
    const token = await freshToken();
    const response = await t.request({ method: 'POST', url: '/sign-out', token });
    expect(response.statusCode).toBe(200);
    expect((await checkToken(token)).statusCode).toBe(401);
  });

  it('deactivating the admin makes the token stop working', async () => {
    const token = await freshToken();
    await t.database.db.update(admins).set({ isActive: false });
    expect((await checkToken(token)).statusCode).toBe(401);
  });
});

describe('route guard', () => {
  it('guards every registered admin route except the public ones of ROUTE_ACCESS', async () => {
    const adminRoutes = t.routes.filter((route) => route.url.startsWith(`${API_BASE}/`) && route.method !== 'HEAD' && route.method !== 'OPTIONS');
    const publicOnes = adminRoutes
      .filter((route) => route.isPublic)
      .map((route) => route.url.slice(API_BASE.length))
      .sort();
    expect(publicOnes).toEqual([...PUBLIC_API_PATHS].sort());
    for (const route of adminRoutes.filter((r) => !r.isPublic)) {
      const url = route.url.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000');
      const response = await t.app.inject({ method: route.method as 'GET', url });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });
});

// `npm test` sets REDIS_TEST=absent when no Redis answers, and counts this skipped test in its summary.
describe.skipIf(process.env.REDIS_TEST === 'absent')('sign-in throttling with the Redis store (REDIS_URL)', () => {
  it('blocks the sixth failure for an account through Redis counters', async () => {
    const store = new RedisRateLimitStore(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', `ute:test:${Date.now()}:${Math.random()}:`);
    const withRedis = await createTestApp({ build: { limits: store } });
    try {
      const email = `redis-${Date.now()}-${Math.random().toString(36).slice(2)}@test.local`;
      const attempt = () => withRedis.request({ method: 'POST', url: '/sign-in', payload: { email, password: 'wrong-password' }, token: null });
      for (let i = 0; i < 5; i += 1) expect((await attempt()).statusCode).toBe(401);
      expect((await attempt()).statusCode).toBe(429);
    } finally {
      await withRedis.close();
      await store.close();
    }
  });
});
