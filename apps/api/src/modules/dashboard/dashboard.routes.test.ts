import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/database';
import { createTestApp, type TestApp } from '../../test/testApp';

describe('GET /api/admin/dashboard-data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seeded: true });
  });
  afterAll(() => t.close());

  it('answers the seven counts equal to the rows in the database', async () => {
    await t.database.db.execute(sql`update users set deleted_at = now() where id = (select id from users order by created_at limit 1)`);
    const response = await t.request({ method: 'GET', url: '/dashboard-data' });
    expect(response.statusCode).toBe(200);
    const [expected] = await queryRows<Record<string, number>>(
      t.database.db,
      sql`select
        (select count(*)::int from users where deleted_at is null) as "totalUser",
        (select count(*)::int from users where deleted_at is null and is_active) as "totalActiveUser",
        (select count(*)::int from users where deleted_at is null and not is_active) as "totalDeactiveUser",
        (select count(*)::int from utes where deleted_at is null) as "totalUtedata",
        (select count(*)::int from jobs where deleted_at is null) as "totalJobdata",
        (select count(*)::int from ute_bookings where deleted_at is null) as "totalUteBooking",
        (select count(*)::int from job_bookings where deleted_at is null) as "totalJobBooking"`,
    );
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
