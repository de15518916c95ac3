import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { auditTexts, LIST_EXPORTS, routePaths, type ExportName } from '@ute/contract';
import { queryRows, type Db } from '../../db/database';
import { EXPORT_BATCH } from '../../db/keyset';
import { CSV_BOM, csvCell, csvLine } from '../../lib/csv';
import { findFormulaCells, parseCsv } from '../../test/csv';
import {
  createAuditEntry,
  createCustomerQuery,
  createJob,
  createJobBooking,
  createJobBookings,
  createOwnerBankAccount,
  createPayment,
  createPayments,
  createQueryReply,
  createShipment,
  createUser,
  createUte,
  createUteBooking,
  createUteBookings,
  createUsers,
} from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/testApp';

/**
 * A forced failure of every export's first database read (docs/design.md §8.4): each export reads its rows
 * with readListBatches, so turning this on makes the first batch throw, as a query PostgreSQL
 * refuses would. Off unless a test turns it on.
 */
const firstBatch = vi.hoisted(() => ({ isFailing: false }));
vi.mock('../../db/keyset', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../db/keyset')>();
  const failing = { [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(new Error('forced failure of the first batch')) }) };
  return {
    ...actual,
    readListBatches: (...args: Parameters<typeof actual.readListBatches>) =>
      firstBatch.isFailing ? (failing as unknown as ReturnType<typeof actual.readListBatches>) : actual.readListBatches(...args),
  };
});

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
      const { header, rows, text } = await exportOf(withQuery(routePaths[route], query));
      expect(findFormulaCells(text)).toEqual([]);
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

/**
 * Values that would run as a formula in some spreadsheet locale or reader (docs/design.md §8.4): at the start,
 * after a `;` or `,` (Excel splits on `;` in much of Europe), after a line break or a tab, behind a
 * quote or spaces a reader drops.
 */
const HOSTILE = [
  'x;=2+5;y',
  "a;=cmd|' /C calc'!A0;b",
  'line one\r\n=1+1',
  'line one\n@SUM(A1:A2)',
  'cr\r+1',
  "x;\"=cmd|' /C calc'!A0;",
  '\t=1',
  ' =1',
  '-2+3',
  '=HYPERLINK("http://evil.example","Click")',
  'a,=1',
  'Mon;\t-1',
] as const;

/** A cell as written, without the quotes the export added: what the value was. */
const withoutQuotes = (text: string | null | undefined) => (text ?? '').replaceAll("'", '');

/** Each export with a row whose free-text columns hold hostile values, the query that lists it, and where they land. */
interface HostileCase {
  query: (id: string) => string;
  create: (db: Db) => Promise<{ id: string; columns: Record<string, string> }>;
}

