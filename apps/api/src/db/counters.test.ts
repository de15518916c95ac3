import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray, not, sql } from 'drizzle-orm';
import { createCustomerQueries, createJobBookings, createPayments, createStripeOwner, createUteBookings } from '../test/factories';
import { createTestApp, type TestApp } from '../test/testApp';
import { queryRows } from './database';
import { customerQueries, jobBookings, payments, uteBookings } from './schema';
import { COUNTERS, readCounters, type CounterName } from './counters';

/** What each trigger-kept counter must equal, as COUNT(*) over the rows it describes. */
const COUNTED_BY: Record<CounterName, string> = {
  users: 'select count(*) from users where deleted_at is null',
  users_active: 'select count(*) from users where deleted_at is null and is_active',
  users_inactive: 'select count(*) from users where deleted_at is null and not is_active',
  ute_bookings: 'select count(*) from ute_bookings where deleted_at is null',
  job_bookings: 'select count(*) from job_bookings where deleted_at is null',
  utes: 'select count(*) from utes where deleted_at is null',
  jobs: 'select count(*) from jobs where deleted_at is null',
  customer_queries: 'select count(*) from customer_queries where deleted_at is null',
  ute_bookings_stripe: 'select count(*) from ute_bookings where deleted_at is null and transaction_id is not null',
  ute_bookings_manual: 'select count(*) from ute_bookings where deleted_at is null and transaction_id is null',
  job_bookings_stripe: 'select count(*) from job_bookings where deleted_at is null and transaction_id is not null',
  job_bookings_manual: 'select count(*) from job_bookings where deleted_at is null and transaction_id is null',
  payments_stripe: 'select count(*) from payments where is_stripe',
  payments_manual_ute: 'select count(*) from payments where not is_stripe and not is_job',
  payments_manual_job: 'select count(*) from payments where not is_stripe and is_job',
  utes_pending: "select count(*) from utes where deleted_at is null and status not in ('Approved', 'Rejected')",
  jobs_pending: "select count(*) from jobs where deleted_at is null and status not in ('Approved', 'Rejected')",
  ute_bookings_awaiting_payout: "select count(*) from ute_bookings where deleted_at is null and status = 'delivered' and transfer_state = 'none'",
  job_bookings_awaiting_payout: "select count(*) from job_bookings where deleted_at is null and status = 'delivered' and transfer_state = 'none'",
  payments_manual_awaiting: "select count(*) from payments where not is_stripe and status <> 'inProgress'",
  shipments_awaiting_price: "select count(*) from shipments where deleted_at is null and status = 'requested'",
  customer_queries_unanswered:
    'select count(*) from customer_queries as q where q.deleted_at is null and not exists (select from query_replies as r where r.query_id = q.id)',
  disputes_needing_evidence: "select count(*) from disputes where status in ('warning_needs_response', 'needs_response') and evidence_submitted_at is null",
  refunds_undecided: "select count(*) from refunds where recovery = 'undecided'",
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seeded: true });
});
afterAll(async () => {
  await t.close();
});

async function countersAndCounts() {
  const counters = await queryRows<{ name: string; value: string | number }>(t.database.db, sql`select name, value from stat_counters`);
  const kept = Object.fromEntries(counters.map((row) => [row.name, Number(row.value)]));
  const actual: Record<string, number> = {};
  for (const [name, query] of Object.entries(COUNTED_BY)) {
    const [row] = await queryRows<{ count: string | number }>(t.database.db, sql.raw(query));
    actual[name] = Number(row.count);
  }
  return { kept: Object.fromEntries(Object.keys(COUNTED_BY).map((name) => [name, kept[name]])), actual };
}

describe('counter names', () => {
  it('are exactly the rows the migrations leave in stat_counters, on an empty database too', async () => {
    const empty = await createTestApp();
    try {
      for (const db of [empty.database.db, t.database.db]) {
        const rows = await queryRows<{ name: string }>(db, sql`select name from stat_counters`);
        expect(rows.map((row) => row.name).sort()).toEqual(Object.values(COUNTERS).sort());
      }
    } finally {
      await empty.close();
    }
  });

  it('read as a record keyed by name', async () => {
    const { actual } = await countersAndCounts();
    expect(await readCounters(t.database.db, [COUNTERS.utes, COUNTERS.paymentsStripe])).toEqual({ utes: actual.utes, payments_stripe: actual.payments_stripe });
    expect(await readCounters(t.database.db, [])).toEqual({});
  });
});

