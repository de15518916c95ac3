import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { BULK_MAX_IDS, REJECTION_REASON_LABELS, routePaths, type BulkResponse, type Job, type Ute } from '@ute/contract';
import { queryRows } from '../../db/database';
import { customerQueries } from '../../db/tables/queries.table';
import { users } from '../../db/tables/users.table';
import { createCustomerQueries, createJobs, createUser, createUsers, createUtes } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/testApp';
import { startSmtpCapture, type SmtpCapture } from '../../test/smtpCapture';

/**
 * Bulk moderation (utes, jobs, users, queries), the reasons of a rejection and the lister's notices
 * (docs/design.md §8.5), through the real routes, with mail to an in-process SMTP server. A
 * lister's notice is held for the listing's decision window (listingNoticeCoalescing.test.ts),
 * so these tests shorten the window to a second, and the job poll with it, to see the mails soon.
 */
let t: TestApp & { smtp: SmtpCapture };
beforeAll(async () => {
  const smtp = await startSmtpCapture();
  const app = await createTestApp({ seeded: true, env: { SMTP_URL: smtp.url, LISTING_NOTICE_WINDOW_SECONDS: '1', JOB_POLL_SECONDS: '0.5' } });
  t = { ...app, smtp };
});
afterAll(async () => {
  await t.close();
  await t.smtp.close();
});

const MISSING_ID = '00000000-0000-4000-8000-0000000000ff';

async function bulk(path: string, payload: unknown, token?: string) {
  return t.request({ method: 'POST', url: path, payload, token });
}

async function auditRowsOf(targetId: string): Promise<{ action: string; after: Record<string, unknown> }[]> {
  return queryRows(t.database.db, sql`select action, after from audit_log where target_id = ${targetId} order by id`);
}

async function activitiesOf(userId: string): Promise<{ activity: string; activity_to: Record<string, unknown>; response: Record<string, unknown> }[]> {
  return queryRows(t.database.db, sql`select activity, activity_to, response from user_activities where user_id = ${userId} order by id`);
}

async function uteById(id: string): Promise<Ute> {
  const response = await t.request({ method: 'GET', url: `${routePaths.utes}?id=${id}` });
  return response.json<{ data: Ute[] }>().data[0];
}

async function jobById(id: string): Promise<Job> {
  const response = await t.request({ method: 'GET', url: `${routePaths.jobs}?id=${id}` });
  return response.json<{ data: Job[] }>().data[0];
}

