import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seeded: true });
});
afterAll(() => t.close());

/** Every list (each pages through listPage), with how its rows and page size are named on the wire. */
const LISTS = [
  { url: '/get-all-ute-list', rows: 'data', size: 'pageSize' },
  { url: '/get-all-job-list', rows: 'data', size: 'limit' },
  { url: '/get-all-job-list?sort=budgetAsc', rows: 'data', size: 'limit' },
  { url: '/get-all-job-list?sort=budgetDesc', rows: 'data', size: 'limit' },
  { url: '/get-all-job-list?search=in%20', rows: 'data', size: 'limit' },
  { url: '/get-all-ute-list?search=ota', rows: 'data', size: 'pageSize' },
  { url: '/all-users-data', rows: 'data', size: 'limit' },
  { url: '/all-users-data?search=example', rows: 'data', size: 'limit' },
  { url: '/payment-list?search=son', rows: 'data', size: 'limit' },
  { url: '/all-queries?email=example', rows: 'queries', size: 'limit' },
  { url: '/ute-booking-list?payment=stripe', rows: 'data', size: 'limit' },
  { url: '/ute-booking-list?payment=manual', rows: 'data', size: 'limit' },
  { url: '/job-booking-list?payment=manual', rows: 'data', size: 'limit' },
  { url: '/job-booking-list?payment=stripe', rows: 'data', size: 'limit' },
  { url: '/get-update-manual-status?kind=ute', rows: 'data', size: 'limit' },
  { url: '/payment-list', rows: 'data', size: 'limit' },
  { url: '/payment-list?sort=oldest', rows: 'data', size: 'limit' },
  { url: '/get-update-manual-status?kind=job&sort=oldest', rows: 'data', size: 'limit' },
  { url: '/all-queries', rows: 'queries', size: 'limit' },
  { url: '/all-queries?sort=oldest', rows: 'queries', size: 'limit' },
  { url: '/all-shipments', rows: 'data', size: 'limit' },
] as const;

const withQuery = (url: string, params: Record<string, number>) =>
  `${url}${url.includes('?') ? '&' : '?'}${new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString()}`;

describe('paging reads the back half from the end of the index', () => {
  it.each(LISTS)('$url: the pages put together are the whole list in order', async ({ url, rows, size }) => {
    const whole = await t.request({ method: 'GET', url: withQuery(url, { page: 1, [size]: 100 }) });
    expect(whole.statusCode).toBe(200);
    const expected = (whole.json()[rows] as { _id: string }[]).map((row) => row._id);
    expect(expected.length).toBeGreaterThan(7);
    const paged: string[] = [];
    for (let page = 1; page <= Math.ceil(expected.length / 7); page += 1) {
      const response = await t.request({ method: 'GET', url: withQuery(url, { page, [size]: 7 }) });
      paged.push(...(response.json()[rows] as { _id: string }[]).map((row) => row._id));
    }
    expect(paged).toEqual(expected);
    const pastTheEnd = await t.request({ method: 'GET', url: withQuery(url, { page: 999, [size]: 7 }) });
    expect(pastTheEnd.json()[rows]).toEqual([]);
    // The total is the same on every page, past the end too (a search counts apart only there).
    const totalOf = (response: typeof whole) => (response.json() as { totalCount?: number }).totalCount;
    if (totalOf(whole) !== undefined) {
      if (expected.length < 100) expect(totalOf(whole)).toBe(expected.length);
      expect(totalOf(pastTheEnd)).toBe(totalOf(whole));
    }
  });
});
