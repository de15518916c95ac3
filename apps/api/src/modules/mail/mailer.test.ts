import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startSmtpCapture } from '../../test/smtpCapture';
import { createTestApp, TEST_ADMIN, type TestApp } from '../../test/testApp';
import { mailOutbox } from '../../db/tables/mail.table';
import { Mailer, REDACTED_BODY, type OutgoingMail } from './mailer';

// The app has no SMTP_URL: mails are logged, and the log is kept here to be read.
const logLines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ build: { logger: { level: 'info', stream: { write: (line: string) => void logLines.push(line) } } } });
});
afterAll(() => t.close());
beforeEach(() => {
  logLines.length = 0;
  (t.app.ctx.limits as unknown as { entries: Map<string, unknown> }).entries.clear();
});

const otpMail = (code: string): OutgoingMail => ({
  to: 'someone@test.local',
  subject: 'Your password reset code',
  body: `Your verification code is ${code}.`,
  isSensitive: true,
});
const outboxRow = async (id: string) => (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0];
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
    const mailer = new Mailer(t.database.db, t.app.log, { from: 'test@test.local', canLogSensitiveBodies: false });
    const secret = await mailer.send(otpMail('493817'));
    const plain = await mailer.send({ to: 'someone@test.local', subject: 'Your quote', body: 'A$105.25 for quote 42' });
    expect([secret.sent, plain.sent]).toEqual([true, true]);
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
    const mailer = new Mailer(t.database.db, t.app.log, { smtpUrl: 'smtp://127.0.0.1:1', from: 'test@test.local' });
    const id = await mailer.enqueue(t.database.db, otpMail('271828'));
    await t.database.db.update(mailOutbox).set({ attempts: 6 }).where(eq(mailOutbox.id, id));
    expect(await mailer.deliver(id)).toBe(false);
    expect(await outboxRow(id)).toMatchObject({ status: 'pending', attempts: 7, body: otpMail('271828').body });
    expect(await mailer.deliver(id)).toBe(false);
    expect(await outboxRow(id)).toMatchObject({ status: 'failed', attempts: 8, body: REDACTED_BODY });
    await mailer.close();
  });

  it('gives up and redacts a sensitive mail whose code has expired before it could be sent', async () => {
    const smtp = await startSmtpCapture();
    const mailer = new Mailer(t.database.db, t.app.log, { smtpUrl: smtp.url, from: 'test@test.local', sensitiveMailTtlMs: 10 * 60_000 });
    try {
      const stale = await mailer.enqueue(t.database.db, otpMail('161803'));
      await t.database.db
        .update(mailOutbox)
        .set({ createdAt: new Date(Date.now() - 11 * 60_000) })
        .where(eq(mailOutbox.id, stale));
      const fresh = await mailer.enqueue(t.database.db, otpMail('141421'));
      expect(await mailer.deliver(stale)).toBe(false);
      expect(await mailer.deliver(fresh)).toBe(true);
      expect(await outboxRow(stale)).toMatchObject({ status: 'failed', body: REDACTED_BODY });
      expect(smtp.mails.map((mail) => mail.text)).toEqual([otpMail('141421').body]);
    } finally {
      await mailer.close();
      await smtp.close();
    }
  });

  it('deliverSoon sends after the caller goes on, close() waits for it, and a failure is only logged', async () => {
    const smtp = await startSmtpCapture({ delayMs: 200 });
    const mailer = new Mailer(t.database.db, t.app.log, { smtpUrl: smtp.url, from: 'test@test.local' });
    try {
      const id = await mailer.enqueue(t.database.db, otpMail('314159'));
      mailer.deliverSoon(id);
      mailer.deliverSoon(id); // already under way: not sent twice
      expect((await outboxRow(id)).status).toBe('pending');
      mailer.deliverSoon('not-a-uuid'); // the lookup throws: a warning, no unhandled rejection
      await mailer.close();
      expect(smtp.mails.map((mail) => mail.text)).toEqual(['Your verification code is 314159.']);
      expect(await outboxRow(id)).toMatchObject({ status: 'sent', body: REDACTED_BODY });
      expect(logLines.some((line) => line.includes('not-a-uuid') && line.includes('"level":40'))).toBe(true);
    } finally {
      await smtp.close();
    }
  });
});
