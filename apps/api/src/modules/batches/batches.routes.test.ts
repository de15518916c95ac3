import { randomUUID } from 'node:crypto';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BATCH_MESSAGES,
  BATCH_SKIP_REASONS,
  ownerOwesMessage,
  PAYOUT_BATCH_MAX_BOOKINGS,
  PAYOUT_MESSAGES,
  type PayoutBatchResponse,
  type PreparePayoutBatchResponse,
} from '@ute/contract';
import type { Db } from '../../db/database';
import { auditLog } from '../../db/tables/audit.table';
import { payoutBatches, payoutBatchLines } from '../../db/tables/batches.table';
import { ledgerJournals } from '../../db/tables/ledger.table';
import { ownerPayoutStatus } from '../../db/tables/payouts.table';
import { createOwnerBankAccount, createUser, createUteBooking, createJobBooking, payoutsOf, transferStateOf } from '../../test/factories';
import { createTestApp, engine, signInAs, type TestApp } from '../../test/testApp';
import { findPayableSplit, postJournal } from '../ledger/ledger.repository';
import { createPayoutsService } from '../payouts/payouts.service';
import { sydneyDate } from './batches.service';

type Ref = { kind: 'ute' | 'job'; id: string };

let t: TestApp;
/** The test admin (an owner with 2FA): the maker of every batch here unless said otherwise. */
let maker: { id: string; token: string };
/** A second finance admin with 2FA: the checker. */
let checker: { id: string; token: string };
let thirdChecker: { id: string; token: string };

beforeAll(async () => {
  t = await createTestApp({ twoFactor: true });
  const [row] = await t.database.db
    .execute<{ id: string }>(sql`select id from admins where email = 'admin@test.local'`)
    .then((result) => (result as unknown as { rows: { id: string }[] }).rows);
  maker = { id: row.id, token: t.token };
  checker = await signInAs(t, ['finance'], { twoFactor: true });
  thirdChecker = await signInAs(t, ['finance'], { twoFactor: true });
});
afterAll(() => t.close());

/** An owner with a bank account on file (or the overrides), and their name. */
async function createOwner(bank: Partial<{ bsbCode: string; accountNumber: string; accountHolderName: string }> | null = {}) {
  const owner = await createUser(t.database.db, { firstName: 'Olive', lastName: `Owner${randomUUID().slice(0, 6)}` });
  if (bank) await createOwnerBankAccount(t.database.db, { ownerId: owner.id, accountHolderName: `${owner.firstName} ${owner.lastName}`, ...bank });
  return owner;
}

/** A delivered booking paid manually (no Stripe transaction), awaiting payout. */
async function manualBooking(ownerId: string, amount = 100, kind: 'ute' | 'job' = 'ute'): Promise<Ref> {
  const row =
    kind === 'ute'
      ? await createUteBooking(t.database.db, { ownerId, amount, transactionId: null })
      : await createJobBooking(t.database.db, { ownerId, amount, transactionId: null });
  return { kind, id: row.id };
}

const prepare = (bookings: Ref[], token = maker.token, extra: Record<string, unknown> = {}) =>
  t.request({ method: 'POST', url: '/payout-batches/prepare', payload: { bookings, ...extra }, token });

async function prepared(bookings: Ref[]): Promise<PreparePayoutBatchResponse> {
  const response = await prepare(bookings);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PreparePayoutBatchResponse>();
}

const act = (id: string, step: 'approve' | 'paid' | 'cancel', token: string) => t.request({ method: 'POST', url: `/payout-batches/${id}/${step}`, token });
const download = (id: string, token = checker.token) => t.request({ method: 'GET', url: `/payout-batches/${id}/aba`, token });
const returnCredit = (id: string, ownerId: string, reason: unknown, token = checker.token) =>
  t.request({ method: 'POST', url: `/payout-batches/${id}/credits/${ownerId}/return`, payload: { reason }, token });

async function approved(bookings: Ref[]) {
  const batch = (await prepared(bookings)).data;
  const response = await act(batch.id, 'approve', checker.token);
  expect(response.statusCode, response.body).toBe(200);
  return batch;
}

/** The owner's balances from the ledger's own lines (cents, as positive amounts). */
async function balancesOf(db: Db, ownerId: string) {
  const rows = await db.execute<{ account: string; total: string }>(
    sql`select account, sum(amount_cents)::text as total from ledger_lines where owner_id = ${ownerId} group by account`,
  );
  const of = (account: string) =>
    Number((rows as unknown as { rows: { account: string; total: string }[] }).rows.find((row) => row.account === account)?.total ?? 0);
  // Credits are negative; `0 - x` keeps a zero a plain 0.
  return { payable: 0 - of('owner_payable'), inTransit: 0 - of('owner_in_transit'), paidOut: 0 - of('owner_paid_out') };
}

const netOf = async (ref: Ref) => (await findPayableSplit(t.database.db, ref.kind, ref.id))!.netCents;

/** A debt of the owner to the platform (a refund's share charged to their balance): the adjustments account, against payable. */
async function owesPlatform(ownerId: string, cents: number) {
  await t.database.db.transaction((tx) =>
    postJournal(tx, { kind: 'refund.recovered', memo: 'test: a refund charged to the owner' }, [
      { account: 'adjustments', ownerId, amountCents: cents },
      { account: 'platform_cash', amountCents: -cents },
    ]),
  );
}

