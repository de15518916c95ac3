import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessTexts,
  DEFAULT_WORK_QUEUE_THRESHOLDS,
  workItemTexts,
  type CustomerQuery,
  type Ute,
  type WorkItemResponse,
  type WorkQueueCount,
  type WorkQueueThresholds,
} from '@ute/contract';
import { queryRows } from '../../db/database';
import { admins } from '../../db/tables/auth.table';
import { auditLog } from '../../db/tables/audit.table';
import { disputes } from '../../db/tables/disputes.table';
import { notifications } from '../../db/tables/notifications.table';
import { queryReplies } from '../../db/tables/queries.table';
import { utes } from '../../db/tables/utes.table';
import { workItems } from '../../db/tables/workItems.table';
import { createCustomerQuery, createPayment, createQueryReply, createShipment, createUser, createUte, createUteBooking } from '../../test/factories';
import { createTestApp, engine, signInAs, TEST_ADMIN, type TestApp } from '../../test/testApp';
import { createDashboardService } from '../dashboard/dashboard.service';
import { createAssignmentsService } from './assignments.service';

const HOUR = 60 * 60_000;

/** Assignment and queue ages (docs/design.md §15) on both engines: the triggers, every call's 200/400/403/404/409, the counts. */
describe(`assignments api (${engine})`, () => {
  let t: TestApp;
  let ownerId: string;
  let moderator: { id: string; token: string };
  let moderator2: { id: string; token: string };
  let support: { id: string; token: string };
  let finance: { id: string; token: string };

  const db = () => t.database.db;
  const setName = (id: string, name: string) => db().update(admins).set({ name }).where(eq(admins.id, id));
  const itemOf = async (queue: string, recordId: string) => {
    const [row] = await db()
      .select()
      .from(workItems)
      .where(and(eq(workItems.queue, queue as 'pendingUtes'), eq(workItems.recordId, recordId)));
    return row ?? null;
  };
  const post = (url: string, payload: unknown, token?: string) => t.request({ method: 'POST', url, payload: payload as string, ...(token ? { token } : {}) });
  const take = (recordId: string, token: string, expectedAssigneeId: string | null = null, queue = 'pendingUtes') =>
    post(`/work-items/${queue}/${recordId}/take`, { expectedAssigneeId }, token);
  const assign = (recordId: string, assigneeId: string, token: string, expectedAssigneeId: string | null = null, queue = 'pendingUtes') =>
    post(`/work-items/${queue}/${recordId}/assign`, { assigneeId, expectedAssigneeId }, token);
  const release = (recordId: string, token: string, expectedAssigneeId: string | null, queue = 'pendingUtes') =>
    post(`/work-items/${queue}/${recordId}/release`, { expectedAssigneeId }, token);
  const workQueues = async (token: string) => {
    const response = await t.request({ method: 'GET', url: '/work-queues', token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: WorkQueueCount[] }>().data;
  };
  const backdate = (queue: string, recordId: string, enteredAt: Date) =>
    db()
      .update(workItems)
      .set({ enteredAt })
      .where(and(eq(workItems.queue, queue as 'pendingUtes'), eq(workItems.recordId, recordId)));

  beforeAll(async () => {
    t = await createTestApp();
    const [owner] = await db().select({ id: admins.id }).from(admins).where(eq(admins.email, TEST_ADMIN.email));
    ownerId = owner.id;
    moderator = await signInAs(t, ['moderator']);
    moderator2 = await signInAs(t, ['moderator']);
    support = await signInAs(t, ['support']);
    finance = await signInAs(t, ['finance']);
    await setName(ownerId, 'Olive Owner');
    await setName(moderator.id, 'Mo Moderator');
    await setName(moderator2.id, 'Max Moderator');
    await setName(support.id, 'Sam Support');
    await setName(finance.id, 'Fiona Finance');
  });
  afterAll(() => t.close());

  describe('the work items kept by the triggers', () => {
    it('a pending ute enters its queue when made and leaves it when approved or deleted, its assignment with it', async () => {
      const ute = await createUte(db());
      const item = await itemOf('pendingUtes', ute.id);
      expect(item).not.toBeNull();
      expect(item!.assigneeId).toBeNull();
      expect((await take(ute.id, moderator.token)).statusCode).toBe(200);
      // An update that keeps it pending keeps its entry time and its holder.
      await db().update(utes).set({ description: 'still pending' }).where(eq(utes.id, ute.id));
      expect(await itemOf('pendingUtes', ute.id)).toMatchObject({ enteredAt: item!.enteredAt, assigneeId: moderator.id });
      await db().update(utes).set({ status: 'Approved' }).where(eq(utes.id, ute.id));
      expect(await itemOf('pendingUtes', ute.id)).toBeNull();
      // Back to pending: it enters anew, now, unassigned.
      await db().update(utes).set({ status: 'Pending' }).where(eq(utes.id, ute.id));
      const again = await itemOf('pendingUtes', ute.id);
      expect(again!.assigneeId).toBeNull();
      expect(again!.enteredAt.getTime()).toBeGreaterThanOrEqual(item!.enteredAt.getTime());
      await db().update(utes).set({ deletedAt: new Date() }).where(eq(utes.id, ute.id));
      expect(await itemOf('pendingUtes', ute.id)).toBeNull();
    });

    it("dates the demo seed's items from their rows' creation", async () => {
      const seeded = await createTestApp({ seeded: true });
      try {
        const [found] = await queryRows<{ items: number; undated: number }>(
          seeded.database.db,
          sql`select count(*)::int as items, count(*) filter (where w.entered_at <> u.created_at)::int as undated
              from work_items w join utes u on u.id = w.record_id where w.queue = 'pendingUtes'`,
        );
        expect(found.items).toBeGreaterThan(0);
        expect(found.undated).toBe(0);
      } finally {
        await seeded.close();
      }
    });

    it('an approved ute is no work item', async () => {
      const ute = await createUte(db(), { status: 'Approved' });
      expect(await itemOf('pendingUtes', ute.id)).toBeNull();
    });

    it('a query leaves its queue with its first reply and comes back when its last reply goes', async () => {
      const query = await createCustomerQuery(db());
      expect(await itemOf('unansweredQueries', query.id)).not.toBeNull();
      const reply = await createQueryReply(db(), { queryId: query.id });
      expect(await itemOf('unansweredQueries', query.id)).toBeNull();
      await db().delete(queryReplies).where(eq(queryReplies.id, reply.id));
      expect(await itemOf('unansweredQueries', query.id)).not.toBeNull();
    });
  });

  describe('POST /api/admin/work-items/:queue/:recordId/take', () => {
    it('assigns the item to the caller, audited against the ute, without notifying them', async () => {
      const ute = await createUte(db());
      const response = await take(ute.id, moderator.token);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<WorkItemResponse>();
      expect(body.message).toBe(workItemTexts.taken);
      expect(body.data).toMatchObject({ queue: 'pendingUtes', recordId: ute.id, assigneeId: moderator.id });
      expect(Date.parse(body.data.overdueAt) - Date.parse(body.data.enteredAt)).toBe(24 * HOUR);
      const [entry] = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'work-item.assign'), eq(auditLog.targetId, ute.id)));
      expect(entry).toMatchObject({ targetType: 'ute', adminId: moderator.id });
      expect(await db().select().from(notifications).where(eq(notifications.recordId, ute.id))).toEqual([]);
    });

    it('answers 409 naming the holder when someone else holds it, and 409 when it is already mine', async () => {
      const ute = await createUte(db());
      await take(ute.id, moderator.token);
      const taken = await take(ute.id, moderator2.token);
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toEqual({ message: workItemTexts.heldBy('Mo Moderator') });
      expect((await take(ute.id, moderator.token, moderator.id)).json()).toEqual({ message: workItemTexts.alreadyYours });
      // Naming the holder takes it over.
      expect((await take(ute.id, moderator2.token, moderator.id)).statusCode).toBe(200);
      expect((await itemOf('pendingUtes', ute.id))!.assigneeId).toBe(moderator2.id);
    });

    it('answers 403 to an admin whose roles do not open the queue, before looking at the item', async () => {
      const ute = await createUte(db());
      const response = await take(ute.id, finance.token);
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json()).toEqual({ message: accessTexts.forbidden, reason: 'ROLE' });
      expect((await take(randomUUID(), finance.token)).statusCode).toBe(403);
    });

    it('answers 404 for an unknown record and 409 for a record not waiting in the queue', async () => {
      expect((await take(randomUUID(), moderator.token)).statusCode).toBe(404);
      const approved = await createUte(db(), { status: 'Approved' });
      const response = await take(approved.id, moderator.token);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: workItemTexts.leftQueue });
    });

    it('answers 400 for an unknown queue, a bad id or a bad expected holder', async () => {
      const ute = await createUte(db());
      expect((await post(`/work-items/undecidedRefunds/${ute.id}/take`, {}, moderator.token)).json<{ message: string }>().message).toBe(
        workItemTexts.queueInvalid,
      );
      expect((await post(`/work-items/pendingUtes/not-a-uuid/take`, {}, moderator.token)).statusCode).toBe(400);
      const bad = await post(`/work-items/pendingUtes/${ute.id}/take`, { expectedAssigneeId: 'x' }, moderator.token);
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ errors: { path: string; message: string }[] }>().errors).toEqual([
        { path: 'expectedAssigneeId', message: workItemTexts.expectedAssigneeIdInvalid },
      ]);
    });
  });

  describe('POST /api/admin/work-items/:queue/:recordId/assign', () => {
    it('assigns to an admin who opens the list, audits it and notifies them', async () => {
      const ute = await createUte(db(), { fullName: 'Hilux 2019' });
      const response = await assign(ute.id, moderator.id, t.token);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<WorkItemResponse>().message).toBe(workItemTexts.assigned('Mo Moderator'));
      const [notice] = await db().select().from(notifications).where(eq(notifications.recordId, ute.id));
      expect(notice).toMatchObject({
        recipientId: moderator.id,
        kind: 'assigned',
        recordType: 'ute',
        title: 'Olive Owner assigned you pending utes: Hilux 2019',
      });
      const [entry] = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'work-item.assign'), eq(auditLog.targetId, ute.id)));
      expect(entry.after).toMatchObject({ assigneeId: moderator.id, assignedBy: ownerId });
    });

    it('refuses with 400 and the reason an admin whose roles do not open the list, an inactive one and an unknown one', async () => {
      const ute = await createUte(db());
      const cannot = await assign(ute.id, support.id, t.token);
      expect(cannot.statusCode).toBe(400);
      expect(cannot.json()).toEqual({
        message: workItemTexts.assigneeCannotOpen('Sam Support', 'pending utes'),
        errors: [{ path: 'assigneeId', message: workItemTexts.assigneeCannotOpen('Sam Support', 'pending utes') }],
      });
      await db().update(admins).set({ isActive: false }).where(eq(admins.id, moderator2.id));
      try {
        expect((await assign(ute.id, moderator2.id, t.token)).json<{ message: string }>().message).toBe(workItemTexts.assigneeInactive('Max Moderator'));
      } finally {
        await db().update(admins).set({ isActive: true }).where(eq(admins.id, moderator2.id));
      }
      expect((await assign(ute.id, randomUUID(), t.token)).json<{ message: string }>().message).toBe(workItemTexts.assigneeUnknown);
      expect((await itemOf('pendingUtes', ute.id))!.assigneeId).toBeNull();
    });

    it('answers 409 when the item is held by someone other than expected, or already by the assignee', async () => {
      const ute = await createUte(db());
      await assign(ute.id, moderator.id, t.token);
      expect((await assign(ute.id, moderator2.id, t.token)).json()).toEqual({ message: workItemTexts.heldBy('Mo Moderator') });
      expect((await assign(ute.id, moderator.id, t.token, moderator.id)).json()).toEqual({ message: workItemTexts.alreadyTheirs('Mo Moderator') });
      expect((await assign(ute.id, moderator2.id, t.token, moderator.id)).statusCode).toBe(200);
    });

    it('answers 404 for an unknown record and 403 to a role that does not open the queue', async () => {
      expect((await assign(randomUUID(), moderator.id, t.token)).statusCode).toBe(404);
      const ute = await createUte(db());
      expect((await assign(ute.id, moderator.id, support.token)).statusCode).toBe(403);
    });
  });

  describe('POST /api/admin/work-items/:queue/:recordId/release', () => {
    it('releases the item, audited; 409 when nobody or someone else holds it', async () => {
      const ute = await createUte(db());
      expect((await release(ute.id, moderator.token, null)).json()).toEqual({ message: workItemTexts.notAssigned });
      await take(ute.id, moderator.token);
      expect((await release(ute.id, moderator2.token, moderator2.id)).json()).toEqual({ message: workItemTexts.heldBy('Mo Moderator') });
      const response = await release(ute.id, moderator2.token, moderator.id);
      expect(response.statusCode).toBe(200);
      expect(response.json<WorkItemResponse>().data.assigneeId).toBeNull();
      const entries = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'work-item.release'), eq(auditLog.targetId, ute.id)));
      expect(entries).toHaveLength(1);
      expect(entries[0].before).toMatchObject({ assigneeId: moderator.id });
    });

    it('answers 403, 404 and 400 as the others', async () => {
      const ute = await createUte(db());
      expect((await release(ute.id, finance.token, null)).statusCode).toBe(403);
      expect((await release(randomUUID(), moderator.token, null)).statusCode).toBe(404);
      expect((await post(`/work-items/pendingUtes/${ute.id}/release`, { extra: 1 }, moderator.token)).statusCode).toBe(400);
    });
  });

  describe('GET /api/admin/work-queues: mine, overdue and the oldest', () => {
    it('counts my items, the overdue ones by threshold, and names the oldest', async () => {
      const admin = await signInAs(t, ['moderator']);
      const [old, fresh] = [await createUte(db(), { fullName: 'Oldest Ranger' }), await createUte(db())];
      await backdate('pendingUtes', old.id, new Date(Date.now() - 1000 * 24 * HOUR));
      await backdate('pendingUtes', fresh.id, new Date(Date.now() - HOUR));
      await take(old.id, admin.token);
      await take(fresh.id, admin.token);
      const pending = (await workQueues(admin.token)).find((queue) => queue.queue === 'pendingUtes')!;
      expect(pending.mine).toBe(2);
      expect(pending.oldest).toMatchObject({ recordId: old.id, label: 'Oldest Ranger' });
      const overdueBefore = pending.overdue;
      expect(overdueBefore).toBeGreaterThanOrEqual(1);
      // Move the fresh one past 24 hours: one more overdue.
      await backdate('pendingUtes', fresh.id, new Date(Date.now() - 25 * HOUR));
      expect((await workQueues(admin.token)).find((queue) => queue.queue === 'pendingUtes')!.overdue).toBe(overdueBefore + 1);
      // Another moderator's "mine" does not count them; a queue without work items answers zeros.
      const other = await signInAs(t, ['moderator']);
      expect((await workQueues(other.token)).find((queue) => queue.queue === 'pendingUtes')!.mine).toBe(0);
      const refunds = (await workQueues(t.token)).find((queue) => queue.queue === 'undecidedRefunds')!;
      expect(refunds).toMatchObject({ mine: 0, overdue: 0, oldest: null });
    });

    it('counts queries overdue by 4 business hours in Sydney across a weekend', async () => {
      const fresh = await createTestApp();
      try {
        const query = await createCustomerQuery(fresh.database.db);
        // Entered Friday 2026-12-04 15:00 in Sydney (AEDT, UTC+11): 2 business hours that day, 2 on Monday.
        await fresh.database.db
          .update(workItems)
          .set({ enteredAt: new Date('2026-12-04T04:00:00Z') })
          .where(eq(workItems.recordId, query.id));
        const [owner] = await fresh.database.db.select({ id: admins.id, roles: admins.roles }).from(admins).where(eq(admins.email, TEST_ADMIN.email));
        const overdueAt = async (iso: string) => {
          const queues = await createDashboardService({ db: fresh.database.db, now: () => Date.parse(iso) }).getWorkQueues({
            id: owner.id,
            roles: owner.roles,
          });
          return queues.find((queue) => queue.queue === 'unansweredQueries')!.overdue;
        };
        expect(await overdueAt('2026-12-05T23:00:00Z')).toBe(0); // Monday 10:00
        expect(await overdueAt('2026-12-06T23:59:00Z')).toBe(0); // Monday 10:59
        expect(await overdueAt('2026-12-07T00:00:00Z')).toBe(1); // Monday 11:00
      } finally {
        await fresh.close();
      }
    });
  });

  describe('the lists: assignee filter, oldest first, each row its wait', () => {
    it('filters the pending utes by holder and sorts them oldest first', async () => {
      const admin = await signInAs(t, ['moderator']);
      const [a, b, c] = [await createUte(db()), await createUte(db()), await createUte(db())];
      await backdate('pendingUtes', a.id, new Date(Date.now() - 3 * HOUR));
      await backdate('pendingUtes', b.id, new Date(Date.now() - 5 * HOUR));
      await backdate('pendingUtes', c.id, new Date(Date.now() - 4 * HOUR));
      await take(a.id, admin.token);
      await take(b.id, admin.token);
      const list = async (query: string) => {
        const response = await t.request({ method: 'GET', url: `/get-all-ute-list?status=Pending&pageSize=100${query}`, token: admin.token });
        expect(response.statusCode, response.body).toBe(200);
        return response.json<{ data: Ute[]; totalCount: number }>();
      };
      const mine = await list('&assigned=me&waitSort=oldest');
      expect(mine.data.map((ute) => ute._id)).toEqual([b.id, a.id]);
      expect(mine.totalCount).toBe(2);
      expect(mine.data[0].workItem).toMatchObject({ queue: 'pendingUtes', assigneeId: admin.id });
      const unassigned = await list('&assigned=none');
      expect(unassigned.data.map((ute) => ute._id)).toContain(c.id);
      expect(unassigned.data.map((ute) => ute._id)).not.toContain(a.id);
      expect(unassigned.data.every((ute) => ute.workItem?.assigneeId === null)).toBe(true);
      const oldestFirst = (await list('&waitSort=oldest')).data.map((ute) => Date.parse(ute.workItem!.enteredAt));
      expect(oldestFirst).toEqual([...oldestFirst].sort((x, y) => x - y));
      expect((await t.request({ method: 'GET', url: '/get-all-ute-list?assigned=someone', token: admin.token })).statusCode).toBe(400);
    });

    it('gives the ute bookings awaiting payout the same filter, order and waits (finance)', async () => {
      const admin = await signInAs(t, ['finance']);
      const owner = await createUser(db());
      const [older, newer] = [
        await createUteBooking(db(), { ownerId: owner.id, status: 'delivered', transferState: 'none' }),
        await createUteBooking(db(), { ownerId: owner.id, status: 'delivered', transferState: 'none' }),
      ];
      await backdate('uteBookingsAwaitingPayout', older.id, new Date(Date.now() - 50 * HOUR));
      await take(older.id, admin.token, null, 'uteBookingsAwaitingPayout');
      await take(newer.id, admin.token, null, 'uteBookingsAwaitingPayout');
      const response = await t.request({ method: 'GET', url: '/ute-booking-list?awaitingPayout=true&assigned=me&waitSort=oldest', token: admin.token });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<{ data: { _id: string; workItem: { assigneeId: string; overdueAt: string } | null }[]; totalCount: number }>();
      expect(body.data.map((row) => row._id)).toEqual([older.id, newer.id]);
      expect(body.totalCount).toBe(2);
      expect(Date.parse(body.data[0].workItem!.overdueAt)).toBeLessThan(Date.now());
      expect(Date.parse(body.data[1].workItem!.overdueAt)).toBeGreaterThan(Date.now());
    });

    it('gives the quotes awaiting a price the same filter and waits', async () => {
      const admin = await signInAs(t, ['moderator']);
      const quote = await createShipment(db(), { status: 'requested' });
      await take(quote.id, admin.token, null, 'quotesAwaitingPrice');
      const response = await t.request({ method: 'GET', url: '/all-shipments?awaitingPrice=true&assigned=me&waitSort=oldest', token: admin.token });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<{ data: { _id: string; workItem: { queue: string; assigneeId: string } | null }[]; totalCounts: number }>();
      expect(body.data.map((row) => row._id)).toEqual([quote.id]);
      expect(body.totalCounts).toBe(1);
      expect(body.data[0].workItem).toMatchObject({ queue: 'quotesAwaitingPrice', assigneeId: admin.id });
    });

    it('gives the manual payments awaiting acceptance the same filter and waits (finance)', async () => {
      const admin = await signInAs(t, ['finance']);
      const payment = await createPayment(db(), { isStripe: false, status: 'pending' });
      expect(await itemOf('manualPaymentsAwaitingAcceptance', payment.id)).not.toBeNull();
      await take(payment.id, admin.token, null, 'manualPaymentsAwaitingAcceptance');
      const response = await t.request({
        method: 'GET',
        url: '/get-update-manual-status?awaitingAcceptance=true&assigned=me&waitSort=oldest',
        token: admin.token,
      });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<{ data: { _id: string; workItem: { queue: string; assigneeId: string } | null }[]; totalCount: number }>();
      expect(body.data.map((row) => row._id)).toEqual([payment.id]);
      expect(body.data[0].workItem).toMatchObject({ queue: 'manualPaymentsAwaitingAcceptance', assigneeId: admin.id });
    });

    it('gives the disputes needing evidence the same filter and waits (finance)', async () => {
      const admin = await signInAs(t, ['finance']);
      const [dispute] = await db()
        .insert(disputes)
        .values({
          stripeDisputeId: `dp_${randomUUID()}`,
          amountCents: 5000,
          currency: 'aud',
          reason: 'fraudulent',
          status: 'needs_response',
          stripeCreatedAt: new Date(),
          lastEventAt: new Date(),
        })
        .returning();
      await take(dispute.id, admin.token, null, 'disputesNeedingEvidence');
      const response = await t.request({ method: 'GET', url: '/disputes?status=needs_response&assigned=me&waitSort=oldest', token: admin.token });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<{ data: { id: string; workItem: { queue: string; assigneeId: string } | null }[]; totalCount: number }>();
      expect(body.data.map((row) => row.id)).toEqual([dispute.id]);
      expect(body.totalCount).toBe(1);
      expect(body.data[0].workItem).toMatchObject({ queue: 'disputesNeedingEvidence', assigneeId: admin.id });
    });

    it('gives the queries list the same filter and each row its wait', async () => {
      const admin = await signInAs(t, ['support']);
      const query = await createCustomerQuery(db());
      await take(query.id, admin.token, null, 'unansweredQueries');
      const response = await t.request({ method: 'GET', url: '/all-queries?unanswered=true&assigned=me', token: admin.token });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<{ queries: CustomerQuery[]; totalCount: number }>();
      expect(body.queries.map((row) => row._id)).toEqual([query.id]);
      expect(body.queries[0].workItem).toMatchObject({ queue: 'unansweredQueries', assigneeId: admin.id });
      expect(Date.parse(body.queries[0].workItem!.overdueAt)).toBeGreaterThan(Date.parse(body.queries[0].workItem!.enteredAt));
    });
  });

  describe('the overdue thresholds', () => {
    it('answers the defaults to any admin, and changes only by an owner with a fresh second factor, audited', async () => {
      const read = await t.request({ method: 'GET', url: '/work-queue-thresholds', token: support.token });
      expect(read.statusCode).toBe(200);
      const { version: loadedVersion, ...thresholds } = read.json<WorkQueueThresholds & { version: string }>();
      expect(thresholds).toEqual(DEFAULT_WORK_QUEUE_THRESHOLDS);
      expect(loadedVersion).toMatch(/^\d+$/);
      const next: WorkQueueThresholds = { ...DEFAULT_WORK_QUEUE_THRESHOLDS, pendingUtes: { hours: 2, isBusinessHours: false } };
      expect((await t.request({ method: 'PUT', url: '/update-work-queue-thresholds', payload: next, token: moderator.token })).statusCode).toBe(403);
      const owner = await signInAs(t, ['owner'], { twoFactor: true });
      const bad = await t.request({
        method: 'PUT',
        url: '/update-work-queue-thresholds',
        payload: { ...next, pendingUtes: { hours: 0, isBusinessHours: false } },
        token: owner.token,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ errors: { path: string; message: string }[] }>().errors).toEqual([
        { path: 'pendingUtes.hours', message: 'A threshold is at least 1 hour' },
      ]);
      const saved = await t.request({
        method: 'PUT',
        url: '/update-work-queue-thresholds',
        payload: next,
        token: owner.token,
        headers: { 'if-match': loadedVersion },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toEqual({ message: workItemTexts.thresholdsSaved, data: next, version: expect.stringMatching(/^\d+$/) });
      // Another owner's change on the version loaded before: 409 (docs/design.md §14), theirs stays.
      const otherOwner = await signInAs(t, ['owner'], { twoFactor: true });
      const stale = await t.request({
        method: 'PUT',
        url: '/update-work-queue-thresholds',
        payload: DEFAULT_WORK_QUEUE_THRESHOLDS,
        token: otherOwner.token,
        headers: { 'if-match': loadedVersion },
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json<{ message: string }>().message).toMatch(/^Changed by .+ at .+, after you opened it\. Reload to see the change\.$/);
      const [entry] = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'settings.update'), eq(auditLog.targetId, 'work_queue_thresholds')));
      expect(entry.after).toEqual(next);
      try {
        const ute = await createUte(db());
        await backdate('pendingUtes', ute.id, new Date(Date.now() - 3 * HOUR));
        const response = await t.request({ method: 'GET', url: `/get-all-ute-list?id=${ute.id}`, token: moderator.token });
        const row = response.json<{ data: Ute[] }>().data[0];
        expect(Date.parse(row.workItem!.overdueAt)).toBeLessThan(Date.now());
      } finally {
        await t.request({ method: 'PUT', url: '/update-work-queue-thresholds', payload: DEFAULT_WORK_QUEUE_THRESHOLDS, token: owner.token });
      }
    });
  });

  describe('the work-items-overdue job', () => {
    it('notifies the holder of an overdue item once per assignment', async () => {
      const admin = await signInAs(t, ['moderator']);
      const ute = await createUte(db(), { fullName: 'Late Navara' });
      await take(ute.id, admin.token);
      await backdate('pendingUtes', ute.id, new Date(Date.now() - 30 * HOUR));
      const job = createAssignmentsService({ db: db() });
      await job.notifyOverdue();
      await job.notifyOverdue();
      const mine = () =>
        db()
          .select()
          .from(notifications)
          .where(and(eq(notifications.recipientId, admin.id), eq(notifications.kind, 'overdue')));
      expect(await mine()).toHaveLength(1);
      expect((await mine())[0]).toMatchObject({ recordType: 'ute', recordId: ute.id, title: 'Overdue: pending utes: Late Navara' });
      // Released and taken again: a new assignment, told again once.
      await release(ute.id, admin.token, admin.id);
      await db().execute(sql`select pg_sleep(0.01)`);
      await take(ute.id, admin.token);
      await job.notifyOverdue();
      expect(await mine()).toHaveLength(2);
    });
  });
});
