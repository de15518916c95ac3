import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { and, eq, sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { BookingKind } from '@ute/contract';
import { openPostgres, pgliteExtensions, queryRows, wrapPglite, type Database, type Db } from '../../db/database';
import { ledgerJournals, ledgerLines, ledgerOwnerBalances, platformFees } from '../../db/tables/ledger.table';
import { jobBookings, uteBookings } from '../../db/tables/bookings.table';
import { payouts } from '../../db/tables/payouts.table';
import { payments } from '../../db/tables/payments.table';
import { migrationsFolder } from '../../lib/paths';
import { seedDemoData } from '../../seed/seed';
import { createFileStorage } from '../../platform/storage/fileStorage';
import { createScratchDatabase } from '../../test/scratchDatabase';
import { createTestApp, engine, type TestApp } from '../../test/testApp';
import { createJobBooking, createPayment, createStripeOwner, createUteBooking } from '../../test/factories';
import { findPayableSplit, ownerBalances, postJournal, type OwnerBalance } from './ledger.repository';

/**
 * The oracle: each owner's balances computed from bookings and payouts alone, without the ledger
 * (no fee: the demo data and the backfill predate the fee model). A delivered booking is earned
 * unless it was deleted before any payout; a booking marked transferred with no succeeded payout
 * row was paid before payouts were recorded.
 */
async function balancesFromBookingsAndPayouts(db: Db): Promise<OwnerBalance[]> {
  const bookings = [
    ...(await db.select().from(uteBookings)).map((row) => ({ ...row, kind: 'ute' as BookingKind })),
    ...(await db.select().from(jobBookings)).map((row) => ({ ...row, kind: 'job' as BookingKind })),
  ];
  const payoutRows = await db
    .select({
      bookingKind: payouts.bookingKind,
      bookingId: payouts.bookingId,
      ownerId: payouts.ownerId,
      amountCents: payouts.amountCents,
      status: payouts.status,
    })
    .from(payouts);
  const byOwner = new Map<string, OwnerBalance>();
  const of = (ownerId: string) => {
    if (!byOwner.has(ownerId)) byOwner.set(ownerId, { ownerId, payableCents: 0, inTransitCents: 0, paidOutCents: 0 });
    return byOwner.get(ownerId)!;
  };
  for (const booking of bookings) {
    const gross = Math.round(booking.amount * 100);
    if (booking.status !== 'delivered' || gross <= 0) continue;
    if (booking.deletedAt !== null && booking.transferState === 'none') continue;
    of(booking.ownerId).payableCents += gross;
    const paidByPayout = payoutRows.some((p) => p.bookingKind === booking.kind && p.bookingId === booking.id && p.status === 'succeeded');
    if (booking.transferState === 'transferred' && !paidByPayout) {
      of(booking.ownerId).payableCents -= gross;
      of(booking.ownerId).paidOutCents += gross;
    }
  }
  for (const payout of payoutRows) {
    if (payout.status === 'failed') continue;
    of(payout.ownerId).payableCents -= payout.amountCents;
    if (payout.status === 'pending') of(payout.ownerId).inTransitCents += payout.amountCents;
    else of(payout.ownerId).paidOutCents += payout.amountCents;
  }
  return [...byOwner.values()].filter((b) => b.payableCents !== 0 || b.inTransitCents !== 0 || b.paidOutCents !== 0);
}

const sortByOwner = (rows: OwnerBalance[]) =>
  [...rows].filter((b) => b.payableCents !== 0 || b.inTransitCents !== 0 || b.paidOutCents !== 0).sort((a, b) => a.ownerId.localeCompare(b.ownerId));

/** The database's refusal (Drizzle wraps it: "Failed query: ..." with the server's message as the cause). */
async function refusalOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    const failure = error as Error & { cause?: Error };
    return `${failure.message} ${failure.cause?.message ?? ''}`;
  }
  throw new Error('expected the database to refuse');
}

/**
 * The owners whose row of ledger_owner_balances (the cache migration 0018 keeps) differs from the
 * sums of their lines, either way: the lines are the truth.
 */
