import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationTexts, type NotificationDigestResponse } from '@ute/contract';
import { auditLog } from '../../db/tables/audit.table';
import { admins } from '../../db/tables/auth.table';
import { mailOutbox } from '../../db/tables/mail.table';
import { notifications } from '../../db/tables/notifications.table';
import { createUte } from '../../test/factories';
import { startSmtpCapture, type SmtpCapture } from '../../test/smtpCapture';
import { createTestApp, engine, signInAs, type TestApp } from '../../test/testApp';
import { createNotificationDigestService, sydneyDayOf } from './notificationDigest.service';

const DAY_MS = 24 * 60 * 60_000;

/** The daily e-mail digest (docs/design.md §13) on both engines: my preference, and the job's one mail a Sydney day. */
describe(`notification digest (${engine})`, () => {
  let t: TestApp;
  let smtp: SmtpCapture;
  let uteId: string;

  const db = () => t.database.db;
  const digestJob = (now = Date.now()) =>
    createNotificationDigestService({ db: db(), mailer: t.app.ctx.mailer, publicUrl: t.config.PUBLIC_URL, now: () => now });
  const emailOf = async (id: string) => (await db().select({ email: admins.email }).from(admins).where(eq(admins.id, id)))[0].email;
  const outboxTo = async (id: string) =>
    db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, await emailOf(id)));
  const setDigest = (token: string, payload: unknown) => t.request({ method: 'PUT', url: '/notifications/digest/update', payload, token });
  const notify = (recipientId: string, title: string, createdAt?: Date) =>
    db()
      .insert(notifications)
      .values({
        recipientId,
        kind: 'mention',
        title,
        recordType: 'ute',
        recordId: uteId,
        eventKey: `test:${randomUUID()}`,
        ...(createdAt ? { createdAt } : {}),
      });
  /** A moderator (who may be mentioned on a ute), with the digest on or off. */
  const moderatorWithDigest = async (enabled: boolean) => {
    const admin = await signInAs(t, ['moderator']);
    expect((await setDigest(admin.token, { enabled })).statusCode).toBe(200);
    return admin;
  };

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://admin.ute.example' } });
    uteId = (await createUte(db())).id;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  describe('GET and PUT /api/admin/notifications/digest', () => {
    it('answers mine (off by default), turns it on and off on my row only, and audits each change', async () => {
      const me = await signInAs(t, ['support']);
      const other = await signInAs(t, ['support']);
      const read = await t.request({ method: 'GET', url: '/notifications/digest', token: me.token });
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json()).toEqual({ enabled: false });

      const on = await setDigest(me.token, { enabled: true });
      expect(on.statusCode, on.body).toBe(200);
      expect(on.json<NotificationDigestResponse>()).toEqual({ enabled: true, message: notificationTexts.digestOn });
      expect((await t.request({ method: 'GET', url: '/notifications/digest', token: me.token })).json()).toEqual({ enabled: true });
      expect((await t.request({ method: 'GET', url: '/notifications/digest', token: other.token })).json()).toEqual({ enabled: false });

      const off = await setDigest(me.token, { enabled: false });
      expect(off.json<NotificationDigestResponse>()).toEqual({ enabled: false, message: notificationTexts.digestOff });

      const entries = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'admin.notification-digest'), eq(auditLog.targetId, me.id)))
        .orderBy(auditLog.id);
      expect(entries.map(({ adminId, targetType, before, after }) => ({ adminId, targetType, before, after }))).toEqual([
        { adminId: me.id, targetType: 'admin', before: { notificationDigest: false }, after: { notificationDigest: true } },
        { adminId: me.id, targetType: 'admin', before: { notificationDigest: true }, after: { notificationDigest: false } },
      ]);
    });

    it('rejects a missing, non-boolean or extra field with 400 and changes nothing', async () => {
      const me = await signInAs(t, ['support']);
      for (const payload of [{}, { enabled: 'yes' }, { enabled: 1 }, { enabled: true, adminId: randomUUID() }]) {
        const response = await setDigest(me.token, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      }
      expect((await setDigest(me.token, { enabled: 'yes' })).json<{ errors: { message: string }[] }>().errors[0].message).toBe(
        notificationTexts.digestEnabledInvalid,
      );
      expect((await t.request({ method: 'GET', url: '/notifications/digest', token: me.token })).json()).toEqual({ enabled: false });
    });
  });

  describe('the notification-digest job', () => {
    it('mails an opted-in admin their unread once a Sydney day, with titles and links but never a note’s text', async () => {
      const reader = await moderatorWithDigest(true);
      await db().update(admins).set({ name: 'Rita Reader' }).where(eq(admins.id, reader.id));
      const author = await signInAs(t, ['moderator']);
      const note = await t.request({
        method: 'POST',
        url: `/notes/ute/${uteId}/add`,
        payload: { body: 'Confidential: call the owner @[Rita Reader]' },
        token: author.token,
      });
      expect(note.statusCode, note.body).toBe(200);
      await notify(reader.id, 'Digest title one');
      await notify(reader.id, 'Already read');
      await db().update(notifications).set({ readAt: new Date() }).where(eq(notifications.title, 'Already read'));

      expect(await digestJob().sendDigests()).toBeGreaterThanOrEqual(1);
      const email = await emailOf(reader.id);
      const mail = await smtp.waitForMail((received) => received.to.includes(email));
      expect(mail.subject).toBe('Your daily digest: 2 unread notifications');
      expect(mail.text).toContain('- Digest title one');
      expect(mail.text).toMatch(/- \S+ mentioned you on ute /);
      expect(mail.text).toContain(`https://admin.ute.example/ute-list?open=${uteId}`);
      expect(mail.text).not.toContain('Already read');
      expect(mail.text).not.toContain('Confidential');
      const [admin] = await db().select({ digestSentOn: admins.digestSentOn }).from(admins).where(eq(admins.id, reader.id));
      expect(admin.digestSentOn).toBe(sydneyDayOf(Date.now()));

      // Again the same day, with something new: nothing more.
      await notify(reader.id, 'Later the same day');
      expect(await digestJob().sendDigests()).toBe(0);
      expect(await outboxTo(reader.id)).toHaveLength(1);

      // The next Sydney day: the one new since the last digest sends a new one, listing all unread.
      const start = Date.now();
      await notify(reader.id, 'The next day', new Date(start + 60 * 60_000));
      expect(await digestJob(start + DAY_MS + 30 * 60_000).sendDigests()).toBe(1);
      const sent = await outboxTo(reader.id);
      expect(sent).toHaveLength(2);
      expect(sent.map((row) => row.subject).sort()).toEqual(['Your daily digest: 2 unread notifications', 'Your daily digest: 4 unread notifications']);
      // The day after, nothing new (only what the last digest told): no mail.
      expect(await digestJob(start + 2 * DAY_MS + 30 * 60_000).sendDigests()).toBe(0);
      expect(await outboxTo(reader.id)).toHaveLength(2);
    });

    it('mails no one opted out, with nothing unread, or inactive', async () => {
      const optedOut = await moderatorWithDigest(false);
      const allRead = await moderatorWithDigest(true);
      const inactive = await moderatorWithDigest(true);
      await notify(optedOut.id, 'Opted out');
      await notify(allRead.id, 'Read already');
      await db().update(notifications).set({ readAt: new Date() }).where(eq(notifications.recipientId, allRead.id));
      await notify(inactive.id, 'Inactive');
      await db().update(admins).set({ isActive: false }).where(eq(admins.id, inactive.id));

      await digestJob().sendDigests();
      for (const admin of [optedOut, allRead, inactive]) {
        expect(await outboxTo(admin.id)).toEqual([]);
        const [row] = await db().select({ digestSentOn: admins.digestSentOn }).from(admins).where(eq(admins.id, admin.id));
        expect(row.digestSentOn).toBeNull();
      }
    });

    it('sends one mail when two runs meet', async () => {
      const admin = await moderatorWithDigest(true);
      await notify(admin.id, 'Raced');
      const [first, second] = await Promise.all([digestJob().sendDigests(), digestJob().sendDigests()]);
      expect(first + second).toBe(1);
      expect(await outboxTo(admin.id)).toHaveLength(1);
      await smtp.waitForMail((received) => received.subject === 'Your daily digest: 1 unread notification');
    });
  });
});
