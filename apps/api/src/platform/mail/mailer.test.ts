import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startSmtpCapture } from '../../test/smtpCapture';
import { createTestApp, TEST_ADMIN, type TestApp } from '../../test/testApp';
import { clearThrottling } from '../../test/throttling';
import { mailOutbox } from '../../db/tables/mail.table';
import { Mailer, REDACTED_BODY, type OutgoingMail } from './mailer';

// The app has no SMTP_URL: mails are logged, and the log is kept here to be read.
const logLines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ build: { logger: { level: 'info', stream: { write: (line: string) => void logLines.push(line) } } } });
});
afterAll(() => t.close());
beforeEach(async () => {
  logLines.length = 0;
  await clearThrottling(t);
});

const otpMail = (code: string): OutgoingMail => ({
  to: 'someone@test.local',
  subject: 'Your password reset code',
  body: `Your verification code is ${code}.`,
  isSensitive: true,
});
// These tests send with mailers of their own: the app's worker must not take the mails' jobs first.
const byCaller = { isDeliveredByCaller: true };
const outboxRow = async (id: string) => (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0];
/** The mail's `mail-delivery` jobs, each with the seconds from now until it is due. */
const mailJobs = async ({ sqlExecutor }: TestApp['database'], mailId: string) =>
  (
    await sqlExecutor.executeSql(
      `select round(extract(epoch from start_after - now()))::int as "dueInSeconds" from pgboss.job
       where name = 'mail-delivery' and data->>'mailId' = $1 order by start_after`,
      [mailId],
    )
  ).rows as { dueInSeconds: number }[];
const mailLogs = () => logLines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => typeof entry.mailTo === 'string');

describe('Mailer without SMTP_URL', () => {
  it('logs the OTP mail with its code off production, and keeps no code in the outbox', async () => {
    const response = await t.request({ method: 'POST', url: '/forgot-password-otp', payload: { email: TEST_ADMIN.email }, token: null });
    expect(response.statusCode).toBe(200);
    await t.app.ctx.mailer.settle();
    const [entry] = mailLogs();
    const code = /code is (\d{6})/.exec(String(entry.body))![1];
    const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, TEST_ADMIN.email));
    expect(row).toMatchObject({ status: 'logged', isSensitive: true, body: REDACTED_BODY });
    // The logged code is the real one.
    const checked = await t.request({ method: 'POST', url: `/valid-otp/${TEST_ADMIN.email}`, payload: { otp: code, email: TEST_ADMIN.email }, token: null });
    expect(checked.statusCode).toBe(200);
  });

  it('withholds a sensitive body from the log in production, and keeps other mails as they are', async () => {
    const mailer = new Mailer(t.database.db, t.app.ctx.queue, t.app.log, { from: 'test@test.local', canLogSensitiveBodies: false, claimSeconds: 60 });
    const secret = { id: await mailer.enqueue(t.database.db, otpMail('493817'), byCaller) };
    const plain = { id: await mailer.enqueue(t.database.db, { to: 'someone@test.local', subject: 'Your quote', body: 'A$105.25 for quote 42' }, byCaller) };
    expect([await mailer.deliver(secret.id), await mailer.deliver(plain.id)]).toEqual([true, true]);
    expect(logLines.join('\n')).not.toContain('493817');
    const [secretLog, plainLog] = mailLogs();
    expect(secretLog).not.toHaveProperty('body');
    expect(secretLog.msg).toContain('withheld');
    expect(plainLog.body).toBe('A$105.25 for quote 42');
    expect(await outboxRow(secret.id)).toMatchObject({ status: 'logged', body: REDACTED_BODY });
    expect(await outboxRow(plain.id)).toMatchObject({ status: 'logged', isSensitive: false, body: 'A$105.25 for quote 42' });
    await mailer.close();
  });
});

