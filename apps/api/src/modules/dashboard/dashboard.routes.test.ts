import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/database';
import { DASHBOARD_NUMBERS_BY_COUNT_SQL } from '../../test/dashboardCounts';
import { createTestApp, type TestApp } from '../../test/testApp';

describe('GET /api/admin/dashboard-data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seeded: true });
  });
  afterAll(() => t.close());

  it('answers the seven counts equal to the rows in the database, after inserts, updates and deletes', async () => {
    await t.database.db.execute(sql`update users set deleted_at = now() where id = (select id from users order by created_at limit 1)`);
    await t.database.db.execute(sql`update users set is_active = not is_active where id in (select id from users where deleted_at is null order by email limit 7)`);
    await t.database.db.execute(sql`update utes set deleted_at = now() where id in (select id from utes order by ute_id limit 3)`);
    await t.database.db.execute(sql`delete from job_bookings where id in (select id from job_bookings order by job_booking_id limit 2)`);
    await t.database.db.execute(sql`insert into jobs (job_id, title) values ('JOB-T1', 'one'), ('JOB-T2', 'two')`);
    await t.database.db.execute(sql`update jobs set deleted_at = now() where job_id = 'JOB-T1'`);
    const response = await t.request({ method: 'GET', url: '/dashboard-data' });
    expect(response.statusCode).toBe(200);
    const [expected] = await queryRows<Record<string, number>>(t.database.db, sql.raw(DASHBOARD_NUMBERS_BY_COUNT_SQL));
    expect(response.json().data).toEqual(expected);
    expect(expected.totalUser).toBe(79);
    expect(expected.totalActiveUser + expected.totalDeactiveUser).toBe(79);
  });

  it('refuses a request without a token with 401', async () => {
    const response = await t.request({ method: 'GET', url: '/dashboard-data', token: null });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Authentication required. Please sign in.' });
  });
});