const HOSTILE_CASES: Record<ExportName, HostileCase> = {
  utes: {
    query: (id) => `id=${id}`,
    create: async (db) => {
      const ute = await createUte(db, {
        fullName: HOSTILE[0],
        uteModel: HOSTILE[1],
        chassisNumber: HOSTILE[2],
        licenceNumber: HOSTILE[3],
        state: HOSTILE[4],
        location: HOSTILE[5],
        serviceCities: [HOSTILE[6], HOSTILE[7]],
        availability: [HOSTILE[11]],
      });
      const columns = {
        full_name: HOSTILE[0],
        ute_model: HOSTILE[1],
        chassis_number: HOSTILE[2],
        licence_number: HOSTILE[3],
        state: HOSTILE[4],
        location: HOSTILE[5],
      };
      return { id: ute.id, columns: { ...columns, service_cities: HOSTILE[7], availability: HOSTILE[11] } };
    },
  },
  jobs: {
    query: (id) => `id=${id}`,
    create: async (db) => {
      const job = await createJob(db, {
        title: HOSTILE[1],
        description: HOSTILE[2],
        state: HOSTILE[8],
        location: HOSTILE[0],
        workSchedule: [HOSTILE[11], HOSTILE[6]],
      });
      return { id: job.id, columns: { title: HOSTILE[1], description: HOSTILE[2], state: HOSTILE[8], location: HOSTILE[0], work_schedule: HOSTILE[11] } };
    },
  },
  quotes: {
    query: () => '',
    create: async (db) => {
      const values = { email: HOSTILE[10], vehicleType: HOSTILE[9], collectionAddress: HOSTILE[0], deliveryAddress: HOSTILE[3], notes: HOSTILE[5] };
      const shipment = await createShipment(db, { kind: 'half', ...values });
      return {
        id: shipment.id,
        columns: {
          email: values.email,
          vehicle_type: values.vehicleType,
          collection_address: values.collectionAddress,
          delivery_address: values.deliveryAddress,
          notes: values.notes,
        },
      };
    },
  },
  users: {
    query: (id) => `id=${id}`,
    create: async (db) => {
      const user = await createUser(db, {
        firstName: HOSTILE[0],
        lastName: HOSTILE[1],
        phoneNumber: HOSTILE[8],
        address: HOSTILE[2],
        email: 'csv.hostile.user@example.com',
      });
      return { id: user.id, columns: { first_name: HOSTILE[0], last_name: HOSTILE[1], phone_number: HOSTILE[8], address: HOSTILE[2] } };
    },
  },
  queries: {
    query: (id) => `id=${id}`,
    create: async (db) => {
      const query = await createCustomerQuery(db, { firstName: HOSTILE[9], lastName: HOSTILE[7], phone: HOSTILE[8], message: HOSTILE[3] });
      await createQueryReply(db, { queryId: query.id, message: HOSTILE[1] });
      return { id: query.id, columns: { first_name: HOSTILE[9], last_name: HOSTILE[7], phone: HOSTILE[8], message: HOSTILE[3], replies: HOSTILE[1] } };
    },
  },
  uteBookings: {
    query: (id) => `id=${id}`,
    create: async (db) => {
      const booker = await createUser(db, { firstName: HOSTILE[0], lastName: HOSTILE[4], email: 'csv.hostile.booker@example.com' });
      const owner = await createUser(db, { email: 'csv.hostile.owner@example.com' });
      const booking = await createUteBooking(db, {
        ownerId: owner.id,
        bookedBy: booker.id,
        uteName: HOSTILE[1],
        pickupStreet: HOSTILE[5],
        dropStreet: HOSTILE[2],
        transactionId: HOSTILE[8],
      });
      return {
        id: booking.id,
        columns: { ute_name: HOSTILE[1], booked_by: HOSTILE[0], pickup_address: HOSTILE[5], drop_address: HOSTILE[2], transaction_id: HOSTILE[8] },
      };
    },
  },
  jobBookings: {
    query: (id) => `id=${id}`,
    create: async (db) => {
      const booker = await createUser(db, { firstName: HOSTILE[8], lastName: 'Booker', email: 'csv.hostile.job.booker@example.com' });
      const owner = await createUser(db, { firstName: HOSTILE[10], lastName: 'Owner', email: 'csv.hostile.job.owner@example.com' });
      const booking = await createJobBooking(db, {
        ownerId: owner.id,
        bookedBy: booker.id,
        jobTitle: HOSTILE[1],
        uteName: HOSTILE[3],
        transactionId: HOSTILE[9],
      });
      return {
        id: booking.id,
        columns: { job_title: HOSTILE[1], ute_name: HOSTILE[3], booked_by: HOSTILE[8], ute_owner: HOSTILE[10], transaction_id: HOSTILE[9] },
      };
    },
  },
  payments: {
    query: () => '',
    create: async (db) => {
      const payment = await createPayment(db, { isStripe: true, paymentBy: HOSTILE[0], uteOwnerName: HOSTILE[5], transactionId: HOSTILE[1] });
      return { id: payment.id, columns: { payment_by: HOSTILE[0], ute_owner_name: HOSTILE[5], transaction_id: HOSTILE[1] } };
    },
  },
  manualPayments: {
    query: () => '',
    create: async (db) => {
      const payment = await createPayment(db, { isStripe: false, isJob: false, paymentBy: HOSTILE[2], uteOwnerName: HOSTILE[3], transactionId: HOSTILE[11] });
      return { id: payment.id, columns: { payment_by: HOSTILE[2], ute_owner_name: HOSTILE[3], transaction_id: HOSTILE[11] } };
    },
  },
  auditLog: {
    query: () => 'action=csv.hostile',
    create: async (db) => {
      await createAuditEntry(db, {
        adminId: null,
        requestId: HOSTILE[1],
        action: 'csv.hostile',
        targetType: 'faq',
        targetId: HOSTILE[0],
        after: { note: HOSTILE[5] },
      });
      const [entry] = await queryRows<{ id: number }>(db, sql`select id from audit_log where action = 'csv.hostile' order by id desc limit 1`);
      return { id: String(entry.id), columns: { target_id: HOSTILE[0], request_id: HOSTILE[1], after: JSON.stringify({ note: HOSTILE[5] }) } };
    },
  },
};

