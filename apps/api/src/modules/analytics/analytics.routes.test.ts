import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, ANALYTICS_GROUPS, analyticsResponseSchema, analyticsTexts, sydneyToday, type AnalyticsGroup } from '@ute/contract';
import { queryRows } from '../../db/database';
import { eq } from 'drizzle-orm';
import { utes } from '../../db/tables/utes.table';
import { createUtes } from '../../test/factories';
import { createTestApp, signInAs, type TestApp } from '../../test/testApp';
import { refreshDirtyDays } from './analytics.repository';

const today = sydneyToday();
const lastYear = { from: addDays(today, -364), to: today };
const urlOf = (group: AnalyticsGroup, query: Record<string, string> = { ...lastYear, groupBy: 'month' }) =>
  `/analytics/${group}?${new URLSearchParams(query).toString()}`;

describe('analytics api', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ seeded: true });
    // The demo data's days, as the job (or npm start's seeding) fills them.
    await refreshDirtyDays(t.database.db);
  });
  afterAll(() => t.close());

  describe('GET /api/admin/analytics/:group', () => {
    it.each(ANALYTICS_GROUPS)('answers the %s group to an owner, in the contract shape, from the demo data', async (group) => {
      const response = await t.request({ method: 'GET', url: urlOf(group) });
      expect(response.statusCode, response.body).toBe(200);
      const body = analyticsResponseSchema.parse(response.json());
      expect(body).toMatchObject({ group, groupBy: 'month', from: lastYear.from, to: lastYear.to });
      expect(body.previousTo).toBe(addDays(lastYear.from, -1));
      expect(body.charts.length).toBeGreaterThan(0);
      for (const chart of body.charts) for (const series of chart.series) expect(series.values).toHaveLength(chart.buckets.length);
      const numbers = [...body.totals.map((total) => total.value ?? 0), ...body.charts.flatMap((chart) => chart.series.flatMap((series) => series.values))];
      expect(numbers.some((value) => value !== null && value > 0)).toBe(true);
    });

    it('names the ledger as the source of the money numbers', async () => {
      const body = analyticsResponseSchema.parse((await t.request({ method: 'GET', url: urlOf('money') })).json());
      expect(body.source).toBe('Ledger (double-entry journals)');
      expect(body.totals.map((total) => total.key)).toEqual(['grossBookingValue', 'platformFees', 'feeGst', 'refunds', 'payoutsPaid', 'owedToOwners']);
      // Owed to owners at the end of today is what the ledger's balances cache says is owed now.
      const [owed] = await queryRows<{ cents: string }>(t.database.db, sql`select coalesce(sum(payable_cents), 0)::text as cents from ledger_owner_balances`);
      expect(body.totals.find((total) => total.key === 'owedToOwners')?.value).toBe(Number(owed.cents));
    });

    it('buckets by day, by week (named by its Monday) and by month (named by its first day)', async () => {
      const query = { from: '2026-03-30', to: '2026-04-14' };
      const buckets = async (groupBy: string) =>
        analyticsResponseSchema.parse((await t.request({ method: 'GET', url: urlOf('people', { ...query, groupBy }) })).json()).charts[0].buckets;
      expect(await buckets('day')).toHaveLength(16);
      expect(await buckets('week')).toEqual(['2026-03-30', '2026-04-06', '2026-04-13']);
      expect(await buckets('month')).toEqual(['2026-03-01', '2026-04-01']);
    });

    it('rejects a bad query with 400 and the contract messages', async () => {
      const cases: [Record<string, string>, string][] = [
        [{ from: '2026-02-30', to: '2026-03-01' }, analyticsTexts.fromInvalid],
        [{ from: '2026-03-01', to: 'tomorrow' }, analyticsTexts.toInvalid],
        [{ from: '2026-03-02', to: '2026-03-01' }, analyticsTexts.toBeforeFrom],
        [{ from: '2024-01-01', to: '2026-01-01' }, analyticsTexts.rangeTooLong],
        [{ from: '2026-03-01', to: '2026-03-02', groupBy: 'year' }, analyticsTexts.groupByInvalid],
      ];
      for (const [query, message] of cases) {
        const response = await t.request({ method: 'GET', url: urlOf('supply', query) });
        expect(response.statusCode, JSON.stringify(query)).toBe(400);
        expect(response.body).toContain(message);
      }
    });

    it('answers each group only to its roles (403 otherwise), and every group to an owner', async () => {
      const may: Record<AnalyticsGroup, string[]> = {
        money: ['finance'],
        bookings: ['finance'],
        supply: ['moderator'],
        support: ['support'],
        people: [],
        funnel: [],
        cohorts: [],
      };
      const tokens = {
        finance: (await signInAs(t, ['finance'])).token,
        moderator: (await signInAs(t, ['moderator'])).token,
        support: (await signInAs(t, ['support'])).token,
      };
      for (const group of ANALYTICS_GROUPS) {
        for (const [role, token] of Object.entries(tokens)) {
          const response = await t.request({ method: 'GET', url: urlOf(group), token });
          expect(response.statusCode, `${role} on ${group}`).toBe(may[group].includes(role) ? 200 : 403);
        }
        expect((await t.request({ method: 'GET', url: urlOf(group) })).statusCode).toBe(200);
      }
    });
  });

  describe('utes.decided_at (migration 0024)', () => {
    it('is set on every decided listing of the demo data and on none pending', async () => {
      const [row] = await queryRows<{ wrong: string }>(
        t.database.db,
        sql`select count(*)::text as wrong from (select status, decided_at from utes union all select status, decided_at from jobs) l
            where (status in ('Approved', 'Rejected')) <> (decided_at is not null)`,
      );
      expect(row.wrong).toBe('0');
    });

    it('sets decided_at when a status is decided without one, and clears it when pending again', async () => {
      const db = t.database.db;
      const [ute] = await createUtes(db, [{ createdAt: new Date('2026-09-02T00:00:00Z') }]);
      const decidedAt = async () =>
        (await queryRows<{ at: number | null }>(db, sql`select extract(epoch from decided_at)::float8 as at from utes where id = ${ute.id}`))[0].at;
      const before = Date.now() / 1000;
      await db.update(utes).set({ status: 'Approved' }).where(eq(utes.id, ute.id));
      expect(await decidedAt()).toBeGreaterThanOrEqual(before - 5);
      await db.update(utes).set({ status: 'Pending' }).where(eq(utes.id, ute.id));
      expect(await decidedAt()).toBeNull();
      await db.delete(utes).where(eq(utes.id, ute.id));
    });
  });
});
