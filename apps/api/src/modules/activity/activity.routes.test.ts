import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActivities, createUser, createUsers } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/testApp';

const seededUserId = (n: number) => `00000001-0000-4000-8000-${String(n).padStart(12, '0')}`;
/** Rows of the heavy user (ACTIVITY_TEST_ROWS=50000 to measure at the scale of the brief). */
const HEAVY_ROWS = Number(process.env.ACTIVITY_TEST_ROWS ?? 5000);
const PER_DAY = 40;
const HEAVY_DAYS = Math.ceil(HEAVY_ROWS / PER_DAY);
/** 12:00 PM in Sydney (AEDT, +11) on 20 March 2025; each row steps back within its day. */
const ANCHOR = '2025-03-20T01:00:00Z';
const TIME_KEY = /^(1[0-2]|[1-9]):[0-5]\d (AM|PM)$/;

interface Group {
  date: string;
  count: number;
  activities: Record<
    string,
    { _id: string; occurredAt: string; activity: string; activityBy: { firstName: string; lastName: string } | null; type?: string | null }
  >[];
}

describe('GET /api/admin/get-activities/:userId', () => {
  let t: TestApp;
  const heavyUserId = randomUUID();
  const zoneUserId = randomUUID();
  const emptyUserId = randomUUID();

  beforeAll(async () => {
    t = await createTestApp({ seeded: true });
    const db = t.database.db;
    await createUsers(db, [
      { id: heavyUserId, firstName: 'Heavy', lastName: 'Logger', email: 'heavy.logger@example.com.au' },
      { id: zoneUserId, firstName: 'Zone', lastName: 'Edge', email: 'zone.edge@example.com.au' },
      { id: emptyUserId, firstName: 'Quiet', lastName: 'Person', email: 'quiet.person@example.com.au' },
    ]);
    // PER_DAY a day back from the anchor, 7 minutes apart within the day.
    const anchor = Date.parse(ANCHOR);
    await createActivities(
      db,
      Array.from({ length: HEAVY_ROWS }, (_, g) => ({
        userId: heavyUserId,
        activity: g % 2 === 0 ? 'logged-in' : 'logged-out',
        activityBy: { firstName: 'Heavy', lastName: 'Logger' },
        occurredAt: new Date(anchor - Math.floor(g / PER_DAY) * 86_400_000 - (g % PER_DAY) * 7 * 60_000),
      })),
    );
    await createActivities(db, [
      { userId: zoneUserId, activity: 'add-ute', activityTo: { uteName: 'Blue HiLux', uteId: 'UTE-000001' }, occurredAt: new Date('2025-01-01T13:30:00Z') },
      {
        userId: zoneUserId,
        activity: 'otp-send',
        subType: 'JobOtpSend',
        activityTo: { jobName: 'Move a couch' },
        response: 'Blue HiLux',
        occurredAt: new Date('2025-01-01T13:30:00Z'),
      },
      { userId: zoneUserId, activity: 'logged-in', occurredAt: new Date('2025-01-01T12:59:00Z') },
    ]);
  });
  afterAll(() => t.close());

  const get = (url: string, token?: string | null) => t.request({ method: 'GET', url, token });

  it('answers the seeded user as day groups of one-key objects with an h:mm AM/PM key', async () => {
    const response = await get(`/get-activities/${seededUserId(1)}?days=60`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user).toEqual({ firstName: expect.any(String), lastName: expect.any(String) });
    expect(body.hasMore).toBe(false);
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.map((group: Group) => group.date)).toEqual(body.dates.map((day: { date: string }) => day.date));
    let total = 0;
    for (const group of body.data as Group[]) {
      expect(group.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(group.activities).toHaveLength(group.count);
      total += group.count;
      for (const entry of group.activities) {
        const keys = Object.keys(entry);
        expect(keys).toHaveLength(1);
        expect(keys[0]).toMatch(TIME_KEY);
        expect(entry[keys[0]].activityBy).toEqual(body.user);
      }
    }
    expect(total).toBe(body.totalCount);
    const subTypes = (body.data as Group[]).flatMap((group) => group.activities.map((entry) => Object.values(entry)[0].type)).filter(Boolean);
    expect(subTypes).toEqual(expect.arrayContaining(['manualUTEPayment', 'utePayment', 'JobOtpSend', 'UteTaskCompleted']));
  });

  it(`pages a user with ${HEAVY_ROWS} activities by day groups, newest first, with every date and its count`, async () => {
    const started = performance.now();
    const response = await get(`/get-activities/${heavyUserId}`);
    const elapsedMs = performance.now() - started;
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user).toEqual({ firstName: 'Heavy', lastName: 'Logger' });
    expect(body.totalCount).toBe(HEAVY_ROWS);
    expect(body.dates).toHaveLength(HEAVY_DAYS);
    expect(body.dates[0]).toEqual({ date: '2025-03-20', count: PER_DAY });
    expect(body.data).toHaveLength(7);
    expect(body.data.map((group: Group) => group.date)).toEqual(body.dates.slice(0, 7).map((day: { date: string }) => day.date));
    expect(body.hasMore).toBe(true);
    expect(Object.keys(body.data[0].activities[0])).toEqual(['12:00 PM']);
    expect(body.data[0].activities).toHaveLength(PER_DAY);
    const warmStarted = performance.now();
    expect((await get(`/get-activities/${heavyUserId}`)).statusCode).toBe(200);
    const warmMs = performance.now() - warmStarted;
    console.info(`get-activities, ${HEAVY_ROWS} rows, first 7 days: ${elapsedMs.toFixed(0)} ms cold, ${warmMs.toFixed(0)} ms warm (${t.database.engine})`);
    expect(elapsedMs).toBeLessThan(3000);
  });

  it('walks every day group with the before cursor, without gaps or overlap', async () => {
    const seen = new Set<string>();
    let total = 0;
    let before: string | undefined;
    let pages = 0;
    for (;;) {
      const body = (await get(`/get-activities/${heavyUserId}?days=60${before ? `&before=${before}` : ''}`)).json();
      pages += 1;
      for (const group of body.data as Group[]) {
        expect(seen.has(group.date)).toBe(false);
        seen.add(group.date);
        expect(group.activities).toHaveLength(group.count);
        total += group.activities.length;
      }
      if (!body.hasMore) break;
      before = body.data.at(-1).date;
    }
    expect(pages).toBe(Math.ceil(HEAVY_DAYS / 60));
    expect(seen.size).toBe(HEAVY_DAYS);
    expect(total).toBe(HEAVY_ROWS);
  });

  it('answers one day with date=YYYY-MM-DD, and no group for a day without activity', async () => {
    const day = (await get(`/get-activities/${heavyUserId}?date=2025-03-18`)).json();
    expect(day.data).toHaveLength(1);
    expect(day.data[0]).toMatchObject({ date: '2025-03-18', count: PER_DAY });
    expect(day.data[0].activities).toHaveLength(PER_DAY);
    expect(day.hasMore).toBe(false);
    expect(day.dates).toHaveLength(HEAVY_DAYS);
    expect(day.totalCount).toBe(HEAVY_ROWS);
    const none = (await get(`/get-activities/${heavyUserId}?date=2030-01-01`)).json();
    expect(none.data).toEqual([]);
    expect(none.totalCount).toBe(HEAVY_ROWS);
  });

  it('groups by the Sydney calendar day and keeps two activities of the same minute apart', async () => {
    const body = (await get(`/get-activities/${zoneUserId}`)).json();
    expect(body.dates).toEqual([
      { date: '2025-01-02', count: 2 },
      { date: '2025-01-01', count: 1 },
    ]);
    const [newer, older] = body.data as Group[];
    expect(newer.activities.map((entry) => Object.keys(entry)[0])).toEqual(['12:30 AM', '12:30 AM']);
    expect(newer.activities.map((entry) => Object.values(entry)[0].activity).sort()).toEqual(['add-ute', 'otp-send']);
    const otp = newer.activities.map((entry) => Object.values(entry)[0]).find((record) => record.activity === 'otp-send');
    expect(otp).toMatchObject({ type: 'JobOtpSend', response: 'Blue HiLux', activityTo: { jobName: 'Move a couch' }, occurredAt: '2025-01-01T13:30:00.000Z' });
    // A record without activityBy carries the user's name.
    expect(otp?.activityBy).toEqual({ firstName: 'Zone', lastName: 'Edge' });
    expect(Object.keys(older.activities[0])).toEqual(['11:59 PM']);
  });

  it('answers a user without activity with no groups', async () => {
    const body = (await get(`/get-activities/${emptyUserId}`)).json();
    expect(body).toEqual({ data: [], user: { firstName: 'Quiet', lastName: 'Person' }, dates: [], totalCount: 0, hasMore: false });
  });

  it('answers 404 for an unknown or deleted user', async () => {
    const unknown = await get(`/get-activities/${randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'User not found' });
    const { id: deletedId } = await createUser(t.database.db, { firstName: 'Gone', lastName: 'User', email: 'gone@example.com.au', deletedAt: new Date() });
    expect((await get(`/get-activities/${deletedId}`)).statusCode).toBe(404);
  });

  it('rejects a bad id, date, before or days with 400', async () => {
    const badId = await get('/get-activities/42');
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toBe('userId must be a valid id');
    const badDate = await get(`/get-activities/${heavyUserId}?date=20-03-2025`);
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().message).toBe('date must be YYYY-MM-DD');
    const badBefore = await get(`/get-activities/${heavyUserId}?before=yesterday`);
    expect(badBefore.statusCode).toBe(400);
    expect(badBefore.json().message).toBe('before must be YYYY-MM-DD');
    const badDays = await get(`/get-activities/${heavyUserId}?days=61`);
    expect(badDays.statusCode).toBe(400);
    expect(badDays.json().message).toBe('days must be at most 60');
  });
});