describe('CSV exports are safe in every spreadsheet locale', () => {
  it('covers every export', () => {
    expect(Object.keys(HOSTILE_CASES).sort()).toEqual(Object.keys(LIST_EXPORTS).sort());
  });

  for (const [name, { query, create }] of Object.entries(HOSTILE_CASES) as [ExportName, HostileCase][]) {
    it(`${name}: hostile free text reaches the file, and no cell starts a formula read with , or ; or a tab`, async () => {
      const { id, columns } = await create(t.database.db);
      const { header, rows, text } = await exportOf(withQuery(routePaths[LIST_EXPORTS[name].route], query(id)));
      expect(findFormulaCells(text)).toEqual([]);
      const row = rows.find((cells) => cells[0] === id);
      expect(row, `the row ${id}`).toBeDefined();
      for (const [column, value] of Object.entries(columns)) {
        const index = header.indexOf(column);
        expect(index, `column ${column}`).toBeGreaterThanOrEqual(0);
        expect(withoutQuotes(row?.[index]), `${name}.${column}`).toContain(withoutQuotes(value));
      }
    });
  }

  it('writes the cells of the issue quoted, with a quote before each formula start', () => {
    expect(csvCell('x;=2+5;y')).toBe(`"x;'=2+5;y"`);
    expect(csvCell("a;=cmd|' /C calc'!A0;b")).toBe(`"a;'=cmd|' /C calc'!A0;b"`);
    expect(csvCell('line one\r\n=1+1')).toBe(`"line one\r\n'=1+1"`);
    expect(csvCell('line one\n@SUM(A1:A2)')).toBe(`"line one\n'@SUM(A1:A2)"`);
    expect(csvCell('cr\r+1')).toBe(`"cr\r'+1"`);
    expect(csvCell('x;"=cmd')).toBe(`"x;'""=cmd"`);
    expect(csvCell('\t=1')).toBe(`"'\t'=1"`);
    expect(csvCell(' =1')).toBe("' =1");
    expect(csvCell('a,-1')).toBe(`"a,'-1"`);
    // Text without a formula start keeps its bytes; a separator or a tab alone only quotes it.
    expect(csvCell('Mon; Tue')).toBe('"Mon; Tue"');
    expect(csvCell('Unit 4, 10 George St\r\n\r\nSydney')).toBe('"Unit 4, 10 George St\r\n\r\nSydney"');
    expect(csvCell('a\tb')).toBe('"a\tb"');
    expect(csvCell("O'Brien-Smith")).toBe("O'Brien-Smith");
    expect(csvCell(-5)).toBe("'-5");
    expect(csvLine(['id', 'first_name', null, 12.5])).toBe('id,first_name,,12.5\r\n');
  });

  it('keeps every generated line safe and its values whole (fuzz, fixed seed)', () => {
    const alphabet = ['=', '+', '-', '@', ';', ',', '\t', '\r', '\n', '\r\n', '"', "'", ' ', 'a', '1'];
    let seed = 23;
    const random = (below: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % below;
    };
    const values = Array.from({ length: 3000 }, () => Array.from({ length: random(10) }, () => alphabet[random(alphabet.length)]).join(''));
    const lines: string[][] = [];
    for (let i = 0; i < values.length; i += 3) lines.push(values.slice(i, i + 3));
    const text = lines.map((cells) => csvLine(cells)).join('');
    expect(findFormulaCells(text)).toEqual([]);
    const parsed = parseCsv(text);
    expect(parsed).toHaveLength(lines.length);
    expect(parsed.map((cells) => cells.map(withoutQuotes))).toEqual(lines.map((cells) => cells.map(withoutQuotes)));
  });
});

describe('a CSV export checks its query before it answers 200', () => {
  afterEach(() => {
    firstBatch.isFailing = false;
  });

  it('refuses an audit date filter in year 0000 with 400 on the list and the export', async () => {
    for (const [query, message] of [
      ['from=0000-01-01', auditTexts.fromOutOfRange],
      ['to=0000-12-31', auditTexts.toOutOfRange],
      ['from=1999-12-31', auditTexts.fromOutOfRange],
    ] as const) {
      for (const path of [routePaths.auditLog, routePaths.auditExport]) {
        const response = await t.request({ method: 'GET', url: `${path}?${query}` });
        expect(response.statusCode, `${path}?${query}`).toBe(400);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        expect(response.json<{ message: string }>().message).toBe(message);
      }
    }
  });

  it('reads the widest date range the filter takes without a database error', async () => {
    const query = 'from=2000-01-01&to=9999-12-31';
    expect((await t.request({ method: 'GET', url: `${routePaths.auditLog}?${query}` })).statusCode).toBe(200);
    const { rows } = await exportOf(`${routePaths.auditExport}?${query}`);
    expect(rows.length).toBeGreaterThan(0);
  });

  for (const [name, { route }] of Object.entries(LIST_EXPORTS) as [ExportName, (typeof LIST_EXPORTS)[ExportName]][]) {
    it(`${name}: answers the error envelope, not a 200 and a cut file, when its first batch fails`, async () => {
      firstBatch.isFailing = true;
      const response = await t.request({ method: 'GET', url: routePaths[route] });
      firstBatch.isFailing = false;
      expect(response.statusCode).toBe(500);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['content-disposition']).toBeUndefined();
      expect(response.json<{ message: string }>().message).toMatch(/^Internal server error/);
      // The same export answers its file once the database reads again.
      expect((await t.request({ method: 'GET', url: routePaths[route] })).statusCode).toBe(200);
    });
  }
});