async function ownerBalanceCacheDrift(db: Db): Promise<unknown[]> {
  return queryRows(
    db,
    sql`
    with from_lines as (
      select owner_id,
        -coalesce(sum(amount_cents) filter (where account in ('owner_payable', 'adjustments')), 0)::bigint as payable_cents,
        -coalesce(sum(amount_cents) filter (where account = 'owner_in_transit'), 0)::bigint as in_transit_cents,
        -coalesce(sum(amount_cents) filter (where account = 'owner_paid_out'), 0)::bigint as paid_out_cents
      from ledger_lines where owner_id is not null group by owner_id
    ),
    cached as (select owner_id, payable_cents, in_transit_cents, paid_out_cents from ledger_owner_balances)
    (select 'cache lacks' as side, * from (select * from from_lines except select * from cached) a)
    union all
    (select 'cache has' as side, * from (select * from cached except select * from from_lines) b)
  `,
  );
}

async function journalCount(db: Db): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(ledgerJournals);
  return row.count;
}

async function journalKindsOfBooking(db: Db, bookingId: string): Promise<string[]> {
  const rows = await db
    .select({ kind: ledgerJournals.kind })
    .from(ledgerJournals)
    .where(eq(ledgerJournals.bookingId, bookingId))
    .orderBy(ledgerJournals.createdAt);
  return rows.map((row) => row.kind);
}

async function balanceOf(db: Db, ownerId: string): Promise<OwnerBalance> {
  return (await ownerBalances(db)).find((b) => b.ownerId === ownerId) ?? { ownerId, payableCents: 0, inTransitCents: 0, paidOutCents: 0 };
}