/** What the owner is owed (payable less debts) and has in transit, as the database keeps it (ledger_owner_balances). */
async function cachedBalanceOf(ownerId: string) {
  const rows = await t.database.db.execute(
    sql`select payable_cents::text as payable, in_transit_cents::text as "inTransit" from ledger_owner_balances where owner_id = ${ownerId}`,
  );
  const [row] = (rows as unknown as { rows: { payable: string; inTransit: string }[] }).rows;
  return { payable: Number(row.payable), inTransit: Number(row.inTransit) };
}

async function auditOf(targetId: string) {
  return t.database.db
    .select({ action: auditLog.action, adminId: auditLog.adminId, after: auditLog.after })
    .from(auditLog)
    .where(eq(auditLog.targetId, targetId))
    .orderBy(asc(auditLog.id));
}

async function journalKindsOf(payoutIds: string[]) {
  const rows = await t.database.db.select({ kind: ledgerJournals.kind }).from(ledgerJournals).where(inArray(ledgerJournals.payoutId, payoutIds));
  return rows.map((row) => row.kind).sort();
}

/** The records of an ABA file, each checked to end with CRLF. */
function recordsOf(file: string): string[] {
  expect(file.endsWith('\r\n')).toBe(true);
  return file.slice(0, -2).split('\r\n');
}
const columns = (record: string, from: number, to: number) => record.slice(from - 1, to);

