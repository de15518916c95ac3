import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, not, sql } from 'drizzle-orm';
import { queryRows } from '../../db/database';
import { jobBookings, jobs, users, utes } from '../../db/schema';
import { createJobBookings, createJobs, createUsers, createUteBookings, createUtes } from '../../test/factories';
import { DASHBOARD_NUMBERS_BY_COUNT_SQL } from './dashboardCounts.sql';
import { createTestApp, type TestApp } from '../../test/testApp';

describe('GET /api/admin/dashboard-data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers the seven counts equal to the rows in the database, after inserts, updates and deletes', async () => {
    // A database of this test's own: 80 users, utes, jobs and bookings, each kind inserted in one statement.
    const db = t.database.db;
    const people = await createUsers(db, 80);
    const ids = people.map((person) => person.id);
    const ownerId = ids[1];
    const uteRows = await createUtes(db, 5);
    await createUteBookings(db, [{ ownerId }, { ownerId, transactionId: null }, { ownerId }]);
    const bookingRows = await createJobBookings(db, [{ ownerId }, { ownerId }, { ownerId, transactionId: null }, { ownerId }]);
    // Then updates and deletes, several rows a statement.
    await db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, ids[0]));
    await db
      .update(users)
      .set({ isActive: not(users.isActive) })
      .where(inArray(users.id, ids.slice(1, 8)));
    await db
      .update(utes)
      .set({ deletedAt: new Date() })
      .where(
        inArray(
          utes.id,
          uteRows.slice(0, 3).map((ute) => ute.id),
        ),
      );
    await db.delete(jobBookings).where(
      inArray(
        jobBookings.id,
        bookingRows.slice(0, 2).map((booking) => booking.id),
      ),
    );
    const [one] = await createJobs(db, 2);
    await db.update(jobs).set({ deletedAt: new Date() }).where(eq(jobs.id, one.id));
    const response = await t.request({ method: 'GET', url: '/dashboard-data' });
    expect(response.statusCode).toBe(200);
    const [expected] = await queryRows<Record<string, number>>(t.database.db, sql.raw(DASHBOARD_NUMBERS_BY_COUNT_SQL));
    expect(response.json().data).toEqual(expected);
    expect(expected.totalUser).toBe(79);
    expect(expected.totalActiveUser + expected.totalDeactiveUser).toBe(79);
  });
});
