import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { WORK_QUEUES, type AdminRole, type WorkQueue, type WorkQueueCount } from '@ute/contract';
import { queryRows } from '../../db/database';
import { disputes, jobBookings, payments, queryReplies, refunds, uteBookings } from '../../db/schema';
import { upsertAdmin } from '../auth/auth.repository';
import { hashPassword } from '../auth/passwords';
import {
  createCustomerQueries,
  createJobBookings,
  createJobs,
  createPayments,
  createQueryReply,
  createShipment,
  createStripeOwner,
  createUteBookings,
  createUtes,
} from '../../test/factories';
import { createTestApp, engine, type TestApp } from '../../test/testApp';

/**
 * Each queue's rows counted the slow, obviously right way, and the list call filtered to them. The
 * list's first page must be these rows in the list's order (newest first), and its total their number.
 */
const QUEUES: Record<WorkQueue, { table: string; where: string; list: string; rowsOf: (body: never) => { _id: string }[]; totalOf: (body: never) => number }> =
  {
    pendingUtes: {
      table: 'utes',
      where: "deleted_at is null and status not in ('Approved', 'Rejected')",
      list: '/get-all-ute-list?status=Pending',
      rowsOf: (body: { data: { _id: string }[] }) => body.data,
      totalOf: (body: { totalCount: number }) => body.totalCount,
    },
    pendingJobs: {
      table: 'jobs',
      where: "deleted_at is null and status not in ('Approved', 'Rejected')",
      list: '/get-all-job-list?status=Pending',
      rowsOf: (body: { data: { _id: string }[] }) => body.data,
      totalOf: (body: { totalCount: number }) => body.totalCount,
    },
    uteBookingsAwaitingPayout: {
      table: 'ute_bookings',
      where: "deleted_at is null and status = 'delivered' and transfer_state = 'none'",
      list: '/ute-booking-list?awaitingPayout=true',
      rowsOf: (body: { data: { _id: string }[] }) => body.data,
      totalOf: (body: { totalCount: number }) => body.totalCount,
    },
    jobBookingsAwaitingPayout: {
      table: 'job_bookings',
      where: "deleted_at is null and status = 'delivered' and transfer_state = 'none'",
      list: '/job-booking-list?awaitingPayout=true',
      rowsOf: (body: { data: { _id: string }[] }) => body.data,
      totalOf: (body: { totalCount: number }) => body.totalCount,
    },
    manualPaymentsAwaitingAcceptance: {
      table: 'payments',
      where: "not is_stripe and status <> 'inProgress'",
      list: '/get-update-manual-status?awaitingAcceptance=true',
      rowsOf: (body: { data: { _id: string }[] }) => body.data,
      totalOf: (body: { totalCount: number }) => body.totalCount,
    },
    unansweredQueries: {
      table: 'customer_queries',
      where: 'deleted_at is null and not exists (select from query_replies as r where r.query_id = customer_queries.id)',
      list: '/all-queries?unanswered=true',
      rowsOf: (body: { queries: { _id: string }[] }) => body.queries,
      totalOf: (body: { totalCount: number }) => body.totalCount,
    },
    quotesAwaitingPrice: {
      table: 'shipments',
      where: "deleted_at is null and status = 'requested'",
      list: '/all-shipments?awaitingPrice=true',
      rowsOf: (body: { data: { _id: string }[] }) => body.data,
      totalOf: (body: { totalCounts: number }) => body.totalCounts,
    },
    disputesNeedingEvidence: {
      table: 'disputes',
      where: "status in ('warning_needs_response', 'needs_response') and evidence_submitted_at is null",
      list: '/disputes?status=needs_response',
      rowsOf: (body: { data: { id: string }[] }) => body.data.map((row) => ({ _id: row.id })),
      totalOf: (body: { totalCount: number }) => body.totalCount,
    },
    undecidedRefunds: {
      table: 'refunds',
      where: "recovery = 'undecided'",
      list: '/refunds?recovery=undecided',
      rowsOf: (body: { data: { id: string }[] }) => body.data.map((row) => ({ _id: row.id })),
      totalOf: (body: { totalCount: number }) => body.totalCount,
    },
  };

/** The lists not read newest first: Disputes reads by evidence due date, soonest first (docs/design.md §9.7). */
const LIST_ORDERS: Partial<Record<WorkQueue, string>> = { disputesNeedingEvidence: 'evidence_due_by asc nulls last, created_at desc, id asc' };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seeded: true, twoFactor: true });
});
afterAll(() => t.close());

