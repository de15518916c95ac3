import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingListTexts, createdDayTexts } from '@ute/contract';
import { parseCsv } from '../test/csv';
import { createCustomerQuery, createJob, createJobBooking, createUser, createUte, createUteBooking, nextSequence } from '../test/factories';
import { createTestApp, type TestApp } from '../test/testApp';

let t: TestApp;
let ownerId: string;
beforeAll(async () => {
  t = await createTestApp();
  ownerId = (await createUser(t.database.db)).id;
});
afterAll(() => t.close());

/**
 * Sydney's daylight saving ended on Sunday 1 April 2012 (03:00 AEDT became 02:00 AEST), so that day
 * was 25 hours long: from 2012-03-31T13:00Z (midnight, UTC+11) to 2012-04-01T14:00Z (midnight, UTC+10).
 * No seeded or other row of this file is created in 2012.
 */
const TIMES = {
  lastSecondBefore: new Date('2012-03-31T12:59:59Z'),
  firstSecond: new Date('2012-03-31T13:00:00Z'),
  /** 23:30 AEST on the day; read at UTC+11 it would be the next day. */
  lateThatEvening: new Date('2012-04-01T13:30:00Z'),
  nextMidnight: new Date('2012-04-01T14:00:00Z'),
} as const;
type TimeName = keyof typeof TIMES;

interface CreatedRow {
  createdAt: Date;
  /** Part of the searched text (a ute's name, a job's title, an email); unique to this file's run. */
  term: string;
  /** A booking's status. */
  status: string;
}

interface ListCase {
  name: string;
  url: string;
  /** Where the rows are in the answer; the total is always totalCount. */
  rows: 'data' | 'queries';
  /** The search parameter; none: the list has no search. */
  search?: 'search' | 'email';
  hasStatus?: boolean;
  create: (row: CreatedRow) => Promise<string>;
}

const LISTS: ListCase[] = [
  {
    name: 'utes',
    url: '/get-all-ute-list',
    rows: 'data',
    search: 'search',
    create: async ({ createdAt, term }) => (await createUte(t.database.db, { createdAt, fullName: `${term} ute` })).id,
  },
  {
    name: 'jobs',
    url: '/get-all-job-list',
    rows: 'data',
    search: 'search',
    create: async ({ createdAt, term }) => (await createJob(t.database.db, { createdAt, title: `${term} job` })).id,
  },
  {
    name: 'ute bookings',
    url: '/ute-booking-list',
    rows: 'data',
    hasStatus: true,
    create: async ({ createdAt, status }) => (await createUteBooking(t.database.db, { ownerId, createdAt, status })).id,
  },
  {
    name: 'job bookings',
    url: '/job-booking-list',
    rows: 'data',
    hasStatus: true,
    create: async ({ createdAt, status }) => (await createJobBooking(t.database.db, { ownerId, createdAt, status })).id,
  },
  {
    name: 'users',
    url: '/all-users-data',
    rows: 'data',
    search: 'search',
    create: async ({ createdAt, term }) => (await createUser(t.database.db, { createdAt, email: `${term}@factory.example.com.au` })).id,
  },
  {
    name: 'customer queries',
    url: '/all-queries',
    rows: 'queries',
    search: 'email',
    create: async ({ createdAt, term }) => (await createCustomerQuery(t.database.db, { createdAt, email: `${term}@factory.example.com.au` })).id,
  },
];

/** The rows of one list across the boundaries, by time name; the ones searched for carry `term`, one decoy does not. */
async function createRows(list: ListCase) {
  const term = `drill${nextSequence()}x${Date.now().toString(36)}`;
  const ids = {} as Record<TimeName | 'decoy', string>;
  for (const name of Object.keys(TIMES) as TimeName[]) {
    ids[name] = await list.create({ createdAt: TIMES[name], term, status: name === 'lateThatEvening' ? 'cancelled' : 'delivered' });
  }
  // Inside the day but not matching the search (bookings: another row of the day).
  ids.decoy = await list.create({ createdAt: new Date('2012-04-01T02:00:00Z'), term: `other${nextSequence()}`, status: 'accepted' });
  return { term, ids };
}

