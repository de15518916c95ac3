import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { routePaths, type BulkResponse } from '@ute/contract';
import { queryRows } from '../../db/database';
import { admins } from '../../db/tables/auth.table';
import { DEFAULT_LISTING_NOTICE_WINDOW_SECONDS } from '../../plugins/config';
import { mailQuotaKey, TOO_MANY_MAILS } from '../../plugins/mailQuota';
import { createCustomerQuery, createJobs, createUser, createUtes } from '../../test/factories';
import { startSmtpCapture, type SmtpCapture } from '../../test/smtpCapture';
import { createTestApp, TEST_ADMIN, type TestApp } from '../../test/testApp';
import { listingNoticeKey } from './moderation.service';

/**
 * A listing's notices to its lister are coalesced and counted (README, "Bulk moderation and notices to listers"; SECURITY.md, mail-sending calls): one mail per listing
 * per decision window, the last decision's; each new mail counted in the acting admin's hourly mail
 * quota. The window is the default (10 minutes), so it never runs out by itself during a test: the
 * tests end it (endWindowOf) as the window's job would, by delivering the held mail once it is due.
 */
type App = TestApp & { smtp: SmtpCapture };

async function startApp(env: Record<string, string> = {}): Promise<App> {
  const smtp = await startSmtpCapture();
  const app = await createTestApp({ env: { SMTP_URL: smtp.url, ...env } });
  return {
    ...app,
    smtp,
    close: async () => {
      await app.close();
      await smtp.close();
    },
  };
}

interface OutboxRow {
  id: string;
  status: string;
  subject: string;
  body: string;
}

const outboxOf = (t: App, key: string): Promise<OutboxRow[]> =>
  queryRows(t.database.db, sql`select id, status, subject, body from mail_outbox where coalesce_key = ${key} order by created_at, id`);

/** Ends the listing's window now: the held mail becomes due and is delivered, as its job does at the window's end. */
async function endWindowOf(t: App, key: string): Promise<void> {
  const held = await queryRows<{ id: string }>(
    t.database.db,
    sql`update mail_outbox set next_attempt_at = now() where coalesce_key = ${key} and status in ('pending', 'withdrawn') and attempts = 0 and next_attempt_at > now() returning id`,
  );
  for (const { id } of held) await t.app.ctx.mailer.deliver(id);
  await t.app.ctx.mailer.settle();
}

const mailsTo = (t: App, email: string) => t.smtp.mails.filter((mail) => mail.to.includes(email));

async function adminId(t: App): Promise<string> {
  const [row] = await t.database.db.select({ id: admins.id }).from(admins).where(eq(admins.email, TEST_ADMIN.email));
  return row.id;
}

const quotaCount = async (t: App) => t.app.ctx.limits.count(mailQuotaKey(await adminId(t)));

const setUteStatus = (t: App, id: string, status: 'Approved' | 'Rejected', payload?: unknown) =>
  t.request({ method: 'PATCH', url: `/user-ute-status/${id}?status=${status}`, payload });

async function auditStatusesOf(t: App, targetId: string): Promise<string[]> {
  const rows = await queryRows<{ status: string }>(
    t.database.db,
    sql`select after->>'status' as status from audit_log where target_id = ${targetId} order by id`,
  );
  return rows.map((row) => row.status);
}

async function activitiesOf(t: App, userId: string): Promise<string[]> {
  const rows = await queryRows<{ activity: string }>(t.database.db, sql`select activity from user_activities where user_id = ${userId} order by id`);
  return rows.map((row) => row.activity);
}