async function countOf(queue: WorkQueue): Promise<number> {
  const { table, where } = QUEUES[queue];
  const [row] = await queryRows<{ count: string | number }>(t.database.db, sql.raw(`select count(*) from ${table} where ${where}`));
  return Number(row.count);
}

async function firstPageIdsOf(queue: WorkQueue): Promise<string[]> {
  const { table, where } = QUEUES[queue];
  const orderBy = LIST_ORDERS[queue] ?? 'created_at desc, id desc';
  const rows = await queryRows<{ id: string }>(t.database.db, sql.raw(`select id from ${table} where ${where} order by ${orderBy} limit 10`));
  return rows.map((row) => row.id);
}

async function workQueues(token?: string): Promise<WorkQueueCount[]> {
  const response = await t.request({ method: 'GET', url: '/work-queues', token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: WorkQueueCount[] }>().data;
}

/** Every queue: the answer of work-queues, COUNT(*) of its rows, and its filtered list agree. */
async function expectQueuesExact(): Promise<Record<WorkQueue, number>> {
  const answered = await workQueues();
  expect(answered.map((entry) => entry.queue)).toEqual([...WORK_QUEUES]);
  const counts = {} as Record<WorkQueue, number>;
  for (const { queue, count } of answered) {
    const expected = await countOf(queue);
    expect(count, queue).toBe(expected);
    // Every list's page size defaults to 10.
    const response = await t.request({ method: 'GET', url: QUEUES[queue].list });
    expect(response.statusCode, `${queue}: ${response.body}`).toBe(200);
    const body = response.json<never>();
    expect(QUEUES[queue].totalOf(body), queue).toBe(expected);
    expect(
      QUEUES[queue].rowsOf(body).map((row) => row._id),
      queue,
    ).toEqual(await firstPageIdsOf(queue));
    counts[queue] = count;
  }
  return counts;
}

describe('GET /api/admin/work-queues', () => {
  it('answers every queue equal to COUNT(*) of its rows and to its filtered list, on the seeded data', async () => {
    const counts = await expectQueuesExact();
    // The demo data has no disputes and no refunds made in Stripe's dashboard: Stripe makes them (the next test adds some).
    for (const queue of WORK_QUEUES.filter((name) => name !== 'disputesNeedingEvidence' && name !== 'undecidedRefunds'))
      expect(counts[queue], queue).toBeGreaterThan(0);
  });

  it('stays exact through inserts, the admin actions that empty the queues, updates and deletes', async () => {
    const db = t.database.db;
    const before = await expectQueuesExact();

    // Utes and jobs: three new pending, then one approved, one deleted; a rejected job.
    const newUtes = await createUtes(db, 3);
    const newJobs = await createJobs(db, [{ status: 'Pending' }, { status: 'Pending' }, { status: 'Approved' }]);
    expect((await t.request({ method: 'PATCH', url: `/user-ute-status/${newUtes[0].id}?status=Approved` })).statusCode).toBe(200);
    expect((await t.request({ method: 'PUT', url: `/delete-ute/${newUtes[1].id}` })).statusCode).toBe(200);
    expect((await t.request({ method: 'PATCH', url: `/user-job-status/${newJobs[0].id}?status=Rejected` })).statusCode).toBe(200);

    // Bookings of both tabs: delivered ones wait; a payout started or done, or a delete, takes one out.
    const { id: ownerId } = await createStripeOwner(db);
    const uteRows = await createUteBookings(db, [
      { ownerId, status: 'delivered' },
      { ownerId, status: 'delivered', transactionId: null },
      { ownerId, status: 'delivered' },
      { ownerId, status: 'pending' },
    ]);
    const jobRows = await createJobBookings(db, [
      { ownerId, status: 'delivered' },
      { ownerId, status: 'delivered', transactionId: null },
      { ownerId, status: 'dispatched' },
    ]);
    await db.update(uteBookings).set({ transferState: 'transferring' }).where(eq(uteBookings.id, uteRows[0].id));
    await db.update(uteBookings).set({ status: 'delivered' }).where(eq(uteBookings.id, uteRows[3].id));
    await db
      .update(jobBookings)
      .set({ status: sql`case when ${jobBookings.status} = 'delivered' then 'completed' else 'delivered' end` })
      .where(
        inArray(
          jobBookings.id,
          jobRows.map((row) => row.id),
        ),
      );
    expect((await t.request({ method: 'PUT', url: `/delete-job-booking/${jobRows[2].id}` })).statusCode).toBe(200);

    // Manual payments: accepted ones leave the queue; Stripe ones never join it.
    const newPayments = await createPayments(db, [{ isJob: false }, { isJob: true }, { isJob: true }, { isStripe: true, transactionId: 'pi_queue' }]);
    expect((await t.request({ method: 'PUT', url: `/update-manual-status/${newPayments[0].id}` })).statusCode).toBe(200);
    await db.delete(payments).where(eq(payments.id, newPayments[1].id));

    // Queries: a reply answers one (twice: no change); a reply stored then removed leaves one waiting.
    const newQueries = await createCustomerQueries(db, 3);
    expect((await t.request({ method: 'PATCH', url: '/reply-query', payload: { queryId: newQueries[0].id, reply: 'On its way.' } })).statusCode).toBe(200);
    expect((await t.request({ method: 'PATCH', url: '/reply-query', payload: { queryId: newQueries[0].id, reply: 'Again.' } })).statusCode).toBe(200);
    const stray = await createQueryReply(db, { queryId: newQueries[1].id });
    await db.delete(queryReplies).where(eq(queryReplies.id, stray.id));
    await createQueryReply(db, { queryId: newQueries[2].id });
    expect((await t.request({ method: 'PUT', url: `/delete-queries/${newQueries[2].id}` })).statusCode).toBe(200);

    // Quotes: a priced one and a rejected one leave the queue.
    const quotes = [await createShipment(db), await createShipment(db), await createShipment(db)];
    expect(
      (await t.request({ method: 'POST', url: `/send-quote-price-email/${quotes[0].id}`, payload: { email: 'queue@example.com', price: '120' } })).statusCode,
    ).toBe(200);
    expect((await t.request({ method: 'DELETE', url: `/reject-quote/${quotes[1].id}` })).statusCode).toBe(200);

    // Disputes: Stripe waits for evidence on new ones (inquiries too); submitted evidence or a close takes one out.
    const dueBy = (days: number) => new Date(Date.now() + days * 86_400_000);
    const disputeRows = await db
      .insert(disputes)
      .values(
        ['needs_response', 'warning_needs_response', 'needs_response', 'under_review'].map((status, index) => ({
          stripeDisputeId: `dp_queue_${index}_${Date.now()}`,
          amountCents: 1000,
          currency: 'aud',
          reason: 'fraudulent',
          status,
          stripeCreatedAt: new Date(),
          lastEventAt: new Date(),
          evidenceDueBy: dueBy(index + 1),
        })),
      )
      .returning();
    await db.update(disputes).set({ evidenceSubmittedAt: new Date() }).where(eq(disputes.id, disputeRows[0].id));
    await db.update(disputes).set({ status: 'lost' }).where(eq(disputes.id, disputeRows[2].id));

    // Refunds: two made in Stripe's dashboard wait for a recovery choice; choosing one takes it out.
    const refundPayments = await createPayments(db, [{ isStripe: true, status: 'succeeded', transactionId: 'pi_queue_refund', amountCents: 5_000 }]);
    const refundRows = await db
      .insert(refunds)
      .values(
        [1, 2].map((n) => ({
          paymentId: refundPayments[0].id,
          amountCents: 1_000,
          reason: 'other' as const,
          recovery: 'undecided' as const,
          method: 'stripe' as const,
          status: 'succeeded' as const,
          idempotencyKey: `stripe-re_queue_${n}_${Date.now()}`,
        })),
      )
      .returning();
    await db.update(refunds).set({ recovery: 'absorb' }).where(eq(refunds.id, refundRows[0].id));

    const after = await expectQueuesExact();
    expect(after).toEqual({
      pendingUtes: before.pendingUtes + 1,
      pendingJobs: before.pendingJobs + 1,
      uteBookingsAwaitingPayout: before.uteBookingsAwaitingPayout + 3,
      jobBookingsAwaitingPayout: before.jobBookingsAwaitingPayout,
      manualPaymentsAwaitingAcceptance: before.manualPaymentsAwaitingAcceptance + 1,
      unansweredQueries: before.unansweredQueries + 1,
      quotesAwaitingPrice: before.quotesAwaitingPrice + 1,
      disputesNeedingEvidence: before.disputesNeedingEvidence + 1,
      undecidedRefunds: before.undecidedRefunds + 1,
    });
  });

  // Only PostgreSQL runs two transactions at once (PGlite has one connection).
  it.runIf(engine === 'postgres')('counts two first replies to one query, committed at once, as one answered query', async () => {
    const db = t.database.db;
    const [query] = await createCustomerQueries(db, 1);
    const before = await countOf('unansweredQueries');
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // The first reply's transaction stays open while the second inserts its own: without the
    // trigger's lock on the query, each would see no other reply and both would count it answered.
    const first = db.transaction(async (tx) => {
      await tx.insert(queryReplies).values({ queryId: query.id, message: 'First.' });
      await gate;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const second = db.transaction(async (tx) => {
      await tx.insert(queryReplies).values({ queryId: query.id, message: 'Second.' });
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    await Promise.all([first, second]);
    expect(await countOf('unansweredQueries')).toBe(before - 1);
    const kept = (await workQueues()).find((entry) => entry.queue === 'unansweredQueries');
    expect(kept?.count).toBe(before - 1);
  });

  it('answers only the queues whose lists the caller may open', async () => {
    const expected: [AdminRole[], WorkQueue[]][] = [
      [['moderator'], ['pendingUtes', 'pendingJobs', 'quotesAwaitingPrice']],
      [
        ['finance'],
        ['uteBookingsAwaitingPayout', 'jobBookingsAwaitingPayout', 'manualPaymentsAwaitingAcceptance', 'disputesNeedingEvidence', 'undecidedRefunds'],
      ],
      [['support'], ['unansweredQueries']],
      [['content'], []],
      [['owner'], [...WORK_QUEUES]],
    ];
    for (const [roles, queues] of expected) {
      const email = `queues-${roles.join('-')}@test.local`;
      await upsertAdmin(t.database.db, email, await hashPassword('queue-walk-password-1'), roles);
      const signIn = await t.request({ method: 'POST', url: '/sign-in', payload: { email, password: 'queue-walk-password-1' }, token: null });
      expect(signIn.statusCode, signIn.body).toBe(200);
      const answered = await workQueues(signIn.json<{ token: string }>().token);
      expect(
        answered.map((entry) => entry.queue),
        roles.join(','),
      ).toEqual(queues);
    }
  });
});

describe('the work-queue filters of the lists', () => {
  it.each([
    ['/get-all-ute-list?status=Approved', 'status must be Pending'],
    ['/get-all-job-list?status=pending', 'status must be Pending'],
    ['/ute-booking-list?awaitingPayout=false', 'awaitingPayout must be true'],
    ['/get-update-manual-status?awaitingAcceptance=1', 'awaitingAcceptance must be true'],
    ['/all-queries?unanswered=yes', 'unanswered must be true'],
    ['/all-shipments?awaitingPrice=false', 'awaitingPrice must be true'],
  ])('rejects %s with 400', async (url, message) => {
    const response = await t.request({ method: 'GET', url });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(message);
  });

  it('narrows a booking tab or a manual payment kind when one is given with the filter', async () => {
    for (const [url, where] of [
      [
        '/ute-booking-list?awaitingPayout=true&payment=manual',
        "deleted_at is null and status = 'delivered' and transfer_state = 'none' and transaction_id is null",
      ],
      [
        '/job-booking-list?awaitingPayout=true&payment=stripe',
        "deleted_at is null and status = 'delivered' and transfer_state = 'none' and transaction_id is not null",
      ],
    ] as const) {
      const table = url.startsWith('/ute') ? 'ute_bookings' : 'job_bookings';
      const [row] = await queryRows<{ count: string | number }>(t.database.db, sql.raw(`select count(*) from ${table} where ${where}`));
      expect((await t.request({ method: 'GET', url })).json<{ totalCount: number }>().totalCount, url).toBe(Number(row.count));
    }
    const [jobs] = await queryRows<{ count: string | number }>(
      t.database.db,
      sql.raw("select count(*) from payments where not is_stripe and is_job and status <> 'inProgress'"),
    );
    const response = await t.request({ method: 'GET', url: '/get-update-manual-status?awaitingAcceptance=true&kind=job' });
    expect(response.json<{ totalCount: number }>().totalCount).toBe(Number(jobs.count));
  });
});