describe('POST /api/admin/payout-batches/prepare', () => {
  it('claims each booking as Transfer would (pending aba payout, payout.started, audit) and writes the batch, its lines and file in one go', async () => {
    const ava = await createOwner({ bsbCode: '062000', accountNumber: '11112222' });
    const ben = await createOwner({ bsbCode: '083-004', accountNumber: '987654' });
    const refs = [await manualBooking(ava.id, 120), await manualBooking(ava.id, 80.5, 'job'), await manualBooking(ben.id, 42)];
    const { data, skipped, message } = await prepared(refs);
    const nets = await Promise.all(refs.map(netOf));

    expect(message).toBe(BATCH_MESSAGES.prepared);
    expect(skipped).toEqual([]);
    expect(data).toMatchObject({
      status: 'prepared',
      lineCount: 3,
      creditCount: 2,
      totalCents: nets[0] + nets[1] + nets[2],
      preparedById: maker.id,
      preparedBy: 'admin@test.local',
      approvedBy: null,
      processingDate: sydneyDate(),
      downloadCount: 0,
    });
    expect(data.reference).toMatch(/^PB-\d{4}$/);
    expect(data.fileName).toBe(`payout-batch-${String(data.number).padStart(4, '0')}.aba`);
    expect(data.fileSha256).toMatch(/^[0-9a-f]{64}$/);

    for (const [index, ref] of refs.entries()) {
      expect(await transferStateOf(t.database.db, ref.kind, ref.id)).toBe('transferring');
      const [payout, ...others] = await payoutsOf(t.database.db, ref.id);
      expect(others).toEqual([]);
      expect(payout).toMatchObject({
        method: 'aba',
        status: 'pending',
        amountCents: nets[index],
        idempotencyKey: `payout-${ref.kind}-${ref.id}`,
        adminId: maker.id,
      });
      expect(await journalKindsOf([payout.id])).toEqual(['payout.started']);
      expect((await auditOf(ref.id)).map((entry) => entry.action)).toEqual(['payout.start']);
    }
    expect(await balancesOf(t.database.db, ava.id)).toEqual({ payable: 0, inTransit: nets[0] + nets[1], paidOut: 0 });
    expect(await balancesOf(t.database.db, ben.id)).toEqual({ payable: 0, inTransit: nets[2], paidOut: 0 });
    const [audit] = await auditOf(data.id);
    expect(audit).toMatchObject({
      action: 'batch.prepare',
      adminId: maker.id,
      after: { reference: data.reference, lineCount: 3, totalCents: data.totalCents },
    });

    const detail = (await t.request({ method: 'GET', url: `/payout-batches/${data.id}`, token: checker.token })).json<PayoutBatchResponse>();
    const avaCredit = detail.credits.find((credit) => credit.ownerId === ava.id)!;
    expect(avaCredit).toMatchObject({
      bsb: '062-000',
      accountNumberMasked: '*****222',
      accountName: `${ava.firstName} ${ava.lastName}`,
      amountCents: nets[0] + nets[1],
      status: 'included',
      lodgementReference: `PAYOUT ${data.reference}`,
      returnReason: null,
    });
    expect(avaCredit.lines.map((line) => line.bookingId).sort()).toEqual([refs[0].id, refs[1].id].sort());
    expect(detail.credits.find((credit) => credit.ownerId === ben.id)).toMatchObject({ bsb: '083-004', accountNumberMasked: '***654', amountCents: nets[2] });
  });

  it('leaves out, with why, every booking a batch cannot pay, and prepares the rest', async () => {
    const good = await createOwner();
    const noBank = await createOwner(null);
    const badBsb = await createOwner({ bsbCode: '06200' });
    const badAccount = await createOwner({ accountNumber: '12AB' });
    const held = await createOwner();
    await t.database.db.insert(ownerPayoutStatus).values({ ownerId: held.id, holdReason: 'ID check' });
    const ok = await manualBooking(good.id);
    const stripe = await createUteBooking(t.database.db, { ownerId: good.id });
    const notDelivered = await createUteBooking(t.database.db, { ownerId: good.id, transactionId: null, status: 'dispatched' });
    const transferred = await createUteBooking(t.database.db, { ownerId: good.id, transactionId: null, transferState: 'transferred' });
    const unknown = randomUUID();
    const refs: Ref[] = [
      ok,
      { kind: 'ute', id: stripe.id },
      { kind: 'ute', id: notDelivered.id },
      { kind: 'ute', id: transferred.id },
      { kind: 'job', id: unknown },
      await manualBooking(noBank.id),
      await manualBooking(badBsb.id),
      await manualBooking(badAccount.id),
      await manualBooking(held.id),
    ];
    const { data, skipped } = await prepared(refs);
    expect(data.lineCount).toBe(1);
    expect(Object.fromEntries(skipped.map((item) => [item.bookingId, item.reason]))).toEqual({
      [stripe.id]: BATCH_SKIP_REASONS.paidByStripe,
      [notDelivered.id]: BATCH_SKIP_REASONS.notDelivered,
      [transferred.id]: BATCH_SKIP_REASONS.alreadyTransferred,
      [unknown]: BATCH_SKIP_REASONS.notFound,
      [refs[5].id]: BATCH_SKIP_REASONS.noBankAccount,
      [refs[6].id]: BATCH_SKIP_REASONS.invalidBsb,
      [refs[7].id]: BATCH_SKIP_REASONS.invalidAccountNumber,
      [refs[8].id]: `${PAYOUT_MESSAGES.onHoldPrefix}ID check`,
    });
    for (const ref of refs.slice(5)) expect(await transferStateOf(t.database.db, ref.kind, ref.id)).toBe('none');
  });

  it('answers 409 with every reason when none of the bookings can be paid, and changes nothing', async () => {
    const owner = await createOwner(null);
    const ref = await manualBooking(owner.id);
    const before = await t.database.db.$count(payoutBatches);
    const response = await prepare([ref]);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: BATCH_MESSAGES.noneEligible,
      errors: [{ path: `bookings.ute.${ref.id}`, message: BATCH_SKIP_REASONS.noBankAccount }],
    });
    expect(await t.database.db.$count(payoutBatches)).toBe(before);
    expect(await payoutsOf(t.database.db, ref.id)).toEqual([]);
  });

  it("pays what the manual payout would: an owner's debt is offset once across their bookings, and a debt above them all refuses them", async () => {
    const owner = await createOwner();
    const refs = [await manualBooking(owner.id, 100), await manualBooking(owner.id, 50, 'job')];
    const nets = await Promise.all(refs.map(netOf));
    await owesPlatform(owner.id, 3_000);
    const { data, skipped } = await prepared(refs);
    expect(skipped).toEqual([]);
    expect(data.totalCents).toBe(nets[0] + nets[1] - 3_000);
    expect(await cachedBalanceOf(owner.id)).toEqual({ payable: 0, inTransit: nets[0] + nets[1] - 3_000 });

    const indebted = await createOwner();
    const ref = await manualBooking(indebted.id, 20);
    await owesPlatform(indebted.id, 5_000);
    const refused = await prepare([ref]);
    expect(refused.statusCode).toBe(409);
    const net = await netOf(ref);
    expect(refused.json().errors).toEqual([{ path: `bookings.ute.${ref.id}`, message: ownerOwesMessage(net - 5_000, net) }]);
    expect(await transferStateOf(t.database.db, 'ute', ref.id)).toBe('none');
    expect(await payoutsOf(t.database.db, ref.id)).toEqual([]);
  });

  it('refuses a booking already in a batch (409 alone, skipped with others), and Transfer and manual payout refuse it too', async () => {
    const owner = await createOwner();
    const ref = await manualBooking(owner.id);
    await prepared([ref]);
    const again = await prepare([ref]);
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual([{ path: `bookings.ute.${ref.id}`, message: BATCH_MESSAGES.bookingInBatch }]);
    const other = await manualBooking(owner.id);
    expect((await prepared([ref, other])).skipped).toEqual([{ bookingKind: 'ute', bookingId: ref.id, reason: BATCH_MESSAGES.bookingInBatch }]);

    const manual = await t.request({ method: 'PUT', url: `/transfer-manual-payment/${ref.id}`, payload: { kind: 'ute' } });
    expect(manual.statusCode).toBe(409);
    expect(manual.json()).toEqual({ message: BATCH_MESSAGES.bookingInBatch });
    const transfer = await t.request({ method: 'POST', url: `/transfer-amount/${owner.id}/${ref.id}` });
    expect(transfer.statusCode).toBe(409);
    expect(transfer.json()).toEqual({ message: BATCH_MESSAGES.bookingInBatch });
    expect(await payoutsOf(t.database.db, ref.id)).toHaveLength(1);
  });

  it('puts a booking in one batch only when two prepares race for it', async () => {
    const owner = await createOwner();
    const shared = await manualBooking(owner.id);
    const mine = await manualBooking(owner.id);
    const theirs = await manualBooking(owner.id);
    const [first, second] = await Promise.all([prepare([shared, mine]), prepare([theirs, shared], checker.token)]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const answers = [first.json<PreparePayoutBatchResponse>(), second.json<PreparePayoutBatchResponse>()];
    expect(answers.map((answer) => answer.data.lineCount).sort()).toEqual([1, 2]);
    expect(answers.flatMap((answer) => answer.skipped)).toEqual([{ bookingKind: 'ute', bookingId: shared.id, reason: BATCH_MESSAGES.bookingInBatch }]);
    const lines = await t.database.db.select().from(payoutBatchLines).where(eq(payoutBatchLines.bookingId, shared.id));
    expect(lines).toHaveLength(1);
    expect(await payoutsOf(t.database.db, shared.id)).toHaveLength(1);

    // Overlapping choices of several owners' bookings, in different orders: no deadlock, each booking once.
    const owners = [owner, await createOwner(), await createOwner()];
    const pool: Ref[] = [];
    for (const each of owners) pool.push(await manualBooking(each.id), await manualBooking(each.id));
    const choices = [
      pool,
      [...pool].reverse(),
      pool.filter((_, index) => index % 2 === 0),
      pool.filter((_, index) => index % 2 === 1).reverse(),
      pool.slice(2),
    ];
    const results = await Promise.all(choices.map((choice, index) => prepare(choice, index % 2 ? checker.token : maker.token)));
    expect(
      results.every((response) => response.statusCode === 200 || response.statusCode === 409),
      results.map((r) => r.body).join('\n'),
    ).toBe(true);
    for (const ref of pool) {
      expect(await t.database.db.$count(payoutBatchLines, eq(payoutBatchLines.bookingId, ref.id))).toBe(1);
      expect(await payoutsOf(t.database.db, ref.id)).toHaveLength(1);
    }

    const alone = await manualBooking(owner.id);
    const raced = await Promise.all(Array.from({ length: 4 }, (_, index) => prepare([alone], index % 2 ? checker.token : maker.token)));
    expect(raced.map((response) => response.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(await payoutsOf(t.database.db, alone.id)).toHaveLength(1);
  });

  it.each([
    ['no booking', { bookings: [] }, BATCH_MESSAGES.emptySelection],
    ['no list', {}, BATCH_MESSAGES.emptySelection],
    ['a bad id', { bookings: [{ kind: 'ute', id: 'nope' }] }, 'id must be a valid id'],
    ['a bad kind', { bookings: [{ kind: 'boat', id: randomUUID() }] }, 'kind must be ute or job'],
    [
      'a booking twice',
      {
        bookings: [
          { kind: 'ute', id: '00000000-0000-4000-8000-000000000001' },
          { kind: 'ute', id: '00000000-0000-4000-8000-000000000001' },
        ],
      },
      BATCH_MESSAGES.duplicateBooking,
    ],
    [
      'too many',
      { bookings: Array.from({ length: PAYOUT_BATCH_MAX_BOOKINGS + 1 }, () => ({ kind: 'ute', id: randomUUID() })) },
      BATCH_MESSAGES.tooManyBookings,
    ],
    ['a date that does not exist', { bookings: [{ kind: 'ute', id: randomUUID() }], processingDate: '2026-02-30' }, BATCH_MESSAGES.processingDateInvalid],
    ['a past date', { bookings: [{ kind: 'ute', id: randomUUID() }], processingDate: '2020-01-01' }, BATCH_MESSAGES.processingDateRange],
  ])('answers 400 for %s', async (_name, payload, message) => {
    const response = await t.request({ method: 'POST', url: '/payout-batches/prepare', payload });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(message);
  });

  it('takes a processing date up to 30 days ahead and writes it in the file', async () => {
    const owner = await createOwner();
    const ref = await manualBooking(owner.id);
    const tooLate = await prepare([ref], maker.token, { processingDate: sydneyDate(new Date(Date.now() + 32 * 86_400_000)) });
    expect(tooLate.statusCode).toBe(400);
    expect(tooLate.json().message).toBe(BATCH_MESSAGES.processingDateRange);
    const processingDate = sydneyDate(new Date(Date.now() + 3 * 86_400_000));
    const response = await prepare([ref], maker.token, { processingDate });
    expect(response.statusCode).toBe(200);
    const { data } = response.json<PreparePayoutBatchResponse>();
    expect(data.processingDate).toBe(processingDate);
    await act(data.id, 'approve', checker.token);
    const [header] = recordsOf((await download(data.id)).body);
    expect(columns(header, 75, 80)).toBe(`${processingDate.slice(8, 10)}${processingDate.slice(5, 7)}${processingDate.slice(2, 4)}`);
  });

  it('answers 403 to roles without finance, and asks a finance admin without 2FA to set it up', async () => {
    const support = await signInAs(t, ['support']);
    expect((await prepare([{ kind: 'ute', id: randomUUID() }], support.token)).json()).toMatchObject({ reason: 'ROLE' });
    const plainFinance = await signInAs(t, ['finance']);
    const response = await prepare([{ kind: 'ute', id: randomUUID() }], plainFinance.token);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ reason: 'TWO_FACTOR_REQUIRED' });
  });
});