async function listIds(list: ListCase, params: Record<string, string>): Promise<{ ids: string[]; totalCount: number }> {
  const query = new URLSearchParams({ limit: '100', ...params });
  if (list.url === '/get-all-ute-list') {
    query.set('pageSize', '100');
    query.delete('limit');
  }
  const response = await t.request({ method: 'GET', url: `${list.url}?${query.toString()}` });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<Record<string, unknown>>();
  const rows = body[list.rows] as { _id: string }[];
  return { ids: rows.map((row) => row._id).sort(), totalCount: body.totalCount as number };
}

const sorted = (ids: string[]) => [...ids].sort();

describe.each(LISTS)('$name: created-day filter (createdFrom, createdTo)', (list) => {
  let rows: Awaited<ReturnType<typeof createRows>>;
  beforeAll(async () => {
    rows = await createRows(list);
  });

  it('lists the rows created on a Sydney day across a DST change, with the total', async () => {
    const found = await listIds(list, { createdFrom: '2012-04-01', createdTo: '2012-04-01' });
    expect(found.ids).toEqual(sorted([rows.ids.firstSecond, rows.ids.lateThatEvening, rows.ids.decoy]));
    expect(found.totalCount).toBe(3);
  });

  it('takes either bound alone, each day whole and included', async () => {
    const until = await listIds(list, { createdTo: '2012-03-31' });
    expect(until.ids).toEqual([rows.ids.lastSecondBefore]);
    expect(until.totalCount).toBe(1);
    const since = await listIds(list, { createdFrom: '2012-04-02', createdTo: '2012-04-30' });
    expect(since.ids).toEqual([rows.ids.nextMidnight]);
    const days = await listIds(list, { createdFrom: '2012-03-31', createdTo: '2012-04-02' });
    expect(days.totalCount).toBe(5);
  });

  it('exports the same rows as the filtered list', async () => {
    const response = await t.request({ method: 'GET', url: `${list.url}/export?createdFrom=2012-04-01&createdTo=2012-04-01` });
    expect(response.statusCode).toBe(200);
    const [header, ...cells] = parseCsv(response.body.replace(/^\uFEFF/, ''));
    const idAt = header.indexOf('id');
    expect(sorted(cells.map((row) => row[idAt]))).toEqual(sorted([rows.ids.firstSecond, rows.ids.lateThatEvening, rows.ids.decoy]));
  });

  if (list.search) {
    const search = list.search;
    it('narrows a search the same way, on the rows and the total', async () => {
      const found = await listIds(list, { [search]: rows.term, createdFrom: '2012-04-01', createdTo: '2012-04-01' });
      expect(found.ids).toEqual(sorted([rows.ids.firstSecond, rows.ids.lateThatEvening]));
      expect(found.totalCount).toBe(2);
      const unfiltered = await listIds(list, { [search]: rows.term });
      expect(unfiltered.totalCount).toBe(4);
    });
  }

  if (list.hasStatus) {
    it('narrows to one booking status, exactly, with the total', async () => {
      const found = await listIds(list, { status: 'delivered', createdFrom: '2012-04-01', createdTo: '2012-04-01' });
      expect(found.ids).toEqual([rows.ids.firstSecond]);
      expect(found.totalCount).toBe(1);
      expect((await listIds(list, { status: 'Delivered', createdFrom: '2012-04-01', createdTo: '2012-04-01' })).totalCount).toBe(0);
    });
  }

  it.each([
    ['createdFrom=2012-02-30', createdDayTexts.createdFromInvalid],
    ['createdFrom=yesterday', createdDayTexts.createdFromInvalid],
    ['createdTo=2012-4-1', createdDayTexts.createdToInvalid],
    ['createdFrom=2012-04-02&createdTo=2012-04-01', createdDayTexts.createdToBeforeFrom],
    ...(list.hasStatus ? [['status=', bookingListTexts.statusInvalid]] : []),
  ])('answers 400 for %s', async (params, message) => {
    const response = await t.request({ method: 'GET', url: `${list.url}?${params}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });
});
