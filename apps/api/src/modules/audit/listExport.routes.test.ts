import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { LIST_EXPORTS, routePaths, type ExportName } from '@ute/contract';
import { queryRows } from '../../db/database';
import { EXPORT_BATCH } from '../../db/keyset';
import { CSV_BOM } from '../../lib/csv';
import { parseCsv } from '../../test/csv';
import { createJobBookings, createOwnerBankAccount, createPayments, createUser, createUteBookings, createUsers } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/testApp';

/**
 * Each list's export beside its list under the same query: the file must hold the list's total of
 * rows, its first page first, in the list's order. The audit log's export has its own tests.
 */
const CASES: Record<Exclude<ExportName, 'auditLog'>, { query: string; rowsOf: (body: never) => { _id: string }[]; totalOf: (body: never) => number }> = {
  utes: { query: 'status=Pending', rowsOf: (body: { data: { _id: string }[] }) => body.data, totalOf: (body: { totalCount: number }) => body.totalCount },
  jobs: { query: 'sort=budgetDesc', rowsOf: (body: { data: { _id: string }[] }) => body.data, totalOf: (body: { totalCount: number }) => body.totalCount },
  quotes: { query: '', rowsOf: (body: { data: { _id: string }[] }) => body.data, totalOf: (body: { totalCounts: number }) => body.totalCounts },
  users: { query: 'search=example', rowsOf: (body: { data: { _id: string }[] }) => body.data, totalOf: (body: { totalCount: number }) => body.totalCount },
  queries: { query: 'sort=oldest', rowsOf: (body: { queries: { _id: string }[] }) => body.queries, totalOf: (body: { totalCount: number }) => body.totalCount },
  uteBookings: {
    query: 'payment=manual',
    rowsOf: (body: { data: { _id: string }[] }) => body.data,
    totalOf: (body: { totalCount: number }) => body.totalCount,
  },
  jobBookings: {
    query: 'awaitingPayout=true',
    rowsOf: (body: { data: { _id: string }[] }) => body.data,
    totalOf: (body: { totalCount: number }) => body.totalCount,
  },
  payments: { query: 'sort=oldest', rowsOf: (body: { data: { _id: string }[] }) => body.data, totalOf: (body: { totalCount: number }) => body.totalCount },
  manualPayments: {
    query: 'awaitingAcceptance=true',
    rowsOf: (body: { data: { _id: string }[] }) => body.data,
    totalOf: (body: { totalCount: number }) => body.totalCount,
  },
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seeded: true });
});
afterAll(() => t.close());

const withQuery = (path: string, query: string) => (query ? `${path}?${query}` : path);

async function exportOf(path: string): Promise<{ header: string[]; rows: string[][]; text: string }> {
  const response = await t.request({ method: 'GET', url: path });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(response.headers['cache-control']).toBe('no-store');
  const text = response.body;
  expect(text.startsWith(CSV_BOM)).toBe(true);
  const [header, ...rows] = parseCsv(text.slice(CSV_BOM.length));
  return { header, rows, text };
}

const column = (header: string[], rows: string[][], name: string) => {
  const index = header.indexOf(name);
  expect(index, `column ${name}`).toBeGreaterThanOrEqual(0);
  return rows.map((row) => row[index]);
};