describe('GET /api/admin/payout-batches/candidates', () => {
  it('lists delivered manual-payment bookings awaiting payout, with masked accounts and what would stop each', async () => {
    const owner = await createOwner({ bsbCode: '062000', accountNumber: '55556666' });
    const noBank = await createOwner(null);
    const ref = await manualBooking(owner.id, 64.2);
    const blocked = await manualBooking(noBank.id);
    const batched = await manualBooking(owner.id);
    await prepared([batched]);
    const stripe = await createUteBooking(t.database.db, { ownerId: owner.id });
    const response = await t.request({ method: 'GET', url: '/payout-batches/candidates', token: checker.token });
    expect(response.statusCode).toBe(200);
    const { data } = response.json<{ data: { bookingId: string }[] }>();
    const ids = data.map((row) => row.bookingId);
    expect(ids).toContain(ref.id);
    expect(ids).not.toContain(batched.id);
    expect(ids).not.toContain(stripe.id);
    expect(data.find((row) => row.bookingId === ref.id)).toMatchObject({
      bookingKind: 'ute',
      ownerId: owner.id,
      bsb: '062-000',
      accountNumberMasked: '*****666',
      amountCents: await netOf(ref),
      blockedReason: null,
    });
    expect(data.find((row) => row.bookingId === blocked.id)).toMatchObject({
      bsb: null,
      accountNumberMasked: null,
      blockedReason: BATCH_SKIP_REASONS.noBankAccount,
    });
    expect((await t.request({ method: 'GET', url: '/payout-batches/candidates', token: (await signInAs(t, ['moderator'])).token })).statusCode).toBe(403);
  });
});

