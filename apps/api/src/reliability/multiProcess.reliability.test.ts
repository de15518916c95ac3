import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueryListResponse, UteBookingListResponse } from '@ute/contract';
import { hashPassword } from '../modules/auth/passwords';
import { makeDemoPng } from '../seed/png';
import { createScratchDatabase, type ScratchDatabase } from '../test/scratchDatabase';
import { startSmtpCapture, type SmtpCapture } from '../test/smtpCapture';
import { TwoFactorSession } from '../test/twoFactorSession';
import { startStripeTestServer, type StripeTestServer } from '../test/stripeTestServer';
import { freePort, startApiProcess, waitForHealth, type ApiProcess } from './processHarness';

/**
 * Three real api processes on one PostgreSQL, as behind a load balancer (README, "Run several api
 * processes"): each has its own data folder (no shared disk), and they share the database only.
 */
const ADMIN = { email: 'multi-process@test.local', password: 'multi-process-password' };
const SMTP_DELAY_MS = 1500;
const JOB_TIMEOUT_SECONDS = 15;
const OTP_ADMINS = 12;

const work = mkdtempSync(path.join(os.tmpdir(), 'ute-multi-process-'));
let scratch: ScratchDatabase;
let smtp: SmtpCapture;
let stripe: StripeTestServer;
let db: pg.Client;
const apis: ApiProcess[] = [];

