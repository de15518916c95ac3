import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationListResponse } from '@ute/contract';
import { notifications } from '../../db/tables/notifications.table';
import { createUsers } from '../../test/factories';
import { createTestApp, engine, type TestApp } from '../../test/testApp';

/** A long export's notice (docs/design.md §13): EXPORT_NOTICE_SECONDS 0 makes every export a long one. */
describe(`export finished notice (${engine})`, () => {
  let t: TestApp;
  let quick: TestApp;

  beforeAll(async () => {
    [t, quick] = await Promise.all([createTestApp({ env: { EXPORT_NOTICE_SECONDS: '0' } }), createTestApp()]);
    await createUsers(t.database.db, 3);
    await createUsers(quick.database.db, 3);
  });
  afterAll(async () => {
    await t.close();
    await quick.close();
  });

  const exportedNotices = (app: TestApp) => app.database.db.select().from(notifications).where(eq(notifications.kind, 'exportFinished'));

  it('tells the admin, in their inbox, which list finished and how many rows, once per export', async () => {
    const response = await t.request({ method: 'GET', url: '/all-users-data/export' });
    expect(response.statusCode).toBe(200);
    const inbox = (await t.request({ method: 'GET', url: '/notifications' })).json<NotificationListResponse>();
    expect(inbox.data.filter((item) => item.kind === 'exportFinished')).toEqual([
      expect.objectContaining({ title: 'Your export of users finished: 3 rows', recordType: 'export', recordId: 'users', readAt: null }),
    ]);
    await t.request({ method: 'GET', url: '/all-users-data/export' });
    expect(await exportedNotices(t)).toHaveLength(2);
  });

  it('says nothing of an export quicker than the threshold (the admin watched it end)', async () => {
    expect((await quick.request({ method: 'GET', url: '/all-users-data/export' })).statusCode).toBe(200);
    expect(await exportedNotices(quick)).toEqual([]);
  });

  it('says nothing of an export that failed before its first row (the error envelope answered)', async () => {
    const before = (await exportedNotices(t)).length;
    const refused = await t.request({ method: 'GET', url: '/all-users-data/export?createdFrom=not-a-day' });
    expect(refused.statusCode).toBe(400);
    expect(
      await t.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.kind, 'exportFinished'))),
    ).toHaveLength(before);
  });
});
