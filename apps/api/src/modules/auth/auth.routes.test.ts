import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { createSigner } from 'fast-jwt';
import { API_BASE, PUBLIC_API_PATHS } from '@ute/contract';
import { admins, auditLog, mailOutbox, passwordResetCodes } from '../../db/schema';
import { createTestApp, TEST_ADMIN, type TestApp } from '../../test/testApp';
import { hashPassword } from './passwords';
import { upsertAdmin } from './auth.repository';
import { hmac, loadSigningSecret } from '../../lib/secrets';
import { RedisRateLimitStore } from '../../lib/redisRateLimiter';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Each test starts with the test admin's own password and no throttling counters. */
beforeEach(async () => {
  await upsertAdmin(t.database.db, TEST_ADMIN.email, await hashPassword(TEST_ADMIN.password));
  await t.database.db.update(admins).set({ isActive: true });
  (t.app.ctx.limits as unknown as { entries: Map<string, unknown> }).entries.clear();
});

const signIn = (body: unknown, headers: Record<string, string> = {}) => t.request({ method: 'POST', url: '/sign-in', payload: body, token: null, headers });
const freshToken = async () => (await signIn(TEST_ADMIN)).json<{ token: string }>().token;
const checkToken = (token: string | null) => t.request({ method: 'GET', url: '/check-token', token });

async function latestOtp(): Promise<string> {
  const [mail] = await t.database.db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(1);
  return /(\d{6})/.exec(mail.body)![1];
}

async function requestOtp(email = TEST_ADMIN.email) {
  return t.request({ method: 'POST', url: '/forgot-password-otp', payload: { email }, token: null });
}

describe('POST /api/admin/sign-in', () => {
  it('answers a token, a message and the admin for the right password, case-insensitive email', async () => {
    const response = await signIn({ email: TEST_ADMIN.email.toUpperCase(), password: TEST_ADMIN.password });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.message).toBe('Signed in successfully');
    expect(body.user).toMatchObject({ email: TEST_ADMIN.email, role: 'admin' });
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

  it('throttles with 429 after 5 failures for one account, whatever the case, trailing slash, query or spoofed X-Forwarded-For', async () => {
    const urls = ['/sign-in', '/sign-in/', '//sign-in', '/sign-in?x=1', '/sign-in'];
    for (let i = 0; i < 5; i += 1) {
      const email = i % 2 ? TEST_ADMIN.email.toUpperCase() : ` ${TEST_ADMIN.email}`.trim();
      const response = await t.request({ method: 'POST', url: `${API_BASE}${urls[i]}`, payload: { email, password: 'wrong-password' }, token: null, headers: { 'x-forwarded-for': `10.0.0.${i}` } });
      expect(response.statusCode, urls[i]).toBe(401);
    }
    // Extra fields are refused outright, so they cannot be used to slip past the counter either.
    expect((await signIn({ ...TEST_ADMIN, nonce: 1 }, { 'x-forwarded-for': '10.9.9.8' })).statusCode).toBe(400);
    for (const url of urls) {
      const blocked = await t.request({ method: 'POST', url: `${API_BASE}${url}`, payload: TEST_ADMIN, token: null, headers: { 'x-forwarded-for': '10.9.9.9' } });
      expect(blocked.statusCode, url).toBe(429);
      expect(blocked.json().message).toBe('Too many sign-in attempts. Please try again in 15 minutes.');
    }
  });

  it('throttles one address after 20 failures across accounts', async () => {
    for (let i = 0; i < 20; i += 1) await signIn({ email: `user${i}@test.local`, password: 'wrong-password' });
    expect((await signIn(TEST_ADMIN)).statusCode).toBe(429);
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

  it('limits code mails to 3 an hour per email', async () => {
    for (let i = 0; i < 3; i += 1) expect((await requestOtp('limit@test.local')).statusCode).toBe(200);
    expect((await requestOtp('limit@test.local')).statusCode).toBe(429);
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

    const mismatch = await t.request({ method: 'POST', url: '/reset-password', payload: { newPassword: 'new-password-1', confirmPassword: 'other-password', token: resetToken }, token: null });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe('Passwords do not match');

    const reset = await t.request({ method: 'POST', url: '/reset-password', payload: { newPassword: 'new-password-1', confirmPassword: 'new-password-1', token: resetToken }, token: null });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toBe('Password reset successfully');
    const again = await t.request({ method: 'POST', url: '/reset-password', payload: { newPassword: 'new-password-2', confirmPassword: 'new-password-2', token: resetToken }, token: null });
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
      expect((await t.request({ method: 'POST', url: `/valid-otp/${TEST_ADMIN.email}`, payload: { otp: wrong, email: TEST_ADMIN.email }, token: null })).statusCode).toBe(400);
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
    const response = await t.request({ method: 'POST', url: '/change-password', token, payload: { oldPassword: TEST_ADMIN.password, newPassword: 'changed-pass', confirmPassword: 'changed-pass' } });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Password changed successfully');
    expect((await checkToken(token)).statusCode).toBe(401);
    expect((await signIn({ email: TEST_ADMIN.email, password: 'changed-pass' })).statusCode).toBe(200);
    expect((await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'admin.password-change'))).length).toBe(1);
  });

  it('rejects a wrong current password with 400 and validation errors with the spec messages', async () => {
    const token = await freshToken();
    const wrong = await t.request({ method: 'POST', url: '/change-password', token, payload: { oldPassword: 'not-it', newPassword: 'changed-pass', confirmPassword: 'changed-pass' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Current password is incorrect');
    const invalid = await t.request({ method: 'POST', url: '/change-password', token, payload: { oldPassword: '', newPassword: '1', confirmPassword: '2' } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors.map((e: { message: string }) => e.message)).toEqual(['Current password is required', 'Password must be at least 6 characters']);
  });

  it('needs a token', async () => {
    const response = await t.request({ method: 'POST', url: '/change-password', token: null, payload: { oldPassword: 'x', newPassword: 'changed-pass', confirmPassword: 'changed-pass' } });
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
      createSigner({ key, algorithm: 'HS256', iss: 'ute-backoffice', aud: 'admin', expiresIn: 3_600_000, clockTimestamp })({ sub: claims.sub, ver: claims.ver });
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
  it('guards every registered admin route except the four public auth calls', async () => {
    const adminRoutes = t.app.registeredRoutes.filter((route) => route.url.startsWith(`${API_BASE}/`) && route.method !== 'HEAD' && route.method !== 'OPTIONS');
    const publicOnes = adminRoutes.filter((route) => route.isPublic).map((route) => route.url.slice(API_BASE.length)).sort();
    expect(publicOnes).toEqual([...PUBLIC_API_PATHS].sort());
    for (const route of adminRoutes.filter((r) => !r.isPublic)) {
      const url = route.url.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000');
      const response = await t.app.inject({ method: route.method as 'GET', url });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });
});

describe('sign-in throttling with the Redis store (REDIS_URL)', () => {
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