describe('POST /utes/bulk', () => {
  it('rejects each ute with the reason, skips those it cannot, and tells each lister why', async () => {
    const db = t.database.db;
    const lister = await createUser(db, { firstName: 'Lola', email: 'lola.lister@example.com' });
    const [pending, approved, rejected] = await createUtes(db, [
      { ownerId: lister.id, fullName: 'Lola Hilux', status: 'Pending' },
      { ownerId: lister.id, fullName: 'Lola Ranger', status: 'Approved' },
      { ownerId: lister.id, fullName: 'Lola Navara', status: 'Rejected' },
    ]);
    const response = await bulk(routePaths.utesBulk, {
      action: 'reject',
      ids: [pending.id, approved.id, rejected.id, MISSING_ID],
      reason: 'photos',
      note: 'The photos show a sedan.',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<BulkResponse>()).toEqual({
      results: [
        { id: pending.id, outcome: 'done', message: 'UTE rejected successfully' },
        { id: approved.id, outcome: 'done', message: 'UTE rejected successfully' },
        { id: rejected.id, outcome: 'skipped', message: 'UTE is already Rejected' },
        { id: MISSING_ID, outcome: 'skipped', message: 'Ute not found' },
      ],
      done: 2,
      skipped: 2,
    });

    // The reason shows with the ute (the details dialog reads it from the list).
    expect((await uteById(pending.id)).rejection).toEqual({ reason: 'photos', note: 'The photos show a sedan.' });
    // One audit entry per ute done, with the reason; none for the skipped one.
    expect(await auditRowsOf(pending.id)).toEqual([
      { action: 'ute.status', after: expect.objectContaining({ status: 'Rejected', rejectionReason: 'photos', rejectionNote: 'The photos show a sedan.' }) },
    ]);
    expect(await auditRowsOf(rejected.id)).toEqual([]);
    // The lister's activity: one entry per rejection, with its reason.
    const activities = await activitiesOf(lister.id);
    expect(activities).toHaveLength(2);
    expect(activities[0]).toMatchObject({
      activity: 'listing-rejected',
      activity_to: { uteName: 'Lola Hilux', uteId: pending.uteId },
      response: { kind: 'ute', reason: 'photos', note: 'The photos show a sedan.' },
    });
    // And a mail each, naming the listing and the reason in plain words.
    const mail = await t.smtp.waitForMail((received) => received.to.includes('lola.lister@example.com') && received.text.includes(pending.uteId));
    expect(mail.subject).toBe(`Your ute listing ${pending.uteId} was not approved`);
    expect(mail.text).toContain('Hi Lola,');
    expect(mail.text).toContain(`your ute “Lola Hilux” (${pending.uteId})`);
    expect(mail.text).toContain(`The reason: ${REJECTION_REASON_LABELS.photos}.`);
    expect(mail.text).toContain('A note from our team: The photos show a sedan.');
  });

  it('approves and deletes in bulk; approval clears the reason and sends its own notice', async () => {
    const db = t.database.db;
    const lister = await createUser(db, { firstName: 'Abe', email: 'abe.approved@example.com' });
    const [first, second] = await createUtes(db, [
      { ownerId: lister.id, fullName: 'Abe Triton', status: 'Rejected', rejectionReason: 'licence', rejectionNote: null },
      { ownerId: null, fullName: 'Nobody’s BT-50', status: 'Pending' },
    ]);
    const approved = await bulk(routePaths.utesBulk, { action: 'approve', ids: [first.id, second.id] });
    expect(approved.json<BulkResponse>()).toMatchObject({ done: 2, skipped: 0 });
    expect((await uteById(first.id)).rejection).toBeNull();
    const mail = await t.smtp.waitForMail((received) => received.to.includes('abe.approved@example.com'));
    expect(mail.subject).toBe(`Your ute listing ${first.uteId} is approved`);
    expect((await activitiesOf(lister.id)).map((entry) => entry.activity)).toEqual(['listing-approved']);

    const deleted = await bulk(routePaths.utesBulk, { action: 'delete', ids: [first.id, first.id === second.id ? MISSING_ID : second.id] });
    expect(deleted.json<BulkResponse>()).toMatchObject({ done: 2, skipped: 0 });
    const again = await bulk(routePaths.utesBulk, { action: 'delete', ids: [first.id] });
    expect(again.json<BulkResponse>().results).toEqual([{ id: first.id, outcome: 'skipped', message: 'Ute not found' }]);
  });

  it('answers 400 with a clear message for a bad body, and nothing changes', async () => {
    const [ute] = await createUtes(t.database.db, 1);
    const ids = Array.from({ length: BULK_MAX_IDS + 1 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const cases: [unknown, string][] = [
      [{ action: 'reject', ids: [ute.id] }, 'reason is required to reject'],
      [{ action: 'approve', ids: [ute.id], reason: 'photos' }, 'reason and note are only for a rejection'],
      [{ action: 'reject', ids: [ute.id], reason: 'other' }, 'note is required when the reason is other'],
      [{ action: 'reject', ids: [ute.id], reason: 'rude' }, 'reason must be one of'],
      [{ action: 'approve', ids: [] }, 'ids must hold at least 1 id'],
      [{ action: 'approve', ids }, `ids must hold at most ${BULK_MAX_IDS} ids`],
      [{ action: 'approve', ids: [ute.id, ute.id] }, 'ids must not repeat an id'],
      [{ action: 'approve', ids: ['not-an-id'] }, 'ids must be valid ids'],
      [{ action: 'publish', ids: [ute.id] }, 'action must be one of approve, reject, delete'],
      [{ action: 'reject', ids: [ute.id], reason: 'photos', note: 'x'.repeat(501) }, 'note must be at most 500 characters'],
      [{ action: 'reject', ids: [ute.id], reason: 'photos', note: 'a\u0000b' }, 'contains a character that is not allowed'],
    ];
    for (const [payload, message] of cases) {
      const response = await bulk(routePaths.utesBulk, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(response.body).toContain(message);
    }
    expect((await uteById(ute.id)).status).toBe('Pending');
    expect(await auditRowsOf(ute.id)).toEqual([]);
  });
});

describe('the single status calls take a reason too', () => {
  it('rejects one job with a reason and note, shows it with the job, and tells the lister', async () => {
    const db = t.database.db;
    const lister = await createUser(db, { firstName: 'Jo', email: 'jo.jobs@example.com' });
    const [job] = await createJobs(db, [{ postedBy: lister.id, title: 'Tip run', status: 'Pending' }]);
    const response = await t.request({
      method: 'PATCH',
      url: `/user-job-status/${job.id}?status=Rejected`,
      payload: { reason: 'other', note: 'The budget is for a different city.' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await jobById(job.id)).rejection).toEqual({ reason: 'other', note: 'The budget is for a different city.' });
    const mail = await t.smtp.waitForMail((received) => received.to.includes('jo.jobs@example.com'));
    expect(mail.subject).toBe(`Your job listing ${job.jobId} was not approved`);
    expect(mail.text).toContain(`The reason: ${REJECTION_REASON_LABELS.other}.`);
    expect(mail.text).toContain('A note from our team: The budget is for a different city.');
    expect(await activitiesOf(lister.id)).toEqual([
      expect.objectContaining({ activity: 'listing-rejected', activity_to: { jobName: 'Tip run', jobId: job.jobId } }),
    ]);
  });

  it("keeps the spec's call without a body working: rejected with no reason, the lister still told", async () => {
    const db = t.database.db;
    const lister = await createUser(db, { firstName: 'Sam', email: 'sam.spec@example.com' });
    const [ute] = await createUtes(db, [{ ownerId: lister.id, status: 'Pending' }]);
    const response = await t.request({ method: 'PATCH', url: `/user-ute-status/${ute.id}?status=Rejected` });
    expect(response.statusCode, response.body).toBe(200);
    expect((await uteById(ute.id)).rejection).toBeNull();
    const mail = await t.smtp.waitForMail((received) => received.to.includes('sam.spec@example.com'));
    expect(mail.text).not.toContain('The reason');
  });

  it('answers 400 for a bad reason and 409 for a conflicting state, with no notice', async () => {
    const db = t.database.db;
    const lister = await createUser(db, { email: 'no.notice@example.com' });
    const [approvedJob] = await createJobs(db, [{ postedBy: lister.id, status: 'Approved' }]);
    const bad = await t.request({ method: 'PATCH', url: `/user-job-status/${approvedJob.id}?status=Rejected`, payload: { reason: 'rude' } });
    expect(bad.statusCode).toBe(400);
    const conflicting = await t.request({ method: 'PATCH', url: `/user-job-status/${approvedJob.id}?status=Rejected`, payload: { reason: 'price' } });
    expect(conflicting.statusCode).toBe(409);
    await t.app.ctx.mailer.settle();
    expect(t.smtp.mails.filter((mail) => mail.to.includes('no.notice@example.com'))).toEqual([]);
    expect(await activitiesOf(lister.id)).toEqual([]);
  });
});

describe('POST /jobs/bulk', () => {
  it('skips an Approved job for a rejection with the rule that forbids it', async () => {
    const [pending, approved] = await createJobs(t.database.db, [{ status: 'Pending' }, { status: 'Approved' }]);
    const response = await bulk(routePaths.jobsBulk, { action: 'reject', ids: [pending.id, approved.id], reason: 'duplicate' });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<BulkResponse>();
    expect(body.results.map((result) => result.outcome)).toEqual(['done', 'skipped']);
    expect(body.results[1].message).toBe('An approved job cannot be rejected');
    expect((await jobById(pending.id)).rejection).toEqual({ reason: 'duplicate', note: null });
  });
});

describe('POST /users/bulk', () => {
  it('deactivates and activates users, one audit entry each, skipping those already so', async () => {
    const [active, inactive] = await createUsers(t.database.db, [{ isActive: true }, { isActive: false }]);
    const response = await bulk(routePaths.usersBulk, { action: 'deactivate', ids: [active.id, inactive.id, MISSING_ID] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<BulkResponse>().results).toEqual([
      { id: active.id, outcome: 'done', message: 'User deactivated successfully' },
      { id: inactive.id, outcome: 'skipped', message: 'User is already inactive' },
      { id: MISSING_ID, outcome: 'skipped', message: 'User not found' },
    ]);
    const [row] = await t.database.db.select({ isActive: users.isActive }).from(users).where(eq(users.id, active.id));
    expect(row.isActive).toBe(false);
    expect((await auditRowsOf(active.id)).map((entry) => entry.action)).toEqual(['user.deactivate']);
    const bad = await bulk(routePaths.usersBulk, { action: 'delete', ids: [active.id] });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('action must be one of activate, deactivate');
  });
});

describe('POST /queries/bulk', () => {
  it('deletes queries, skipping one already deleted', async () => {
    const [first, second] = await createCustomerQueries(t.database.db, 2);
    await t.request({ method: 'PUT', url: `/delete-queries/${second.id}` });
    const response = await bulk(routePaths.queriesBulk, { action: 'delete', ids: [first.id, second.id] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<BulkResponse>()).toMatchObject({ done: 1, skipped: 1 });
    const [row] = await t.database.db.select({ deletedAt: customerQueries.deletedAt }).from(customerQueries).where(eq(customerQueries.id, first.id));
    expect(row.deletedAt).not.toBeNull();
  });
});