const url = (api: ApiProcess, route: string) => `http://127.0.0.1:${api.port}/api/admin${route}`;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const json = (body: unknown, headers: Record<string, string> = {}) => ({
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

async function signIn(api: ApiProcess, credentials = ADMIN, address = '10.9.9.9'): Promise<Response> {
  return fetch(url(api, '/sign-in'), { method: 'POST', ...json(credentials, { 'x-forwarded-for': address }) });
}
// The admin enrols in 2FA on the first token: payouts are step-up routes, closed to a password alone.
// Each token takes a TOTP step not used before, so a test's token may wait for the next step (up to
// two steps of 30 s when the current and the next are spent): such a test has that much more time.
const session = new TwoFactorSession(ADMIN);
const TOKEN_WAIT_MS = 60_000;
const tokenFrom = (api: ApiProcess): Promise<string> => session.token(`http://127.0.0.1:${api.port}/api/admin`);

beforeAll(async () => {
  scratch = await createScratchDatabase('ute_multi');
  smtp = await startSmtpCapture({ delayMs: SMTP_DELAY_MS });
  stripe = await startStripeTestServer();
  const shared = {
    DATABASE_URL: scratch.url,
    // Tokens and signed file URLs are checked by every process: they share the signing secret.
    JWT_SECRET: 'multi-process-test-secret-of-at-least-32-characters',
    SMTP_URL: smtp.url,
    STRIPE_SECRET_KEY: 'sk_test_multi',
    STRIPE_API_BASE: stripe.url,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    TRUST_PROXY: 'true',
    JOB_TIMEOUT_SECONDS: String(JOB_TIMEOUT_SECONDS),
    JOB_POLL_SECONDS: '0.5',
  };
  // All three start at once on the new database: migrations and the queue's install take turns.
  const names = ['a', 'b', 'c'];
  for (const name of names) {
    apis.push(startApiProcess({ ...shared, DATA_DIR: path.join(work, name), SEED_DEMO: name === 'a' ? 'true' : 'false' }, await freePort()));
  }
  try {
    await Promise.all(apis.map((api) => waitForHealth(api.port, 120_000)));
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${apis.map((api) => api.output()).join('\n---\n')}`);
  }
  db = new pg.Client({ connectionString: scratch.url });
  await db.connect();
}, 180_000);

afterAll(async () => {
  for (const api of apis) api.child.kill('SIGKILL');
  await Promise.all(apis.map((api) => api.exited));
  await db?.end();
  await smtp?.close();
  await stripe?.close();
  await scratch?.drop();
  rmSync(work, { recursive: true, force: true });
});

describe('three api processes on one PostgreSQL', () => {
  it('refuses at once, on every process, a token signed out on one', async () => {
    const [a, b, c] = apis;
    const token = await tokenFrom(a);
    for (const api of apis) expect((await fetch(url(api, '/check-token'), { headers: bearer(token) })).status).toBe(200);
    expect((await fetch(url(b, '/sign-out'), { method: 'POST', headers: bearer(token) })).status).toBe(200);
    for (const api of [a, c]) expect((await fetch(url(api, '/check-token'), { headers: bearer(token) })).status).toBe(401);
  });

  it('holds the sign-in limit across processes: 5 failures per account and address in all', async () => {
    const attempts = Array.from({ length: 15 }, (_, i) => signIn(apis[i % 3], { email: ADMIN.email, password: `wrong-${i}` }, '10.1.1.1'));
    const statuses = (await Promise.all(attempts)).map((response) => response.status);
    expect(statuses.filter((status) => status !== 429)).toHaveLength(5);
    // The right password from that address is refused too; from another address it still works.
    expect((await signIn(apis[2], ADMIN, '10.1.1.1')).status).toBe(429);
    expect((await signIn(apis[2], ADMIN, '10.1.1.2')).status).toBe(200);
  });

  it('serves an upload made through one process from the others', async () => {
    const token = await tokenFrom(apis[0]);
    const form = new FormData();
    for (const [name, value] of Object.entries({
      title: 'Shared storage',
      description: 'Stored once, served by all.',
      user: 'Ops',
      views: '0',
      comments: '0',
    })) {
      form.append(name, value);
    }
    const image = makeDemoPng(20, 12, [200, 40, 90]);
    form.append('blogImg', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'shared.png');
    const created = await fetch(url(apis[0], '/create-blog'), { method: 'POST', headers: bearer(token), body: form });
    expect(created.status).toBe(200);
    const blog = ((await created.json()) as { data: { blogImg: string[] } }).data;
    for (const api of apis.slice(1)) {
      const served = await fetch(`http://127.0.0.1:${api.port}/blogImg/${blog.blogImg[0]}`);
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(image)).toBe(true);
    }
  });

  it('pays a booking once when 20 payout requests arrive together over the three processes', { timeout: TOKEN_WAIT_MS + 30_000 }, async () => {
    const token = await tokenFrom(apis[0]);
    const list = (await (await fetch(url(apis[0], '/ute-booking-list?limit=100'), { headers: bearer(token) })).json()) as UteBookingListResponse;
    const booking = list.data.find((b) => b.status === 'delivered' && !b.isTransfered && !b.isTransferring)!;
    expect(booking).toBeDefined();
    const requests = Array.from({ length: 20 }, (_, i) =>
      fetch(url(apis[i % 3], `/transfer-amount/${booking.uteBy}/${booking._id}`), { method: 'POST', headers: bearer(token) }),
    );
    const statuses = (await Promise.all(requests)).map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status !== 200).every((status) => status === 409)).toBe(true);
    expect(stripe.transfers.filter((transfer) => transfer.metadata.bookingId === booking._id)).toHaveLength(1);
  });

  it('sends every mail exactly once, also when a process is killed in the middle of sending', { timeout: TOKEN_WAIT_MS + 180_000 }, async () => {
    const token = await tokenFrom(apis[0]);
    smtp.clear();
    const since = (await db.query<{ now: Date }>('select now()')).rows[0].now;
    // Password-reset codes: queued (mail-delivery jobs), any process's worker may send each.
    const passwordHash = await hashPassword('another-admin-password');
    const otpEmails = Array.from({ length: OTP_ADMINS }, (_, i) => `mp-otp-${i}@test.local`);
    for (const email of otpEmails) await db.query('insert into admins (email, password_hash) values ($1, $2)', [email, passwordHash]);
    const otpRequests = otpEmails.map((email, i) =>
      fetch(url(apis[i % 3], '/forgot-password-otp'), { method: 'POST', ...json({ email }, { 'x-forwarded-for': `10.2.0.${i + 1}` }) }),
    );
    // Query replies: sent in the request by the process that took it.
    const queries = ((await (await fetch(url(apis[0], '/all-queries?limit=9'), { headers: bearer(token) })).json()) as QueryListResponse).queries;
    const replies = queries.map((query, i) =>
      fetch(url(apis[i % 3], '/reply-query'), {
        method: 'PATCH',
        ...json({ queryId: query._id, reply: `Reply ${i} from process ${'abc'[i % 3]}` }, bearer(token)),
      }).catch(
        () => null, // the killed process never answers
      ),
    );
    expect((await Promise.all(otpRequests)).map((response) => response.status)).toEqual(otpEmails.map(() => 200));

    // Kill process c while the SMTP server holds mails it has sent the data of.
    const deadline = Date.now() + 20_000;
    while (smtp.inFlight < 6 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    const killedAt = Date.now();
    apis[2].child.kill('SIGKILL');
    await apis[2].exited;
    await Promise.all(replies);

    // Every mail in the outbox (what the app committed to send) arrives once.
    // Written or sent in the test's window: a mail a process queued at its start (a payout remittance) counts too.
    const outboxSince = async () =>
      (await db.query<{ id: string; status: string }>('select id, status from mail_outbox where created_at >= $1 or sent_at >= $1', [since])).rows;
    const waitUntil = Date.now() + (JOB_TIMEOUT_SECONDS + 60) * 1000;
    while (smtp.mails.length < (await outboxSince()).length && Date.now() < waitUntil) await new Promise((resolve) => setTimeout(resolve, 200));
    const recoveredInMs = Date.now() - killedAt;
    // Anything sent twice would arrive within a few more seconds.
    await new Promise((resolve) => setTimeout(resolve, 3000));

    const outbox = await outboxSince();
    const received = smtp.mails.map((mail) => mail.headers['message-id']);
    // A mail that did not arrive: what its outbox row and its jobs say, so a failure tells which path lost it.
    const missing = outbox.filter((mail) => !received.includes(`<${mail.id}@ute-backoffice>`)).map((mail) => mail.id);
    if (missing.length > 0) {
      const rows = await db.query('select id, status, attempts, next_attempt_at, last_error from mail_outbox where id = any($1)', [missing]);
      const jobs = await db.query(
        `select data->>'mailId' as mail_id, state, retry_count, start_after, started_on, completed_on from pgboss.job where name = 'mail-delivery' and data->>'mailId' = any($1)`,
        [missing],
      );
      console.error('mails not received:', JSON.stringify({ outbox: rows.rows, jobs: jobs.rows }, null, 2));
    }
    expect(new Set(received).size).toBe(received.length);
    expect(received.sort()).toEqual(outbox.map((mail) => `<${mail.id}@ute-backoffice>`).sort());
    expect(outbox.every((mail) => mail.status === 'sent')).toBe(true);
    expect(outbox.length).toBeGreaterThanOrEqual(OTP_ADMINS + 6);
    // The kill did cut sends short: the SMTP server saw them abandoned, and they came again.
    expect(smtp.abandoned).toBeGreaterThanOrEqual(1);
    console.log(
      `multi-process mail: ${outbox.length} mails, each received once; ${smtp.abandoned} cut by the SIGKILL and sent again by the others within ${(recoveredInMs / 1000).toFixed(1)} s`,
    );
  });
});