describe('POST /api/admin/payout-batches/:id/approve (maker-checker)', () => {
  it('refuses the admin who prepared the batch with 403 and lets another approve it, once', async () => {
    const owner = await createOwner();
    const { data } = await prepared([await manualBooking(owner.id)]);
    const own = await act(data.id, 'approve', maker.token);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ message: BATCH_MESSAGES.preparerCannotApprove });

    const response = await act(data.id, 'approve', checker.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: BATCH_MESSAGES.approved, data: { status: 'approved', approvedBy: expect.stringContaining('finance') } });
    const again = await act(data.id, 'approve', thirdChecker.token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: BATCH_MESSAGES.alreadyApproved });
    expect((await auditOf(data.id)).map((entry) => [entry.action, entry.adminId])).toEqual([
      ['batch.prepare', maker.id],
      ['batch.approve', checker.id],
    ]);
  });

  it('approves once when two admins approve at the same moment', async () => {
    const owner = await createOwner();
    const { data } = await prepared([await manualBooking(owner.id)]);
    const responses = await Promise.all([act(data.id, 'approve', checker.token), act(data.id, 'approve', thirdChecker.token)]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect((await auditOf(data.id)).filter((entry) => entry.action === 'batch.approve')).toHaveLength(1);
  });

  it('is refused by the database too: approver equal to preparer, a changed file, a status moving back', async () => {
    const owner = await createOwner();
    const { data } = await prepared([await manualBooking(owner.id)]);
    await expect(
      t.database.db
        .update(payoutBatches)
        .set({ status: 'approved', approvedBy: maker.id, approvedAt: new Date(), approvedSha256: data.fileSha256 })
        .where(eq(payoutBatches.id, data.id)),
    ).rejects.toThrow();
    await expect(t.database.db.update(payoutBatches).set({ abaFile: 'tampered' }).where(eq(payoutBatches.id, data.id))).rejects.toThrow();
    await expect(
      t.database.db
        .update(payoutBatches)
        .set({ status: 'approved', approvedBy: checker.id, approvedAt: new Date(), approvedSha256: 'f'.repeat(64) })
        .where(eq(payoutBatches.id, data.id)),
    ).rejects.toThrow();
    await act(data.id, 'approve', checker.token);
    await expect(t.database.db.update(payoutBatches).set({ status: 'prepared' }).where(eq(payoutBatches.id, data.id))).rejects.toThrow();
    await expect(t.database.db.delete(payoutBatches).where(eq(payoutBatches.id, data.id))).rejects.toThrow();
    await expect(t.database.db.update(payoutBatchLines).set({ amountCents: 1 }).where(eq(payoutBatchLines.batchId, data.id))).rejects.toThrow();
  });

  it('answers 404 for an unknown batch, 400 for a bad id and 409 for a cancelled one', async () => {
    expect((await act(randomUUID(), 'approve', checker.token)).statusCode).toBe(404);
    const bad = await act('nope', 'approve', checker.token);
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('id must be a valid id');
    const owner = await createOwner();
    const { data } = await prepared([await manualBooking(owner.id)]);
    expect((await act(data.id, 'cancel', maker.token)).statusCode).toBe(200);
    expect((await act(data.id, 'approve', checker.token)).json()).toEqual({ message: BATCH_MESSAGES.isCancelled });
  });
});