describe('the ledger', () => {
  let t: TestApp;
  let db: Db;

  beforeAll(async () => {
    t = await createTestApp({ seeded: true, twoFactor: true });
    db = t.database.db;
  });
  afterAll(() => t.close());

  describe('kept whole by the database', () => {
    it('refuses to commit a journal whose lines do not sum to zero, and keeps nothing of it', async () => {
      const before = await journalCount(db);
      expect(
        await refusalOf(
          db.transaction((tx) =>
            postJournal(tx, { kind: 'payment.received' }, [
              { account: 'platform_cash', amountCents: 100 },
              { account: 'customer_funds', amountCents: -99 },
            ]),
          ),
        ),
      ).toMatch(/does not balance/);
      expect(await journalCount(db)).toBe(before);
    });

    it('refuses a journal of one line and a journal with no lines', async () => {
      expect(await refusalOf(db.transaction((tx) => postJournal(tx, { kind: 'payment.received' }, [{ account: 'platform_cash', amountCents: 100 }])))).toMatch(
        /does not balance/,
      );
      expect(await refusalOf(db.insert(ledgerJournals).values({ kind: 'payment.received' }))).toMatch(/does not balance/);
    });

    it('refuses lines added to a journal after its transaction', async () => {
      const journalId = await db.transaction((tx) =>
        postJournal(tx, { kind: 'payment.received' }, [
          { account: 'platform_cash', amountCents: 500 },
          { account: 'customer_funds', amountCents: -500 },
        ]),
      );
      expect(
        await refusalOf(
          db.insert(ledgerLines).values([
            { journalId, account: 'platform_cash', amountCents: 1 },
            { journalId, account: 'customer_funds', amountCents: -1 },
          ]),
        ),
      ).toMatch(/only in the transaction that wrote their journal/);
    });

    it('refuses to update, delete or truncate journals and lines', async () => {
      const [line] = await db.select().from(ledgerLines).limit(1);
      expect(await refusalOf(db.update(ledgerLines).set({ amountCents: 1 }).where(eq(ledgerLines.id, line.id)))).toMatch(/append-only/);
      expect(await refusalOf(db.delete(ledgerLines).where(eq(ledgerLines.id, line.id)))).toMatch(/append-only/);
      expect(await refusalOf(db.update(ledgerJournals).set({ memo: 'edited' }).where(eq(ledgerJournals.id, line.journalId)))).toMatch(/append-only/);
      expect(await refusalOf(db.delete(ledgerJournals).where(eq(ledgerJournals.id, line.journalId)))).toMatch(/append-only/);
      expect(await refusalOf(db.execute(sql`truncate ledger_lines`))).toMatch(/append-only/);
      expect(await refusalOf(db.execute(sql`truncate ledger_journals cascade`))).toMatch(/append-only/);
    });

    it("refuses any write to the owners' balances cache but the ledger's own", async () => {
      const [cached] = await db.select().from(ledgerOwnerBalances).limit(1);
      expect(cached, 'the seeded ledger has owners').toBeDefined();
      const kept = /kept by the ledger/;
      expect(await refusalOf(db.update(ledgerOwnerBalances).set({ payableCents: 1 }).where(eq(ledgerOwnerBalances.ownerId, cached.ownerId)))).toMatch(kept);
      expect(await refusalOf(db.delete(ledgerOwnerBalances).where(eq(ledgerOwnerBalances.ownerId, cached.ownerId)))).toMatch(kept);
      expect(await refusalOf(db.insert(ledgerOwnerBalances).values({ ownerId: randomUUID(), payableCents: 1, inTransitCents: 0, paidOutCents: 0 }))).toMatch(
        kept,
      );
      expect(await refusalOf(db.execute(sql`truncate ledger_owner_balances`))).toMatch(kept);
      expect(await ownerBalanceCacheDrift(db)).toEqual([]);
    });

    it('refuses a per-owner account without its owner', async () => {
      expect(
        await refusalOf(
          db.transaction((tx) =>
            postJournal(tx, { kind: 'payout.manual' }, [
              { account: 'owner_payable', amountCents: 100 },
              { account: 'owner_paid_out', amountCents: -100 },
            ]),
          ),
        ),
      ).toMatch(/ledger_lines_owner_accounts/);
    });
  });

  describe('every money event writes its journal with the change', () => {
    it('journals a booking delivered on insert or by an update, once, and withdraws one deleted before any payout', async () => {
      const owner = await createStripeOwner(db);
      const inserted = await createUteBooking(db, { ownerId: owner.id, amount: 80 });
      expect(await journalKindsOfBooking(db, inserted.id)).toEqual(['booking.payable']);

      const later = await createJobBooking(db, { ownerId: owner.id, amount: 40, status: 'dispatched' });
      expect(await journalKindsOfBooking(db, later.id)).toEqual([]);
      await db.update(jobBookings).set({ status: 'delivered' }).where(eq(jobBookings.id, later.id));
      await db.update(jobBookings).set({ status: 'delivered' }).where(eq(jobBookings.id, later.id));
      expect(await journalKindsOfBooking(db, later.id)).toEqual(['booking.payable']);
      expect(await balanceOf(db, owner.id)).toMatchObject({ payableCents: 12_000, inTransitCents: 0, paidOutCents: 0 });

      const deleted = await t.request({ method: 'PUT', url: `/delete-job-booking/${later.id}` });
      expect(deleted.statusCode).toBe(200);
      expect(await journalKindsOfBooking(db, later.id)).toEqual(['booking.payable', 'booking.withdrawn']);
      expect(await balanceOf(db, owner.id)).toMatchObject({ payableCents: 8_000 });
    });

    it('journals each step of a payout with the step: offline transfer, then a manual payout', async () => {
      const owner = await createStripeOwner(db);
      const first = await createUteBooking(db, { ownerId: owner.id, amount: 50 });
      const second = await createJobBooking(db, { ownerId: owner.id, amount: 25.5 });
      expect(await balanceOf(db, owner.id)).toMatchObject({ payableCents: 7_550 });

      expect((await t.request({ method: 'POST', url: `/transfer-amount/${owner.id}/${first.id}` })).statusCode).toBe(200);
      expect(await journalKindsOfBooking(db, first.id)).toEqual(['booking.payable', 'payout.started', 'payout.succeeded']);
      expect(await balanceOf(db, owner.id)).toMatchObject({ payableCents: 2_550, inTransitCents: 0, paidOutCents: 5_000 });

      expect((await t.request({ method: 'PUT', url: `/transfer-manual-payment/${second.id}`, payload: { kind: 'job' } })).statusCode).toBe(200);
      expect(await journalKindsOfBooking(db, second.id)).toEqual(['booking.payable', 'payout.manual']);
      expect(await balanceOf(db, owner.id)).toMatchObject({ payableCents: 0, inTransitCents: 0, paidOutCents: 7_550 });
    });

    it('journals a Stripe payment that succeeded and a manual payment when an admin accepts it', async () => {
      const stripePaid = await createPayment(db, { isStripe: true, status: 'succeeded', amountCents: 4_200 });
      const manual = await createPayment(db, { isStripe: false, status: 'pending', amountCents: 3_100 });
      const received = (paymentId: string) =>
        db
          .select({ account: ledgerLines.account, amountCents: ledgerLines.amountCents })
          .from(ledgerLines)
          .innerJoin(ledgerJournals, eq(ledgerJournals.id, ledgerLines.journalId))
          .where(and(eq(ledgerJournals.kind, 'payment.received'), eq(ledgerJournals.paymentId, paymentId)))
          .orderBy(ledgerLines.account);
      expect(await received(stripePaid.id)).toEqual([
        { account: 'customer_funds', amountCents: -4_200 },
        { account: 'platform_cash', amountCents: 4_200 },
      ]);
      expect(await received(manual.id)).toEqual([]);
      expect((await t.request({ method: 'PUT', url: `/update-manual-status/${manual.id}` })).statusCode).toBe(200);
      expect(await received(manual.id)).toHaveLength(2);
      await db.update(payments).set({ status: 'inProgress' }).where(eq(payments.id, manual.id));
      expect(await received(manual.id)).toHaveLength(2);
    });

    it('takes the fee and its GST (1/11) when a booking becomes payable, and pays the owner the net', async () => {
      await db.insert(platformFees).values({ bookingKind: 'ute', percentBps: 1_000, fixedCents: 50 });
      try {
        const owner = await createStripeOwner(db);
        const booking = await createUteBooking(db, { ownerId: owner.id, amount: 123.45 });
        // 10% of 12,345 is 1,234.5, rounded half up to 1,235, plus 50 fixed: 1,285; GST 1,285 / 11 = 116.8 -> 117.
        expect(await findPayableSplit(db, 'ute', booking.id)).toEqual({ grossCents: 12_345, feeCents: 1_285, gstCents: 117, netCents: 11_060 });
        expect((await t.request({ method: 'POST', url: `/transfer-amount/${owner.id}/${booking.id}` })).statusCode).toBe(200);
        const [payout] = await db.select().from(payouts).where(eq(payouts.bookingId, booking.id));
        expect(payout.amountCents).toBe(11_060);
        expect(await balanceOf(db, owner.id)).toMatchObject({ payableCents: 0, paidOutCents: 11_060 });
      } finally {
        // The fee applies to bookings that become payable after it: a zero fee row ends it for the other tests.
        await db.insert(platformFees).values({ bookingKind: 'ute', percentBps: 0, fixedCents: 0 });
      }
    });

    it('caps the fee at the gross, so an owner is never owed less than nothing', async () => {
      await db.insert(platformFees).values({ bookingKind: 'job', percentBps: 0, fixedCents: 10_000 });
      try {
        const owner = await createStripeOwner(db);
        const booking = await createJobBooking(db, { ownerId: owner.id, amount: 20 });
        expect(await findPayableSplit(db, 'job', booking.id)).toEqual({ grossCents: 2_000, feeCents: 2_000, gstCents: 182, netCents: 0 });
        const response = await t.request({ method: 'PUT', url: `/transfer-manual-payment/${booking.id}`, payload: { kind: 'job' } });
        expect(response.statusCode).toBe(409);
      } finally {
        await db.insert(platformFees).values({ bookingKind: 'job', percentBps: 0, fixedCents: 0 });
      }
    });

    it('agrees with the bookings and payouts for every owner after all of the above', async () => {
      // The fee tests' owners are left out: the oracle knows no fee.
      const feeBookings = await db
        .select({ bookingId: ledgerJournals.bookingId })
        .from(ledgerJournals)
        .innerJoin(ledgerLines, eq(ledgerLines.journalId, ledgerJournals.id))
        .where(eq(ledgerLines.account, 'fee_revenue'));
      const feeOwners = new Set<string>();
      for (const { bookingId } of feeBookings) {
        const [row] = [...(await db.select({ ownerId: uteBookings.ownerId }).from(uteBookings).where(eq(uteBookings.id, bookingId!)))];
        if (row) feeOwners.add(row.ownerId);
        const [job] = await db.select({ ownerId: jobBookings.ownerId }).from(jobBookings).where(eq(jobBookings.id, bookingId!));
        if (job) feeOwners.add(job.ownerId);
      }
      const withoutFees = (rows: OwnerBalance[]) => sortByOwner(rows.filter((row) => !feeOwners.has(row.ownerId)));
      expect(withoutFees(await ownerBalances(db))).toEqual(withoutFees(await balancesFromBookingsAndPayouts(db)));
      expect(await ownerBalanceCacheDrift(db)).toEqual([]);
    });
  });
});