describe('counters (migrations 0001, 0002 and 0008)', () => {
  it('start equal to COUNT(*) of the seeded rows, none of them zero', async () => {
    const { kept, actual } = await countersAndCounts();
    expect(kept).toEqual(actual);
    // The demo data has no disputes and no refunds made in Stripe's dashboard (Stripe makes them): those queues start empty.
    for (const [name, value] of Object.entries(actual)) {
      if (name !== COUNTERS.disputesNeedingEvidence && name !== COUNTERS.refundsUndecided) expect(value, name).toBeGreaterThan(0);
    }
  });

  it('stay exact through multi-row inserts, moves between tabs, soft deletes and hard deletes', async () => {
    const db = t.database.db;
    // The rows this test changes, its own: ute bookings of both tabs, job bookings, queries, manual payments.
    const { id: ownerId } = await createStripeOwner(db);
    const uteRows = await createUteBookings(
      db,
      [0, 1, 2, 3, 4, 5].map((i) => ({ ownerId, transactionId: i % 2 === 0 ? null : `pi_counter${i}` })),
    );
    const jobRows = await createJobBookings(db, [{ ownerId }, { ownerId, transactionId: null }, { ownerId }]);
    const queryRowsToDelete = await createCustomerQueries(db, 2);
    const manual = await createPayments(db, [{ isJob: false }, { isJob: true }, { isJob: false }, { isJob: true }]);
    const idsOf = (rows: { id: string }[]) => rows.map((row) => row.id);

    const before = (await countersAndCounts()).actual;
    const inserted = await createPayments(db, [
      { paymentBy: 'Counter Test', amountCents: 100, isStripe: true, isJob: false },
      { paymentBy: 'Counter Test', amountCents: 200, isStripe: false, isJob: true },
      { paymentBy: 'Counter Test', amountCents: 300, isStripe: false, isJob: false },
    ]);
    // One statement moving rows between the Stripe and manual tabs in both directions.
    await db
      .update(uteBookings)
      .set({ transactionId: sql`case when ${uteBookings.transactionId} is null then 'txn_counter_test' else null end` })
      .where(inArray(uteBookings.id, idsOf(uteRows)));
    await db
      .update(jobBookings)
      .set({ deletedAt: new Date() })
      .where(inArray(jobBookings.id, idsOf(jobRows)));
    await db
      .update(customerQueries)
      .set({ deletedAt: new Date() })
      .where(inArray(customerQueries.id, idsOf(queryRowsToDelete)));
    await db
      .update(payments)
      .set({ isJob: not(payments.isJob) })
      .where(inArray(payments.id, idsOf(manual)));
    await db.delete(payments).where(inArray(payments.id, idsOf(inserted)));
    // An update that changes no counted column leaves every counter alone.
    await db
      .update(payments)
      .set({ status: sql`${payments.status}` })
      .where(inArray(payments.id, idsOf(manual)));

    const { kept, actual } = await countersAndCounts();
    expect(kept).toEqual(actual);
    expect(actual.job_bookings_manual + actual.job_bookings_stripe).toBe(before.job_bookings_manual + before.job_bookings_stripe - 3);
    expect(actual.customer_queries).toBe(before.customer_queries - 2);
  });

  it('give the list endpoints their totals', async () => {
    const { actual } = await countersAndCounts();
    const totals: [string, number][] = [
      ['/ute-booking-list?payment=stripe', actual.ute_bookings_stripe],
      ['/ute-booking-list?payment=manual', actual.ute_bookings_manual],
      ['/job-booking-list?payment=stripe', actual.job_bookings_stripe],
      ['/job-booking-list?payment=manual', actual.job_bookings_manual],
      ['/payment-list', actual.payments_stripe],
      ['/get-update-manual-status?kind=ute', actual.payments_manual_ute],
      ['/get-update-manual-status?kind=job', actual.payments_manual_job],
      ['/all-users-data', actual.users],
      ['/all-queries', actual.customer_queries],
    ];
    for (const [url, expected] of totals) {
      const response = await t.request({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.json<{ totalCount: number }>().totalCount, url).toBe(expected);
    }
  });
});