describe('GET /api/admin/payout-batches/:id/aba', () => {
  it('answers 409 before approval, then the approved file as text/plain, record by record, each download audited', async () => {
    const ava = await createOwner({ bsbCode: '062-000', accountNumber: '12345678', accountHolderName: 'Ava Zoë Nguyen' });
    const ben = await createOwner({ bsbCode: '083004', accountNumber: '987654', accountHolderName: 'Ben Taylor' });
    const refs = [await manualBooking(ava.id, 100), await manualBooking(ava.id, 50), await manualBooking(ben.id, 30)];
    const { data } = await prepared(refs);
    const before = await download(data.id, maker.token);
    expect(before.statusCode).toBe(409);
    expect(before.json()).toEqual({ message: BATCH_MESSAGES.notApprovedForDownload });

    await act(data.id, 'approve', checker.token);
    const response = await download(data.id, maker.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${data.fileName}"`);
    expect(response.headers['cache-control']).toBe('private, no-store');

    const records = recordsOf(response.body);
    for (const record of records) expect(record).toHaveLength(120);
    const [header, first, second, total, ...rest] = records;
    expect(rest).toEqual([]);
    expect(columns(header, 1, 1)).toBe('0');
    expect(columns(header, 19, 23)).toBe('01CBA');
    expect(columns(header, 31, 56)).toBe('Ute Share Pty Ltd'.padEnd(26));
    expect(columns(header, 57, 62)).toBe('301500');
    expect(columns(header, 63, 74)).toBe('PAYOUTS'.padEnd(12));

    const avaCents = (await netOf(refs[0])) + (await netOf(refs[1]));
    const benCents = await netOf(refs[2]);
    // Credits by account name: Ava's first.
    expect(columns(first, 1, 8)).toBe('1062-000');
    expect(columns(first, 9, 17)).toBe(' 12345678');
    expect(columns(first, 19, 20)).toBe('53');
    expect(columns(first, 21, 30)).toBe(String(avaCents).padStart(10, '0'));
    expect(columns(first, 31, 62)).toBe('Ava Zoe Nguyen'.padEnd(32));
    expect(columns(first, 63, 80)).toBe(`PAYOUT ${data.reference}`.padEnd(18));
    expect(columns(first, 81, 112)).toBe('062-000 12345678UTE SHARE       ');
    expect(columns(second, 1, 17)).toBe('1083-004   987654');
    expect(columns(second, 21, 30)).toBe(String(benCents).padStart(10, '0'));
    expect(columns(total, 1, 8)).toBe('7999-999');
    expect(columns(total, 21, 30)).toBe(String(avaCents + benCents).padStart(10, '0'));
    expect(columns(total, 31, 40)).toBe(String(avaCents + benCents).padStart(10, '0'));
    expect(columns(total, 41, 50)).toBe('0000000000');
    expect(columns(total, 75, 80)).toBe('000002');

    const again = await download(data.id);
    expect(again.body).toBe(response.body);
    const downloads = (await auditOf(data.id)).filter((entry) => entry.action === 'batch.download');
    expect(downloads.map((entry) => entry.adminId)).toEqual([maker.id, checker.id]);
    expect(downloads[1].after).toMatchObject({ fileName: data.fileName, fileSha256: data.fileSha256, downloadCount: 2 });
  });

  it('answers 404 for an unknown batch and 403 to roles without finance', async () => {
    expect((await download(randomUUID())).statusCode).toBe(404);
    expect((await download(randomUUID(), (await signInAs(t, ['content'])).token)).json()).toMatchObject({ reason: 'ROLE' });
  });
});

describe('POST /api/admin/payout-batches/:id/paid', () => {
  it('pays every line once: payouts succeed, bookings transferred, in transit -> paid out, audited', async () => {
    const owner = await createOwner();
    const refs = [await manualBooking(owner.id, 70), await manualBooking(owner.id, 30, 'job')];
    const batch = (await prepared(refs)).data;
    const early = await act(batch.id, 'paid', checker.token);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ message: BATCH_MESSAGES.notApprovedForPaid });
    await act(batch.id, 'approve', checker.token);

    const responses = await Promise.all([act(batch.id, 'paid', checker.token), act(batch.id, 'paid', maker.token)]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(responses.find((response) => response.statusCode === 409)!.json()).toEqual({ message: BATCH_MESSAGES.alreadyPaid });
    expect(responses.find((response) => response.statusCode === 200)!.json()).toMatchObject({ message: BATCH_MESSAGES.paid, data: { status: 'paid' } });

    const nets = await Promise.all(refs.map(netOf));
    for (const ref of refs) {
      expect(await transferStateOf(t.database.db, ref.kind, ref.id)).toBe('transferred');
      const [payout] = await payoutsOf(t.database.db, ref.id);
      expect(payout).toMatchObject({ status: 'succeeded', providerTransferId: `aba_${batch.reference}` });
      expect(await journalKindsOf([payout.id])).toEqual(['payout.started', 'payout.succeeded']);
      expect((await auditOf(ref.id)).map((entry) => entry.action)).toEqual(['payout.start', 'payout.succeed']);
    }
    expect(await balancesOf(t.database.db, owner.id)).toEqual({ payable: 0, inTransit: 0, paidOut: nets[0] + nets[1] });
    expect((await auditOf(batch.id)).map((entry) => entry.action)).toEqual(['batch.prepare', 'batch.approve', 'batch.paid']);
    const transfer = await t.request({ method: 'PUT', url: `/transfer-manual-payment/${refs[0].id}`, payload: { kind: 'ute' } });
    expect(transfer.json()).toEqual({ message: PAYOUT_MESSAGES.alreadyTransferred });
    expect((await act(batch.id, 'cancel', checker.token)).json()).toEqual({ message: BATCH_MESSAGES.paidCannotBeCancelled });
  });

  it('answers 404 for an unknown batch', async () => {
    expect((await act(randomUUID(), 'paid', checker.token)).statusCode).toBe(404);
  });
});