/** A database at the schema before the ledger (migrations up to 0012), for the backfill. */
async function databaseBeforeLedger(): Promise<{ database: Database; upgrade: () => Promise<void>; drop: () => Promise<void> }> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'ute-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.filter((entry) => entry.tag < '0013');
  writeFileSync(journalFile, JSON.stringify(journal));
  if (engine === 'pglite') {
    const database = wrapPglite(await PGlite.create({ extensions: pgliteExtensions }));
    const migrate = (migrationsFolder: string) => migratePglite(database.db as unknown as Parameters<typeof migratePglite>[0], { migrationsFolder });
    await migrate(folder);
    return {
      database,
      upgrade: () => migrate(migrationsFolder),
      drop: async () => {
        await database.close();
        rmSync(folder, { recursive: true, force: true });
      },
    };
  }
  const scratch = await createScratchDatabase('ute_ledger');
  const database = openPostgres(scratch.url, 2);
  const migrate = (migrationsFolder: string) => migratePg(database.db as unknown as Parameters<typeof migratePg>[0], { migrationsFolder });
  await migrate(folder);
  return {
    database,
    upgrade: () => migrate(migrationsFolder),
    drop: async () => {
      await database.close();
      await scratch.drop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

describe(`the ledger's backfill (${engine})`, () => {
  it('journals the money already in the database so every owner balance is right on day one', async () => {
    const { database, upgrade, drop } = await databaseBeforeLedger();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ute-ledger-'));
    try {
      const { db } = database;
      await seedDemoData(db, { files: createFileStorage(database, { DATA_DIR: dataDir }) });
      // Payouts in each state, as the payout code leaves them.
      const owner = await createStripeOwner(db);
      const [paid, pending, failed, manual] = await Promise.all([
        createUteBooking(db, { ownerId: owner.id, amount: 100, transferState: 'transferred' }),
        createUteBooking(db, { ownerId: owner.id, amount: 60, transferState: 'transferring' }),
        createJobBooking(db, { ownerId: owner.id, amount: 30 }),
        createJobBooking(db, { ownerId: owner.id, amount: 12.34, transferState: 'transferred' }),
      ]);
      // Raw SQL: the payouts table as it was before the ledger (later migrations add columns).
      const payout = (booking: { id: string }, kind: BookingKind, amountCents: number, status: string, method: string) =>
        db.execute(
          sql`insert into payouts (booking_kind, booking_id, owner_id, amount_cents, method, status, idempotency_key) values (${kind}, ${booking.id}, ${owner.id}, ${amountCents}, ${method}, ${status}, ${`payout-${kind}-${booking.id}`})`,
        );
      await payout(paid, 'ute', 10_000, 'succeeded', 'ledger');
      await payout(pending, 'ute', 6_000, 'pending', 'stripe');
      await payout(failed, 'job', 3_000, 'failed', 'stripe');
      await payout(manual, 'job', 1_234, 'succeeded', 'manual');
      const expected = sortByOwner(await balancesFromBookingsAndPayouts(db));
      expect(expected.length).toBeGreaterThan(10);

      await upgrade();

      expect(sortByOwner(await ownerBalances(db))).toEqual(expected);
      expect(await ownerBalanceCacheDrift(db)).toEqual([]);
      expect(await balanceOf(db, owner.id)).toEqual({ ownerId: owner.id, payableCents: 3_000, inTransitCents: 6_000, paidOutCents: 11_234 });
      const unbalanced = await db
        .select({ journalId: ledgerLines.journalId })
        .from(ledgerLines)
        .groupBy(ledgerLines.journalId)
        .having(sql`sum(${ledgerLines.amountCents}) <> 0`);
      expect(unbalanced).toEqual([]);
    } finally {
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000); // A database built, migrated and seeded from nothing: slower than the default 30 s on a busy machine.
});