describe('Mailer with an SMTP server', () => {
  it('keeps a failing sensitive mail for its retries and redacts it when it gives up', async () => {
    const mailer = new Mailer(t.database.db, t.app.ctx.queue, t.app.log, { smtpUrl: 'smtp://127.0.0.1:1', from: 'test@test.local', claimSeconds: 60 });
    const id = await mailer.enqueue(t.database.db, otpMail('271828'), byCaller);
    await t.database.db.update(mailOutbox).set({ attempts: 6 }).where(eq(mailOutbox.id, id));
    expect(await mailer.deliver(id)).toBe(false);
    expect(await outboxRow(id)).toMatchObject({ status: 'pending', attempts: 7, body: otpMail('271828').body });
    // The retry's job was written with the failure: the caller's backstop (claim + 5 s), then 15 s × 2⁶.
    const [backstop, retry] = await mailJobs(t.database, id);
    expect(backstop.dueInSeconds).toBeLessThanOrEqual(65);
    expect(retry.dueInSeconds).toBeGreaterThan(900);
    expect(retry.dueInSeconds).toBeLessThanOrEqual(960);
    expect(await mailer.deliver(id)).toBe(false);
    expect(await outboxRow(id)).toMatchObject({ status: 'failed', attempts: 8, body: REDACTED_BODY });
    expect(await mailJobs(t.database, id)).toHaveLength(2);
    await mailer.close();
  });

  it('gives up and redacts a sensitive mail whose code has expired before it could be sent', async () => {
    const smtp = await startSmtpCapture();
    const mailer = new Mailer(t.database.db, t.app.ctx.queue, t.app.log, {
      smtpUrl: smtp.url,
      from: 'test@test.local',
      sensitiveMailTtlMs: 10 * 60_000,
      claimSeconds: 60,
    });
    try {
      const stale = await mailer.enqueue(t.database.db, otpMail('161803'), byCaller);
      await t.database.db
        .update(mailOutbox)
        .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
        .where(eq(mailOutbox.id, stale));
      const fresh = await mailer.enqueue(t.database.db, otpMail('141421'), byCaller);
      expect(await mailer.deliver(stale)).toBe(false);
      expect(await mailer.deliver(fresh)).toBe(true);
      expect(await outboxRow(stale)).toMatchObject({ status: 'failed', body: REDACTED_BODY });
      expect(smtp.mails.map((mail) => mail.text)).toEqual([otpMail('141421').body]);
    } finally {
      await mailer.close();
      await smtp.close();
    }
  });

  it('writes a mail and its job in one transaction: rolled back, neither is left; committed, the queue sends it once', async () => {
    const smtp = await startSmtpCapture({ delayMs: 200 });
    const withSmtp = await createTestApp({ env: { SMTP_URL: smtp.url } });
    const { db } = withSmtp.database;
    try {
      const { mailer } = withSmtp.app.ctx;
      let rolledBack = '';
      await expect(
        db.transaction(async (tx) => {
          rolledBack = await mailer.enqueue(tx, otpMail('271828'));
          throw new Error('the change failed');
        }),
      ).rejects.toThrow('the change failed');
      expect((await db.select().from(mailOutbox).where(eq(mailOutbox.id, rolledBack))).length).toBe(0);
      expect(await mailJobs(withSmtp.database, rolledBack)).toHaveLength(0);

      const id = await db.transaction((tx) => mailer.enqueue(tx, otpMail('314159')));
      expect(await mailJobs(withSmtp.database, id)).toHaveLength(1);
      mailer.startDelivery();
      await mailer.settle();
      expect(smtp.mails.map((mail) => mail.text)).toEqual(['Your verification code is 314159.']);
      expect((await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]).toMatchObject({ status: 'sent', body: REDACTED_BODY });
    } finally {
      await withSmtp.close();
      await smtp.close();
    }
  });

  it('sends a mail once when several deliveries meet on it, and again only after a dead claim runs out', async () => {
    const smtp = await startSmtpCapture({ delayMs: 100 });
    const mailer = new Mailer(t.database.db, t.app.ctx.queue, t.app.log, { smtpUrl: smtp.url, from: 'test@test.local', claimSeconds: 60 });
    try {
      const id = await mailer.enqueue(t.database.db, { to: 'owner@test.local', subject: 'Your quote', body: 'A$105.25 for quote 7' }, byCaller);
      const results = await Promise.all(Array.from({ length: 5 }, () => mailer.deliver(id)));
      expect(smtp.mails).toHaveLength(1);
      // The one that sent it says true; the others found it claimed (false) or already sent (true).
      expect(results.filter(Boolean).length).toBeGreaterThanOrEqual(1);
      expect(await outboxRow(id)).toMatchObject({ status: 'sent', attempts: 1 });

      // A process that claimed a mail and died: the claim runs out, the sweep queues it, it is sent.
      const orphan = await mailer.enqueue(t.database.db, { to: 'owner@test.local', subject: 'Your quote', body: 'A$99.00 for quote 8' }, byCaller);
      await t.database.db
        .update(mailOutbox)
        .set({ status: 'sending', nextAttemptAt: new Date(Date.now() + 60_000) })
        .where(eq(mailOutbox.id, orphan));
      expect(await mailer.requeueLostMails()).toBe(0); // still claimed
      expect(await mailer.deliver(orphan)).toBe(false);
      await t.database.db
        .update(mailOutbox)
        .set({ nextAttemptAt: new Date(Date.now() - 1000) })
        .where(eq(mailOutbox.id, orphan));
      expect(await mailer.deliver(orphan)).toBe(true);
      expect(smtp.mails.map((mail) => mail.text)).toEqual(['A$105.25 for quote 7', 'A$99.00 for quote 8']);
      expect(smtp.mails[1].headers['message-id']).toBe(`<${orphan}@ute-backoffice>`);
    } finally {
      await mailer.close();
      await smtp.close();
    }
  });
});