describe('POST /api/admin/payout-batches/:id/credits/:ownerId/return', () => {
  it("before paid: returns the owner's whole credit (payouts fail, in transit -> payable, bookings await payout), then pays the rest", async () => {
    const kept = await createOwner();
    const returned = await createOwner();
    const keptRef = await manualBooking(kept.id, 60);
    const returnedRefs = [await manualBooking(returned.id, 40), await manualBooking(returned.id, 25)];
    const batch = await approved([keptRef, ...returnedRefs]);
    const nets = await Promise.all(returnedRefs.map(netOf));

    const response = await returnCredit(batch.id, returned.id, 'Account closed');
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(BATCH_MESSAGES.creditReturned);
    for (const ref of returnedRefs) {
      expect(await transferStateOf(t.database.db, ref.kind, ref.id)).toBe('none');
      const [payout] = await payoutsOf(t.database.db, ref.id);
      expect(payout.status).toBe('failed');
      expect(payout.failureMessage).toBe(`Returned by the bank (${batch.reference}): Account closed`);
      expect(await journalKindsOf([payout.id])).toEqual(['payout.failed', 'payout.started']);
    }
    expect(await balancesOf(t.database.db, returned.id)).toEqual({ payable: nets[0] + nets[1], inTransit: 0, paidOut: 0 });
    const detail = (await t.request({ method: 'GET', url: `/payout-batches/${batch.id}`, token: checker.token })).json<PayoutBatchResponse>();
    expect(detail.credits.find((credit) => credit.ownerId === returned.id)).toMatchObject({ status: 'returned', returnReason: 'Account closed' });
    const twice = await returnCredit(batch.id, returned.id, 'Again');
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: BATCH_MESSAGES.creditAlreadyReturned });

    expect((await act(batch.id, 'paid', checker.token)).statusCode).toBe(200);
    expect(await transferStateOf(t.database.db, 'ute', keptRef.id)).toBe('transferred');
    expect(await transferStateOf(t.database.db, 'ute', returnedRefs[0].id)).toBe('none');
    expect((await auditOf(batch.id)).map((entry) => entry.action)).toEqual(['batch.prepare', 'batch.approve', 'batch.line-returned', 'batch.paid']);
    // The returned bookings can go in a new batch.
    expect((await prepared(returnedRefs)).data.lineCount).toBe(2);
  });

  it('after paid: reverses the credit (paid out -> payable) and frees the bookings for a new batch', async () => {
    const owner = await createOwner();
    const ref = await manualBooking(owner.id, 90);
    const batch = await approved([ref]);
    await act(batch.id, 'paid', checker.token);
    const net = await netOf(ref);
    expect(await balancesOf(t.database.db, owner.id)).toEqual({ payable: 0, inTransit: 0, paidOut: net });

    expect((await returnCredit(batch.id, owner.id, 'Invalid account number')).statusCode).toBe(200);
    expect(await transferStateOf(t.database.db, 'ute', ref.id)).toBe('none');
    expect(await balancesOf(t.database.db, owner.id)).toEqual({ payable: net, inTransit: 0, paidOut: 0 });
    const [payout] = await payoutsOf(t.database.db, ref.id);
    expect(payout).toMatchObject({ status: 'succeeded', reversedCents: net });
    expect(await journalKindsOf([payout.id])).toEqual(['payout.reversed', 'payout.started', 'payout.succeeded']);
    expect((await auditOf(ref.id)).map((entry) => entry.action)).toEqual(['payout.start', 'payout.succeed', 'payout.reverse']);
    const again = await prepared([ref]);
    expect(again.data.lineCount).toBe(1);
    expect(await payoutsOf(t.database.db, ref.id)).toHaveLength(2);
  });

  it('answers 400 without a reason, 404 for an owner not in the batch, 409 before approval', async () => {
    const owner = await createOwner();
    const { data } = await prepared([await manualBooking(owner.id)]);
    const early = await returnCredit(data.id, owner.id, 'Closed');
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ message: BATCH_MESSAGES.returnNeedsApproval });
    await act(data.id, 'approve', checker.token);
    for (const reason of ['', '   ', 'x'.repeat(501), 42]) {
      const response = await returnCredit(data.id, owner.id, reason);
      expect(response.statusCode).toBe(400);
    }
    expect((await returnCredit(data.id, randomUUID(), 'Closed')).statusCode).toBe(404);
    expect((await returnCredit(randomUUID(), owner.id, 'Closed')).statusCode).toBe(404);
    expect((await returnCredit(data.id, owner.id, 'Closed', (await signInAs(t, ['support'])).token)).json()).toMatchObject({ reason: 'ROLE' });
  });
});