describe('a listing’s notices are coalesced per decision window', () => {
  let t: App;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  it('holds the notice for the window: the default is 10 minutes', () => {
    expect(DEFAULT_LISTING_NOTICE_WINDOW_SECONDS).toBe(600);
    expect(t.config.LISTING_NOTICE_WINDOW_SECONDS).toBe(600);
  });

  it('10 flips of one ute by one admin within the window: every decision saved and audited, one mail (the last decision), counted once', async () => {
    const db = t.database.db;
    const lister = await createUser(db, { firstName: 'Flo', email: 'flo.flips@example.com' });
    const [ute] = await createUtes(db, [{ ownerId: lister.id, fullName: 'Flo Hilux', status: 'Pending' }]);
    const quotaBefore = await quotaCount(t);
    const decisions: ('Approved' | 'Rejected')[] = [];
    for (let i = 0; i < 10; i += 1) {
      const status = i % 2 === 0 ? 'Approved' : 'Rejected';
      const response = await setUteStatus(t, ute.id, status, status === 'Rejected' ? { reason: 'photos', note: `Flip ${i + 1}` } : undefined);
      expect(response.statusCode, response.body).toBe(200);
      decisions.push(status);
    }
    expect(decisions.at(-1)).toBe('Rejected');

    // Every decision is saved and audited; the lister's activity keeps one entry per decision.
    expect(await auditStatusesOf(t, ute.id)).toEqual(decisions);
    expect(await activitiesOf(t, lister.id)).toEqual(decisions.map((status) => (status === 'Approved' ? 'listing-approved' : 'listing-rejected')));

    // Within the window nothing has left: one mail is held, carrying the last decision.
    await t.app.ctx.mailer.settle();
    expect(mailsTo(t, lister.email)).toEqual([]);
    const held = await outboxOf(t, listingNoticeKey('ute', ute.id));
    expect(held).toEqual([expect.objectContaining({ status: 'pending', subject: `Your ute listing ${ute.uteId} was not approved` })]);
    expect(held[0].body).toContain('A note from our team: Flip 10');
    // The admin's quota counts the one mail.
    expect((await quotaCount(t)) - quotaBefore).toBe(1);

    await endWindowOf(t, listingNoticeKey('ute', ute.id));
    const mail = await t.smtp.waitForMail((received) => received.to.includes(lister.email));
    expect(mail.subject).toBe(`Your ute listing ${ute.uteId} was not approved`);
    expect(mail.text).toContain('A note from our team: Flip 10');
    expect(mailsTo(t, lister.email)).toHaveLength(1);

    // After the window a new decision mails again, in a window of its own.
    expect((await setUteStatus(t, ute.id, 'Approved')).statusCode).toBe(200);
    await t.app.ctx.mailer.settle();
    expect(mailsTo(t, lister.email)).toHaveLength(1);
    await endWindowOf(t, listingNoticeKey('ute', ute.id));
    const second = await t.smtp.waitForMail((received) => received.to.includes(lister.email) && received.subject.endsWith('is approved'));
    expect(second.subject).toBe(`Your ute listing ${ute.uteId} is approved`);
    expect(mailsTo(t, lister.email)).toHaveLength(2);
    expect((await quotaCount(t)) - quotaBefore).toBe(2);
  });

  it('approve, reject, approve within the window sends one “approved” mail', async () => {
    const db = t.database.db;
    const lister = await createUser(db, { firstName: 'Ari', email: 'ari.again@example.com' });
    const [ute] = await createUtes(db, [{ ownerId: lister.id, status: 'Pending' }]);
    for (const status of ['Approved', 'Rejected', 'Approved'] as const)
      expect((await setUteStatus(t, ute.id, status, status === 'Rejected' ? { reason: 'licence' } : undefined)).statusCode).toBe(200);
    await endWindowOf(t, listingNoticeKey('ute', ute.id));
    await t.smtp.waitForMail((received) => received.to.includes(lister.email));
    expect(mailsTo(t, lister.email).map((mail) => mail.subject)).toEqual([`Your ute listing ${ute.uteId} is approved`]);
  });

  it('sends nothing for a window whose last decision comes back to what the lister was last told', async () => {
    const db = t.database.db;
    const lister = await createUser(db, { firstName: 'Rae', email: 'rae.reverts@example.com' });
    const [ute] = await createUtes(db, [{ ownerId: lister.id, status: 'Pending' }]);
    expect((await setUteStatus(t, ute.id, 'Approved')).statusCode).toBe(200);
    await endWindowOf(t, listingNoticeKey('ute', ute.id));
    await t.smtp.waitForMail((received) => received.to.includes(lister.email));

    // A new window: rejected, then approved again, which the lister was told already.
    expect((await setUteStatus(t, ute.id, 'Rejected', { reason: 'duplicate' })).statusCode).toBe(200);
    expect((await setUteStatus(t, ute.id, 'Approved')).statusCode).toBe(200);
    expect((await outboxOf(t, listingNoticeKey('ute', ute.id))).map((row) => row.status)).toEqual(['sent', 'withdrawn']);
    await endWindowOf(t, listingNoticeKey('ute', ute.id));
    expect(mailsTo(t, lister.email)).toHaveLength(1);
    expect(await auditStatusesOf(t, ute.id)).toEqual(['Approved', 'Rejected', 'Approved']);
    expect(await activitiesOf(t, lister.id)).toEqual(['listing-approved', 'listing-rejected', 'listing-approved']);
  });

  it('coalesces a job’s notices the same way: rejected then approved within the window sends one “approved” mail', async () => {
    const db = t.database.db;
    const lister = await createUser(db, { firstName: 'Jed', email: 'jed.jobs@example.com' });
    const [job] = await createJobs(db, [{ postedBy: lister.id, status: 'Pending' }]);
    expect((await t.request({ method: 'PATCH', url: `/user-job-status/${job.id}?status=Rejected`, payload: { reason: 'price' } })).statusCode).toBe(200);
    expect((await t.request({ method: 'PATCH', url: `/user-job-status/${job.id}?status=Approved` })).statusCode).toBe(200);
    await endWindowOf(t, listingNoticeKey('job', job.id));
    await t.smtp.waitForMail((received) => received.to.includes(lister.email));
    expect(mailsTo(t, lister.email).map((mail) => mail.subject)).toEqual([`Your job listing ${job.jobId} is approved`]);
  });

  it('counts each mail of a bulk rejection in the admin’s quota, and each lister gets theirs', async () => {
    const db = t.database.db;
    const listers = await Promise.all([1, 2, 3, 4, 5].map((n) => createUser(db, { email: `bulk.lister.${n}@example.com` })));
    const listed = await createUtes(
      db,
      listers.map((lister) => ({ ownerId: lister.id, status: 'Pending' })),
    );
    const quotaBefore = await quotaCount(t);
    const response = await t.request({
      method: 'POST',
      url: routePaths.utesBulk,
      payload: { action: 'reject', ids: listed.map((ute) => ute.id), reason: 'photos' },
    });
    expect(response.json<BulkResponse>()).toMatchObject({ done: 5, skipped: 0 });
    expect((await quotaCount(t)) - quotaBefore).toBe(5);
    for (const ute of listed) await endWindowOf(t, listingNoticeKey('ute', ute.id));
    for (const [i, lister] of listers.entries()) {
      const mail = await t.smtp.waitForMail((received) => received.to.includes(lister.email));
      expect(mail.subject).toBe(`Your ute listing ${listed[i].uteId} was not approved`);
    }
  });

  it('sends no notice for a refused decision, and counts none', async () => {
    const db = t.database.db;
    const lister = await createUser(db, { email: 'refused.decision@example.com' });
    const [ute] = await createUtes(db, [{ ownerId: lister.id, status: 'Rejected' }]);
    const quotaBefore = await quotaCount(t);
    expect((await setUteStatus(t, ute.id, 'Rejected', { reason: 'photos' })).statusCode).toBe(409);
    expect(await quotaCount(t)).toBe(quotaBefore);
    expect(await outboxOf(t, listingNoticeKey('ute', ute.id))).toEqual([]);
  });
});