describe('CSV exports of the lists', () => {
  for (const [name, { query, rowsOf, totalOf }] of Object.entries(CASES) as [keyof typeof CASES, (typeof CASES)[keyof typeof CASES]][]) {
    const { route, list } = LIST_EXPORTS[name];
    it(`${name}: holds exactly the list's rows under the same query, in its order, as an attachment`, async () => {
      const listResponse = await t.request({ method: 'GET', url: withQuery(routePaths[list], query) });
      expect(listResponse.statusCode, listResponse.body).toBe(200);
      const listBody = listResponse.json<never>();
      const response = await t.request({ method: 'GET', url: withQuery(routePaths[route], query) });
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="[a-z-]+-\d{4}-\d{2}-\d{2}\.csv"$/);
      const { header, rows } = await exportOf(withQuery(routePaths[route], query));
      expect(header[0]).toBe('id');
      expect(totalOf(listBody)).toBeGreaterThan(0);
      expect(rows).toHaveLength(totalOf(listBody));
      const firstPage = rowsOf(listBody).map((row) => row._id);
      expect(column(header, rows, 'id').slice(0, firstPage.length)).toEqual(firstPage);
    });

    it(`${name}: answers 401 without a token and 400 for a page or a bad filter`, async () => {
      const path = routePaths[route];
      const anonymous = await t.request({ method: 'GET', url: path, token: '' });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json<{ message: string }>().message).toEqual(expect.any(String));
      const paged = await t.request({ method: 'GET', url: `${path}?page=2` });
      expect(paged.statusCode).toBe(400);
      expect(paged.json<{ message: string }>().message).toMatch(/page/i);
      const unknown = await t.request({ method: 'GET', url: `${path}?limit=5000` });
      expect(unknown.statusCode).toBe(400);
    });
  }

  it('streams every row with no cap, across many database batches, each row once, newest first', async () => {
    const db = t.database.db;
    await createUsers(db, EXPORT_BATCH * 2 + 345);
    const { header, rows } = await exportOf(routePaths.usersExport);
    const expected = await queryRows<{ id: string }>(db, sql`select id from users where deleted_at is null order by created_at desc, id desc`);
    expect(rows.length).toBeGreaterThan(EXPORT_BATCH * 2);
    expect(column(header, rows, 'id')).toEqual(expected.map((row) => row.id));
  });

  it('escapes cells a spreadsheet would run as a formula, and quotes commas, quotes and line breaks', async () => {
    const user = await createUser(t.database.db, {
      firstName: '=HYPERLINK("http://evil.example","Click")',
      lastName: '+1-2',
      address: '@SUM(A1:A9), "Unit 4"\nSydney',
      phoneNumber: '-0400',
      email: 'formula.injection@example.com',
    });
    const { header, rows, text } = await exportOf(`${routePaths.usersExport}?search=formula.injection`);
    expect(rows).toHaveLength(1);
    const cell = (name: string) => column(header, rows, name)[0];
    expect(cell('id')).toBe(user.id);
    expect(cell('first_name')).toBe(`'=HYPERLINK("http://evil.example","Click")`);
    expect(cell('last_name')).toBe("'+1-2");
    expect(cell('address')).toBe(`'@SUM(A1:A9), "Unit 4"\nSydney`);
    expect(cell('phone_number')).toBe("'-0400");
    // Raw: the quote inside a quoted cell is doubled, the line break kept inside the quotes.
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
  });

  it('writes money in dollars and masks bank account numbers but their last 3 digits', async () => {
    const db = t.database.db;
    const owner = await createUser(db, { firstName: 'Masked', email: 'masked.owner@example.com' });
    await createOwnerBankAccount(db, { ownerId: owner.id, accountNumber: '1234 5678 90' });
    const [uteBooking] = await createUteBookings(db, [{ ownerId: owner.id, transactionId: null, amount: 1234.5 }]);
    const [jobBooking] = await createJobBookings(db, [{ ownerId: owner.id, status: 'delivered', amount: 99 }]);
    const [payment] = await createPayments(db, [{ isStripe: true, transactionId: 'pi_export', amountCents: 123456 }]);

    const ute = await exportOf(`${routePaths.uteBookingsExport}?payment=manual`);
    const uteRow = ute.rows[column(ute.header, ute.rows, 'id').indexOf(uteBooking.id)];
    expect(uteRow[ute.header.indexOf('amount_dollars')]).toBe('1234.50');
    expect(uteRow[ute.header.indexOf('owner_account_number')]).toBe('*******890');
    expect(ute.text).not.toContain('1234567890');

    const job = await exportOf(`${routePaths.jobBookingsExport}?awaitingPayout=true`);
    const jobRow = job.rows[column(job.header, job.rows, 'id').indexOf(jobBooking.id)];
    expect(jobRow[job.header.indexOf('amount_dollars')]).toBe('99.00');
    expect(jobRow[job.header.indexOf('owner_account_number')]).toBe('*******890');

    const paid = await exportOf(routePaths.paymentsExport);
    const paymentRow = paid.rows[column(paid.header, paid.rows, 'id').indexOf(payment.id)];
    expect(paymentRow[paid.header.indexOf('amount_dollars')]).toBe('1234.56');
  });

  it('records who exported which list under which filter in the audit log', async () => {
    await exportOf(`${routePaths.utesExport}?status=Pending&search=zz`);
    const [entry] = await queryRows<{ action: string; target_type: string; after: unknown }>(
      t.database.db,
      sql`select action, target_type, after from audit_log order by id desc limit 1`,
    );
    expect(entry).toMatchObject({ action: 'list.export', target_type: 'ute', after: { filter: { status: 'Pending', search: 'zz' } } });
  });
});
