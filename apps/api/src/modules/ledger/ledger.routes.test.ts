import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { LEDGER_MESSAGES, ownerBalancesResponseSchema, ownerLedgerResponseSchema, platformFeesResponseSchema } from '@ute/contract';
import { auditLog } from '../../db/tables/audit.table';
import { ledgerJournals, ledgerLines } from '../../db/tables/ledger.table';
import { createJobBooking, createStripeOwner, createUteBooking } from '../../test/factories';
import { parseCsv } from '../../test/csv';
import { createTestApp, signInAs, type TestApp } from '../../test/testApp';
import { postJournal } from './ledger.repository';
import { startOfSydneyDay } from './ledger.service';

describe('ledger api', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ seeded: true, twoFactor: true });
  });
  afterAll(() => t.close());

  describe('GET /api/admin/platform-fees and PUT /api/admin/update-platform-fee', () => {
    it('answers no fee for each kind at first, then the fee set, with its history and one audit entry', async () => {
      const first = platformFeesResponseSchema.parse((await t.request({ method: 'GET', url: '/platform-fees' })).json());
      expect(first.data.map((fee) => [fee.bookingKind, fee.percentBps, fee.fixedCents])).toEqual([
        ['ute', 0, 0],
        ['job', 0, 0],
      ]);

      const update = await t.request({ method: 'PUT', url: '/update-platform-fee', payload: { bookingKind: 'ute', percentBps: 1_050, fixedCents: 50 } });
      expect(update.statusCode, update.body).toBe(200);
      expect(update.json()).toMatchObject({
        message: LEDGER_MESSAGES.feeUpdated,
        data: { bookingKind: 'ute', percentBps: 1_050, fixedCents: 50, setBy: 'admin@test.local' },
      });

      const after = platformFeesResponseSchema.parse((await t.request({ method: 'GET', url: '/platform-fees' })).json());
      expect(after.data[0]).toMatchObject({ bookingKind: 'ute', percentBps: 1_050, fixedCents: 50 });
      expect(after.history[0]).toMatchObject({ bookingKind: 'ute', percentBps: 1_050 });
      const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'platform-fee.update'));
      expect(audits.at(-1)).toMatchObject({
        targetType: 'platform_fee',
        targetId: 'ute',
        before: { percentBps: 0, fixedCents: 0 },
        after: { percentBps: 1_050, fixedCents: 50 },
      });

      // Back to no fee for the other tests.
      expect((await t.request({ method: 'PUT', url: '/update-platform-fee', payload: { bookingKind: 'ute', percentBps: 0, fixedCents: 0 } })).statusCode).toBe(
        200,
      );
    });

    it('rejects a fee out of range, fractional, of an unknown kind or with extra fields with 400 and a clear message', async () => {
      const cases: [unknown, string][] = [
        [{ bookingKind: 'ute', percentBps: 10_001, fixedCents: 0 }, LEDGER_MESSAGES.percentBpsInvalid],
        [{ bookingKind: 'ute', percentBps: 10.5, fixedCents: 0 }, LEDGER_MESSAGES.percentBpsInvalid],
        [{ bookingKind: 'ute', percentBps: 0, fixedCents: -1 }, LEDGER_MESSAGES.fixedCentsInvalid],
        [{ bookingKind: 'ute', percentBps: 0, fixedCents: '50' }, LEDGER_MESSAGES.fixedCentsInvalid],
        [{ bookingKind: 'van', percentBps: 0, fixedCents: 0 }, LEDGER_MESSAGES.bookingKindInvalid],
      ];
      for (const [payload, message] of cases) {
        const response = await t.request({ method: 'PUT', url: '/update-platform-fee', payload });
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.body).toContain(message);
      }
    });

    it('lets finance read the fees but not change them; refuses other roles with 403', async () => {
      const finance = await signInAs(t, ['finance'], { twoFactor: true });
      const read = await t.request({ method: 'GET', url: '/platform-fees', token: finance.token });
      expect(read.statusCode, read.body).toBe(200);
      const change = await t.request({
        method: 'PUT',
        url: '/update-platform-fee',
        token: finance.token,
        payload: { bookingKind: 'job', percentBps: 1, fixedCents: 0 },
      });
      expect(change.statusCode).toBe(403);
      const moderator = await signInAs(t, ['moderator']);
      expect((await t.request({ method: 'GET', url: '/platform-fees', token: moderator.token })).statusCode).toBe(403);
    });

    it('asks an owner with a password-only session for a second factor before changing a fee', async () => {
      const owner = await signInAs(t, ['owner']);
      const response = await t.request({
        method: 'PUT',
        url: '/update-platform-fee',
        token: owner.token,
        payload: { bookingKind: 'job', percentBps: 1, fixedCents: 0 },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ reason: 'TWO_FACTOR_REQUIRED' });
    });
  });

  describe('the optimistic check on a fee (If-Match)', () => {
    it('refuses a fee from a page loaded before another owner changed that kind’s fee, naming them; the other kind is unaffected', async () => {
      const loaded = platformFeesResponseSchema.parse((await t.request({ method: 'GET', url: '/platform-fees' })).json()).data;
      const [ute, job] = loaded;
      expect(ute.version).toMatch(/^\d+$/);
      const otherOwner = await signInAs(t, ['owner'], { twoFactor: true });
      const change = (bookingKind: 'ute' | 'job', percentBps: number, version: string, token?: string, fixedCents = 0) =>
        t.request({
          method: 'PUT',
          url: '/update-platform-fee',
          payload: { bookingKind, percentBps, fixedCents },
          headers: { 'if-match': version },
          ...(token ? { token } : {}),
        });
      expect((await change('ute', 900, ute.version, otherOwner.token)).statusCode).toBe(200);
      const stale = await change('ute', 1_200, ute.version);
      expect(stale.statusCode).toBe(409);
      expect(stale.json().message).toMatch(/^Fee changed by .+ at .+, after you opened it\. Reload to see the change\.$/);
      const after = platformFeesResponseSchema.parse((await t.request({ method: 'GET', url: '/platform-fees' })).json()).data;
      expect(after[0]).toMatchObject({ percentBps: 900 });
      expect((await change('job', job.percentBps, job.version, undefined, job.fixedCents)).statusCode).toBe(200);
      // On the version it now shows, the change goes through: the fee the later tests expect is put back.
      expect((await change('ute', ute.percentBps, after[0].version, undefined, ute.fixedCents)).statusCode).toBe(200);
    });

    it('lets one of two owners changing the same fee at once through: the other answers 409 (they take turns on the kind)', async () => {
      const [ute] = platformFeesResponseSchema.parse((await t.request({ method: 'GET', url: '/platform-fees' })).json()).data;
      const [first, second] = [await signInAs(t, ['owner'], { twoFactor: true }), await signInAs(t, ['owner'], { twoFactor: true })];
      const change = (percentBps: number, token: string) =>
        t.request({
          method: 'PUT',
          url: '/update-platform-fee',
          payload: { bookingKind: 'ute', percentBps, fixedCents: ute.fixedCents },
          headers: { 'if-match': ute.version },
          token,
        });
      const answers = await Promise.all([change(700, first.token), change(800, second.token)]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const current = platformFeesResponseSchema.parse((await t.request({ method: 'GET', url: '/platform-fees' })).json()).data[0];
      expect(current.percentBps).toBe(answers[0].statusCode === 200 ? 700 : 800);
      await t.request({
        method: 'PUT',
        url: '/update-platform-fee',
        payload: { bookingKind: 'ute', percentBps: ute.percentBps, fixedCents: ute.fixedCents },
        headers: { 'if-match': current.version },
      });
    });
  });

  describe('GET /api/admin/payout-split/:kind/:bookingId', () => {
    it("answers a delivered booking's gross, fee, GST and net", async () => {
      const owner = await createStripeOwner(t.database.db);
      const booking = await createUteBooking(t.database.db, { ownerId: owner.id, amount: 99.99 });
      const response = await t.request({ method: 'GET', url: `/payout-split/ute/${booking.id}` });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ data: { grossCents: 9_999, feeCents: 0, gstCents: 0, netCents: 9_999 } });
    });

    it('answers 409 for a booking not delivered, 404 for an unknown one or the wrong kind, 400 for a bad kind or id', async () => {
      const owner = await createStripeOwner(t.database.db);
      const pending = await createJobBooking(t.database.db, { ownerId: owner.id, status: 'pending' });
      const notDelivered = await t.request({ method: 'GET', url: `/payout-split/job/${pending.id}` });
      expect(notDelivered.statusCode).toBe(409);
      expect(notDelivered.json().message).toBe(LEDGER_MESSAGES.notPayable);
      expect((await t.request({ method: 'GET', url: `/payout-split/job/${randomUUID()}` })).statusCode).toBe(404);
      expect((await t.request({ method: 'GET', url: `/payout-split/ute/${pending.id}` })).statusCode).toBe(404);
      const badKind = await t.request({ method: 'GET', url: `/payout-split/van/${pending.id}` });
      expect(badKind.statusCode).toBe(400);
      expect(badKind.body).toContain(LEDGER_MESSAGES.bookingKindInvalid);
      expect((await t.request({ method: 'GET', url: '/payout-split/job/not-an-id' })).statusCode).toBe(400);
    });
  });

  describe('GET /api/admin/owner-balances and its export', () => {
    it('lists owners by what is owed, pays out within a period in Sydney days, finds negative balances, and exports the same', async () => {
      const db = t.database.db;
      const owed = await createStripeOwner(db, { firstName: 'Aaron', lastName: 'Owed' });
      await createUteBooking(db, { ownerId: owed.id, amount: 1_000_000 });
      const overpaid = await createStripeOwner(db, { firstName: 'Zed', lastName: 'Overpaid' });
      // An owner who owes the platform: an adjustment debit (refunds will write these).
      await db.transaction((tx) =>
        postJournal(tx, { kind: 'payout.manual', memo: 'test: overpaid' }, [
          { account: 'owner_payable', ownerId: overpaid.id, amountCents: 5_000 },
          { account: 'owner_paid_out', ownerId: overpaid.id, amountCents: -5_000 },
        ]),
      );

      const first = ownerBalancesResponseSchema.parse((await t.request({ method: 'GET', url: '/owner-balances?limit=5' })).json());
      expect(first.data[0]).toMatchObject({ ownerId: owed.id, ownerName: 'Aaron Owed', payableCents: 100_000_000 });
      expect(first.totalCount).toBeGreaterThan(5);
      expect(first.paginationData.totalPages).toBe(Math.ceil(first.totalCount / 5));

      const negative = ownerBalancesResponseSchema.parse((await t.request({ method: 'GET', url: '/owner-balances?negative=true&limit=100' })).json());
      expect(negative.data.map((row) => row.ownerId)).toContain(overpaid.id);
      expect(negative.data.every((row) => row.payableCents < 0)).toBe(true);

      const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Australia/Sydney' });
      const paidToday = ownerBalancesResponseSchema.parse(
        (await t.request({ method: 'GET', url: `/owner-balances?negative=true&sort=paidOut&from=${today}&to=${today}&limit=100` })).json(),
      );
      expect(paidToday.data.find((row) => row.ownerId === overpaid.id)).toMatchObject({ paidOutCents: 5_000 });
      const longAgo = ownerBalancesResponseSchema.parse(
        (await t.request({ method: 'GET', url: '/owner-balances?sort=paidOut&from=2001-01-01&to=2001-01-31&limit=100' })).json(),
      );
      expect(longAgo.data.every((row) => row.paidOutCents === 0)).toBe(true);

      const csv = await t.request({ method: 'GET', url: '/owner-balances/export?negative=true' });
      expect(csv.statusCode).toBe(200);
      const rows = parseCsv(csv.body.replace(/^\uFEFF/, ''));
      expect(rows[0]).toEqual(['owner_id', 'owner_name', 'email', 'payable_dollars', 'in_transit_dollars', 'paid_out_dollars']);
      // Every export escapes a leading minus (a formula start to a spreadsheet), a negative amount too.
      expect(rows.find((row) => row[0] === overpaid.id)?.[3]).toBe("'-50.00");
    });

    it('pages every sort without gaps or repeats: the pages of the back half (read from the other end) join the front into the whole list', async () => {
      const everyOwner = async (query: string) =>
        ownerBalancesResponseSchema.parse((await t.request({ method: 'GET', url: `/owner-balances?${query}&limit=100` })).json());
      for (const sort of ['payable', 'inTransit', 'paidOut', 'name']) {
        const whole = await everyOwner(`sort=${sort}`);
        expect(whole.totalCount, sort).toBeGreaterThan(6);
        expect(whole.totalCount, 'one page of 100 holds them all').toBeLessThanOrEqual(100);
        const pages = [];
        for (let page = 1; page <= Math.ceil(whole.totalCount / 3); page += 1)
          pages.push(
            ...ownerBalancesResponseSchema.parse((await t.request({ method: 'GET', url: `/owner-balances?sort=${sort}&limit=3&page=${page}` })).json()).data,
          );
        expect(
          pages.map((row) => row.ownerId),
          sort,
        ).toEqual(whole.data.map((row) => row.ownerId));
      }
    });

    it('rejects a bad sort, a bad date and a period that ends before it starts with 400', async () => {
      for (const [query, message] of [
        ['sort=amount', LEDGER_MESSAGES.sortInvalid],
        ['from=2024-02-30', `from ${LEDGER_MESSAGES.dateInvalid}`],
        ['from=2024-03-02&to=2024-03-01', LEDGER_MESSAGES.periodInvalid],
      ]) {
        const response = await t.request({ method: 'GET', url: `/owner-balances?${query}` });
        expect(response.statusCode, query).toBe(400);
        expect(response.body).toContain(message);
      }
    });

    it('is open to finance and closed to support with 403', async () => {
      const finance = await signInAs(t, ['finance']);
      expect((await t.request({ method: 'GET', url: '/owner-balances', token: finance.token })).statusCode).toBe(200);
      const support = await signInAs(t, ['support']);
      expect((await t.request({ method: 'GET', url: '/owner-balances', token: support.token })).statusCode).toBe(403);
      expect((await t.request({ method: 'GET', url: '/owner-balances/export', token: support.token })).statusCode).toBe(403);
    });
  });

  describe('GET /api/admin/owner-ledger/:id', () => {
    it("shows an owner's journals newest first with what they are owed after each", async () => {
      const db = t.database.db;
      const owner = await createStripeOwner(db);
      const first = await createUteBooking(db, { ownerId: owner.id, amount: 10 });
      await createJobBooking(db, { ownerId: owner.id, amount: 5 });
      expect((await t.request({ method: 'POST', url: `/transfer-amount/${owner.id}/${first.id}` })).statusCode).toBe(200);

      const response = await t.request({ method: 'GET', url: `/owner-ledger/${owner.id}?limit=3` });
      expect(response.statusCode, response.body).toBe(200);
      const body = ownerLedgerResponseSchema.parse(response.json());
      expect(body.owner).toMatchObject({ ownerId: owner.id, payableCents: 500, inTransitCents: 0, paidOutCents: 1_000 });
      expect(body.totalCount).toBe(4);
      expect(body.paginationData.totalPages).toBe(2);
      expect(body.data.map((entry) => [entry.kind, entry.owedChangeCents, entry.paidOutChangeCents, entry.owedAfterCents])).toEqual([
        ['payout.succeeded', -1_000, 1_000, 500],
        ['payout.started', 0, 0, 1_500],
        ['booking.payable', 500, 0, 1_500],
      ]);
      const lastPage = ownerLedgerResponseSchema.parse((await t.request({ method: 'GET', url: `/owner-ledger/${owner.id}?limit=3&page=2` })).json());
      expect(lastPage.data).toEqual([expect.objectContaining({ kind: 'booking.payable', bookingId: first.id, owedChangeCents: 1_000, owedAfterCents: 1_000 })]);
    });

    it('answers 404 for an unknown owner, 400 for a bad id or page, 403 for a moderator', async () => {
      expect((await t.request({ method: 'GET', url: `/owner-ledger/${randomUUID()}` })).statusCode).toBe(404);
      expect((await t.request({ method: 'GET', url: '/owner-ledger/nope' })).statusCode).toBe(400);
      const owner = await createStripeOwner(t.database.db);
      expect((await t.request({ method: 'GET', url: `/owner-ledger/${owner.id}?page=0` })).statusCode).toBe(400);
      const moderator = await signInAs(t, ['moderator']);
      expect((await t.request({ method: 'GET', url: `/owner-ledger/${owner.id}`, token: moderator.token })).statusCode).toBe(403);
    });
  });

  it('starts each Sydney day at local midnight, in summer time and out of it', () => {
    expect(startOfSydneyDay('2026-01-15').toISOString()).toBe('2026-01-14T13:00:00.000Z');
    expect(startOfSydneyDay('2026-07-15').toISOString()).toBe('2026-07-14T14:00:00.000Z');
  });

  it('keeps every ledger journal balanced after everything above', async () => {
    const lines = await t.database.db.select({ journalId: ledgerLines.journalId, amountCents: ledgerLines.amountCents }).from(ledgerLines);
    const sums = new Map<string, number>();
    for (const line of lines) sums.set(line.journalId, (sums.get(line.journalId) ?? 0) + line.amountCents);
    expect([...sums.values()].every((sum) => sum === 0)).toBe(true);
    expect(sums.size).toBe(await t.database.db.$count(ledgerJournals));
  });
});