describe('past the admin’s hourly mail quota', () => {
  let t: App;
  beforeAll(async () => {
    t = await startApp({ MAILS_PER_ADMIN_PER_HOUR: '2' });
  });
  afterAll(() => t.close());

  it('still saves and audits every decision, leaves out the notices past the quota, and the quota holds for replies too', async () => {
    const db = t.database.db;
    const lister = await createUser(db, { email: 'over.quota@example.com' });
    const listed = await createUtes(
      db,
      [1, 2, 3].map(() => ({ ownerId: lister.id, status: 'Pending' })),
    );
    const response = await t.request({
      method: 'POST',
      url: routePaths.utesBulk,
      payload: { action: 'reject', ids: listed.map((ute) => ute.id), reason: 'duplicate' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<BulkResponse>()).toMatchObject({ done: 3, skipped: 0 });
    for (const ute of listed) expect(await auditStatusesOf(t, ute.id)).toEqual(['Rejected']);
    expect(await activitiesOf(t, lister.id)).toEqual(['listing-rejected', 'listing-rejected', 'listing-rejected']);
    // Two mails held (the quota), none for the third; the counter holds the mails, not the attempts.
    const held = await Promise.all(listed.map(async (ute) => (await outboxOf(t, listingNoticeKey('ute', ute.id))).length));
    expect(held).toEqual([1, 1, 0]);
    expect(await quotaCount(t)).toBe(2);

    // A decision that only replaces a held notice adds no mail: past the quota, it still wins its window.
    expect((await setUteStatus(t, listed[0].id, 'Approved')).statusCode).toBe(200);
    expect(await quotaCount(t)).toBe(2);
    for (const ute of listed) await endWindowOf(t, listingNoticeKey('ute', ute.id));
    await t.smtp.waitForMail((received) => received.to.includes(lister.email) && received.subject.includes(listed[1].uteId));
    await t.smtp.waitForMail((received) => received.to.includes(lister.email) && received.subject.includes(listed[0].uteId));
    expect(
      mailsTo(t, lister.email)
        .map((mail) => mail.subject)
        .sort(),
    ).toEqual([`Your ute listing ${listed[0].uteId} is approved`, `Your ute listing ${listed[1].uteId} was not approved`].sort());

    // The same counter as replies and price mails: a reply now answers 429.
    const query = await createCustomerQuery(db);
    const reply = await t.request({ method: 'PATCH', url: routePaths.replyQuery, payload: { queryId: query.id, reply: 'Thanks.' } });
    expect(reply.statusCode).toBe(429);
    expect(reply.json()).toEqual({ message: TOO_MANY_MAILS });
  });
});