describe('POST /api/admin/payout-batches/:id/cancel', () => {
  it('releases every booking (payouts fail, in transit -> payable), once; the bookings can be batched again', async () => {
    const owner = await createOwner();
    const refs = [await manualBooking(owner.id, 33), await manualBooking(owner.id, 44)];
    const batch = await approved(refs);
    const responses = await Promise.all([act(batch.id, 'cancel', checker.token), act(batch.id, 'cancel', maker.token)]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    for (const ref of refs) {
      expect(await transferStateOf(t.database.db, ref.kind, ref.id)).toBe('none');
      expect((await payoutsOf(t.database.db, ref.id))[0].status).toBe('failed');
    }
    const nets = await Promise.all(refs.map(netOf));
    expect(await balancesOf(t.database.db, owner.id)).toEqual({ payable: nets[0] + nets[1], inTransit: 0, paidOut: 0 });
    expect((await download(batch.id)).json()).toEqual({ message: BATCH_MESSAGES.isCancelled });
    expect((await act(batch.id, 'paid', checker.token)).json()).toEqual({ message: BATCH_MESSAGES.isCancelled });
    expect((await auditOf(batch.id)).map((entry) => entry.action)).toEqual(['batch.prepare', 'batch.approve', 'batch.cancel']);
    expect((await prepared(refs)).data.lineCount).toBe(2);
  });

  it('answers 404 for an unknown batch', async () => {
    expect((await act(randomUUID(), 'cancel', checker.token)).statusCode).toBe(404);
  });
});

describe('GET /api/admin/payout-batches and /:id', () => {
  it('lists the batches newest first, paged, and answers 404 for an unknown one', async () => {
    const owner = await createOwner();
    const newest = (await prepared([await manualBooking(owner.id)])).data;
    const response = await t.request({ method: 'GET', url: '/payout-batches?limit=2', token: checker.token });
    expect(response.statusCode).toBe(200);
    const page = response.json<{ data: { id: string }[]; totalCount: number; paginationData: { page: number; totalPages: number } }>();
    expect(page.data[0].id).toBe(newest.id);
    expect(page.data).toHaveLength(2);
    expect(page.totalCount).toBe(await t.database.db.$count(payoutBatches));
    expect((await t.request({ method: 'GET', url: '/payout-batches?limit=0', token: checker.token })).statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: `/payout-batches/${randomUUID()}`, token: checker.token })).statusCode).toBe(404);
  });
});

describe('the optimistic check on a batch (If-Match, docs/design.md §14)', () => {
  const step = (id: string, name: 'approve' | 'paid' | 'cancel', token: string, version: string) =>
    t.request({ method: 'POST', url: `/payout-batches/${id}/${name}`, token, headers: { 'if-match': `"${version}"` } });
  const versionOf = async (id: string) =>
    (await t.request({ method: 'GET', url: `/payout-batches/${id}`, token: checker.token })).json<{ data: { version: string } }>().data.version;

  it('refuses a step on a batch a colleague moved since it was loaded, naming them; a download does not move it', async () => {
    const owner = await createOwner();
    const batch = (await prepared([await manualBooking(owner.id)])).data;
    expect(batch.version).toMatch(/^\d+$/);
    expect((await step(batch.id, 'approve', checker.token, batch.version)).statusCode).toBe(200);
    const stale = await step(batch.id, 'cancel', thirdChecker.token, batch.version);
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ message: string }>().message).toMatch(/^Approved by .+ at .+, after you opened it\. Reload to see the change\.$/);
    expect((await versionOf(batch.id)) !== batch.version).toBe(true);
    const loaded = await versionOf(batch.id);
    expect((await download(batch.id, thirdChecker.token)).statusCode).toBe(200);
    expect(await versionOf(batch.id)).toBe(loaded);
    const paid = await step(batch.id, 'paid', thirdChecker.token, loaded);
    expect(paid.statusCode, paid.body).toBe(200);
    // A return on the version from before it was paid: refused, the credit stays paid.
    const staleReturn = await t.request({
      method: 'POST',
      url: `/payout-batches/${batch.id}/credits/${owner.id}/return`,
      payload: { reason: 'Account closed' },
      token: checker.token,
      headers: { 'if-match': loaded },
    });
    expect(staleReturn.statusCode).toBe(409);
    expect(staleReturn.json<{ message: string }>().message).toMatch(/^Marked paid by /);
    const lines = await t.database.db.select().from(payoutBatchLines).where(eq(payoutBatchLines.batchId, batch.id));
    expect(lines.map((line) => line.status)).toEqual(['paid']);
  });

  it('answers 404 for an unknown batch before any version check', async () => {
    expect((await step(randomUUID(), 'approve', checker.token, '1')).statusCode).toBe(404);
  });
});

describe('the pending payout reconciliation job', () => {
  it("leaves a batch's pending payouts to the batch", async () => {
    const owner = await createOwner();
    const ref = await manualBooking(owner.id);
    await prepared([ref]);
    const service = createPayoutsService({ db: t.database.db, payouts: t.app.ctx.payouts, log: t.app.ctx.log });
    await service.reconcilePendingPayouts();
    expect((await payoutsOf(t.database.db, ref.id))[0].status).toBe('pending');
    expect(await transferStateOf(t.database.db, ref.kind, ref.id)).toBe('transferring');
  });
});

describe(`on ${engine}`, () => {
  it('keeps every journal balanced and every batch line one per open booking', async () => {
    const rows = await t.database.db.execute(sql`select journal_id from ledger_lines group by journal_id having sum(amount_cents) <> 0`);
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([]);
    const open = await t.database.db.execute(sql`select booking_id from payout_batch_lines where status = 'included' group by booking_id having count(*) > 1`);
    expect((open as unknown as { rows: unknown[] }).rows).toEqual([]);
  });
});
