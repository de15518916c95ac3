import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  AUDIT_CSV_COLUMNS,
  MONEY_AUDIT_TARGET_TYPES,
  auditListResponseSchema,
  auditVerifyResponseSchema,
  type AuditListResponse,
  type AuditVerifyResponse,
} from '@ute/contract';
import { queryRows } from '../../db/database';
import { auditLog } from '../../db/tables/audit.table';
import { admins } from '../../db/tables/auth.table';
import { createAuditEntry, createOwnerBankAccount, createPayment, createUser, createUte } from '../../test/factories';
import { createTestApp, signInAs, TEST_ADMIN, type TestApp } from '../../test/testApp';
import { writeAudit } from '../../platform/audit/auditLog';
import { csvCell } from '../../lib/csv';
import { parseCsv } from '../../test/csv';
import { AUDIT_EXPORT_BATCH } from './audit.service';

async function listAudit(t: TestApp, query = '', token?: string): Promise<AuditListResponse> {
  const response = await t.request({ method: 'GET', url: `/audit-log${query ? `?${query}` : ''}`, token });
  expect(response.statusCode, response.body).toBe(200);
  return auditListResponseSchema.parse(response.json());
}

async function verify(t: TestApp): Promise<AuditVerifyResponse> {
  const response = await t.request({ method: 'POST', url: '/audit-log/verify' });
  expect(response.statusCode, response.body).toBe(200);
  return auditVerifyResponseSchema.parse(response.json());
}

async function createFaq(t: TestApp, question = `Question ${randomUUID()}?`): Promise<string> {
  const response = await t.request({ method: 'POST', url: '/create-faq', payload: { question, answer: 'An answer.' } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { _id: string } }>().data._id;
}

async function countAudit(t: TestApp, where = sql`true`): Promise<number> {
  const [row] = await queryRows<{ count: number }>(t.database.db, sql`select count(*)::int as count from audit_log where ${where}`);
  return row.count;
}

/** Today's calendar day where the filters count days (Australia/Sydney). */
const sydneyDay = (offsetDays = 0) => new Date(Date.now() + offsetDays * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Australia/Sydney' });

/** Runs SQL with the immutability trigger off, as someone with the database owner's rights could. */
async function tamper(t: TestApp, statement: ReturnType<typeof sql>): Promise<void> {
  await t.database.db.transaction(async (tx) => {
    await tx.execute(sql`alter table audit_log disable trigger audit_log_immutable`);
    await tx.execute(statement);
    await tx.execute(sql`alter table audit_log enable trigger audit_log_immutable`);
  });
}

describe('audit log api', () => {
  let t: TestApp;
  let ownerId: string;
  beforeAll(async () => {
    t = await createTestApp({ seeded: true });
    const [owner] = await t.database.db.select({ id: admins.id }).from(admins).where(eq(admins.email, TEST_ADMIN.email));
    ownerId = owner.id;
  });
  afterAll(() => t.close());

  describe('GET /api/admin/audit-log', () => {
    it('lists entries newest first in chain order with who, what, target and the change', async () => {
      const first = await createFaq(t);
      const second = await createFaq(t);
      const body = await listAudit(t);
      expect(body.totalCount).toBe(await countAudit(t));
      expect(body.data[0]).toMatchObject({
        action: 'faq.create',
        targetType: 'faq',
        targetId: second,
        admin: { id: ownerId, email: TEST_ADMIN.email, name: expect.any(String) },
        before: null,
        after: expect.objectContaining({ _id: second }),
      });
      expect(body.data[1].targetId).toBe(first);
      expect(body.data[0].seq).toBe(body.data[1].seq! + 1);
      expect(typeof body.data[0].requestId).toBe('string');
      expect(Date.parse(body.data[0].when)).toBeGreaterThan(Date.now() - 60_000);
      expect(body.filters.actions).toContain('faq.create');
      expect(body.filters.targetTypes).toContain('faq');
      expect(body.filters.admins.map((admin) => admin.id)).toContain(ownerId);
    });

    it('pages with page and limit', async () => {
      for (let i = 0; i < 5; i += 1) await createFaq(t);
      const total = await countAudit(t);
      const page1 = await listAudit(t, 'limit=2');
      const page2 = await listAudit(t, 'limit=2&page=2');
      expect(page1.paginationData).toEqual({ page: 1, totalPages: Math.ceil(total / 2) });
      expect(page2.data).toHaveLength(2);
      const seqs = [...page1.data, ...page2.data].map((entry) => entry.seq!);
      expect(seqs).toEqual([seqs[0], seqs[0] - 1, seqs[0] - 2, seqs[0] - 3]);
      const last = await listAudit(t, `limit=2&page=${Math.ceil(total / 2)}`);
      expect(last.data.at(-1)!.seq).toBe(1);
    });

    it('filters by action, target type, target id, admin (or System) and day range', async () => {
      const faqId = await createFaq(t);
      await t.request({ method: 'PUT', url: `/update-faq/${faqId}`, payload: { question: 'Changed?', answer: 'Changed.' } });
      await writeAudit(t.database.db, { adminId: null, requestId: 'job-1' }, { action: 'payout.reconcile', targetType: 'ute_booking', targetId: randomUUID() });

      const byAction = await listAudit(t, 'action=faq.update&limit=100');
      expect(byAction.totalCount).toBe(await countAudit(t, sql`action = 'faq.update'`));
      expect(byAction.data.every((entry) => entry.action === 'faq.update')).toBe(true);
      expect(byAction.data[0]).toMatchObject({
        targetId: faqId,
        before: expect.objectContaining({ question: expect.any(String) }),
        after: expect.objectContaining({ question: 'Changed?' }),
      });

      const byType = await listAudit(t, 'targetType=faq&limit=100');
      expect(byType.totalCount).toBe(await countAudit(t, sql`target_type = 'faq'`));

      const byTarget = await listAudit(t, `targetId=${faqId}`);
      expect(byTarget.data.map((entry) => entry.action)).toEqual(['faq.update', 'faq.create']);

      const byAdmin = await listAudit(t, `adminId=${ownerId}&limit=1`);
      expect(byAdmin.totalCount).toBe(await countAudit(t, sql`admin_id = ${ownerId}`));
      const bySystem = await listAudit(t, 'adminId=system');
      expect(bySystem.totalCount).toBe(await countAudit(t, sql`admin_id is null`));
      expect(bySystem.data[0]).toMatchObject({ admin: null, action: 'payout.reconcile', requestId: 'job-1' });
      expect((await listAudit(t, `adminId=${randomUUID()}`)).totalCount).toBe(0);

      const today = sydneyDay();
      expect((await listAudit(t, `from=${today}&to=${today}&targetId=${faqId}`)).totalCount).toBe(2);
      expect((await listAudit(t, `from=${sydneyDay(1)}&targetId=${faqId}`)).totalCount).toBe(0);
      expect((await listAudit(t, `to=${sydneyDay(-1)}&targetId=${faqId}`)).totalCount).toBe(0);
      expect((await listAudit(t, 'action=&targetType=')).totalCount).toBe(await countAudit(t));
    });

    it('shows finance only the money entries', async () => {
      const finance = await signInAs(t, ['finance']);
      await createFaq(t);
      await writeAudit(t.database.db, { adminId: ownerId, requestId: 'r' }, { action: 'payment.accept', targetType: 'payment', targetId: randomUUID() });
      const body = await listAudit(t, 'limit=100', finance.token);
      const money = sql.join(
        MONEY_AUDIT_TARGET_TYPES.map((type) => sql`${type}`),
        sql`, `,
      );
      expect(body.totalCount).toBe(await countAudit(t, sql`target_type in (${money})`));
      expect(body.totalCount).toBeGreaterThan(0);
      for (const entry of body.data) expect(MONEY_AUDIT_TARGET_TYPES).toContain(entry.targetType);
      expect(body.filters.actions).not.toContain('faq.create');
      expect(body.filters.targetTypes.every((type) => (MONEY_AUDIT_TARGET_TYPES as readonly string[]).includes(type))).toBe(true);
      expect((await listAudit(t, 'action=faq.create', finance.token)).totalCount).toBe(0);
      // An owner who is also finance reads everything.
      const both = await signInAs(t, ['finance', 'owner']);
      expect((await listAudit(t, '', both.token)).totalCount).toBe(await countAudit(t));
    });

    it('offers finance as filter choices only the admins of the money entries it may read; owners every admin', async () => {
      const writer = await signInAs(t, ['content']);
      await writeAudit(t.database.db, { adminId: writer.id, requestId: 'r' }, { action: 'faq.create', targetType: 'faq', targetId: randomUUID() });
      const payer = await signInAs(t, ['finance']);
      await writeAudit(t.database.db, { adminId: payer.id, requestId: 'r' }, { action: 'payment.accept', targetType: 'payment', targetId: randomUUID() });
      const reader = await signInAs(t, ['finance']);

      const offered = (await listAudit(t, 'limit=1', reader.token)).filters.admins;
      expect(offered.map((admin) => admin.id)).toContain(payer.id);
      expect(offered.map((admin) => admin.id)).not.toContain(writer.id);
      expect(offered.map((admin) => admin.id)).not.toContain(reader.id);
      // Each one offered is the admin of an entry the reader reads, with the name and email that entry shows.
      for (const admin of offered) {
        const entries = await listAudit(t, `adminId=${admin.id}&limit=1`, reader.token);
        expect(entries.totalCount, admin.email).toBeGreaterThan(0);
        expect(entries.data[0].admin).toEqual(admin);
      }
      const all = (await listAudit(t, 'limit=1')).filters.admins.map((admin) => admin.id);
      expect(all).toEqual(expect.arrayContaining([writer.id, payer.id]));
    });

    it('refuses support, content and moderator admins with 403', async () => {
      for (const role of ['support', 'content', 'moderator'] as const) {
        const { token } = await signInAs(t, [role]);
        for (const [method, url] of [
          ['GET', '/audit-log'],
          ['GET', '/audit-log/export'],
          ['POST', '/audit-log/verify'],
        ] as const) {
          const response = await t.request({ method, url, token });
          expect(response.statusCode, `${role} ${method} ${url}`).toBe(403);
        }
      }
      const finance = await signInAs(t, ['finance']);
      expect((await t.request({ method: 'POST', url: '/audit-log/verify', token: finance.token })).statusCode).toBe(403);
    });

    it('rejects bad filters with 400 and a clear message', async () => {
      const cases: [string, string][] = [
        ['adminId=xyz', 'adminId must be a valid id or system'],
        ['action=faq%20update', 'action must be at most 64 letters, digits, dots, dashes or underscores'],
        ['targetType=a-b', 'targetType must be at most 64 letters, digits or underscores'],
        [`targetId=${'x'.repeat(201)}`, 'targetId must be at most 200 characters'],
        ['from=2024-13-01', 'from must be a date (YYYY-MM-DD)'],
        ['to=yesterday', 'to must be a date (YYYY-MM-DD)'],
        ['from=2024-02-02&to=2024-02-01', 'from must be on or before to'],
        ['limit=101', 'limit must be at most 100'],
        ['page=0', 'page must be 1 or more'],
      ];
      for (const [query, message] of cases) {
        const response = await t.request({ method: 'GET', url: `/audit-log?${query}` });
        expect(response.statusCode, query).toBe(400);
        expect(response.json().message, query).toBe(message);
        const exported = await t.request({ method: 'GET', url: `/audit-log/export?${query}` });
        if (!query.startsWith('limit') && !query.startsWith('page')) expect(exported.statusCode, query).toBe(400);
      }
      expect((await t.request({ method: 'GET', url: '/audit-log?sort=oldest' })).statusCode).toBe(400);
    });
  });

  describe('reads of money data are logged', () => {
    it("logs who read an owner's bank details, without the details", async () => {
      const owner = await createUser(t.database.db);
      await createOwnerBankAccount(t.database.db, { ownerId: owner.id });
      const finance = await signInAs(t, ['finance'], { twoFactor: true });
      const response = await t.request({ method: 'GET', url: `/get-account-detail/${owner.id}`, token: finance.token });
      expect(response.statusCode).toBe(200);
      const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, owner.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ action: 'bank-details.read', targetType: 'bank_account', adminId: finance.id, before: null, after: null });
      // Nothing was shown for an owner without bank details: nothing is logged.
      const without = await createUser(t.database.db);
      expect((await t.request({ method: 'GET', url: `/get-account-detail/${without.id}`, token: finance.token })).statusCode).toBe(404);
      expect(await countAudit(t, sql`target_id = ${without.id}`)).toBe(0);
      expect((await listAudit(t, `action=bank-details.read&targetId=${owner.id}`, finance.token)).totalCount).toBe(1);
    });

    it('logs a receipt read once per admin and payment when its signed link is handed out', async () => {
      const payment = await createPayment(t.database.db, { receiptImage: 'receipt-audit.png', createdAt: new Date(Date.now() + 86_400_000) });
      const noReceipt = await createPayment(t.database.db, { receiptImage: null, createdAt: new Date(Date.now() + 86_400_000) });
      const finance = await signInAs(t, ['finance']);
      const list = await t.request({ method: 'GET', url: '/get-update-manual-status?kind=ute', token: finance.token });
      expect(list.statusCode).toBe(200);
      const listed = list.json<{ data: { _id: string; paymentImage: string | null }[] }>().data;
      expect(listed.find((row) => row._id === payment.id)?.paymentImage).toEqual(expect.any(String));
      expect(listed.find((row) => row._id === noReceipt.id)?.paymentImage).toBeNull();
      const reads = async () => t.database.db.select().from(auditLog).where(eq(auditLog.targetId, payment.id));
      expect(await reads()).toMatchObject([{ action: 'receipt.read', targetType: 'payment', adminId: finance.id, after: { receipt: 'receipt-audit.png' } }]);
      expect(await countAudit(t, sql`target_id = ${noReceipt.id}`)).toBe(0);
      // The list refreshing its links is not a new read; another admin's read is.
      await t.request({ method: 'GET', url: '/get-update-manual-status?kind=ute', token: finance.token });
      expect(await reads()).toHaveLength(1);
      await t.request({ method: 'GET', url: '/get-update-manual-status?kind=ute' });
      expect((await reads()).map((row) => row.adminId).sort()).toEqual([finance.id, ownerId].sort());
    });
  });

  describe('GET /api/admin/audit-log/export', () => {
    it('streams the filtered log as CSV with a BOM, a header and formula-safe, quoted cells', async () => {
      const targetId = `=HYPERLINK("http://evil.example","x")`;
      await createAuditEntry(t.database.db, {
        adminId: ownerId,
        requestId: 'csv-1',
        action: 'csv.test',
        targetType: 'faq',
        targetId,
        after: { note: 'a, "b"\nc' },
      });
      await createAuditEntry(t.database.db, { adminId: null, requestId: '@sum', action: 'csv.test', targetType: 'faq', targetId: '-2+3', before: { n: 1 } });
      const faqId = await createFaq(t, '=HYPERLINK("http://evil.example","Click")');

      const response = await t.request({ method: 'GET', url: '/audit-log/export?action=csv.test' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/);
      expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      const text = response.rawPayload.toString('utf8').slice(1);
      expect(text.startsWith(`${AUDIT_CSV_COLUMNS.join(',')}\r\n`)).toBe(true);
      const [header, ...rows] = parseCsv(text);
      expect(header).toEqual([...AUDIT_CSV_COLUMNS]);
      expect(rows).toHaveLength(2);
      const cell = (row: string[], column: (typeof AUDIT_CSV_COLUMNS)[number]) => row[AUDIT_CSV_COLUMNS.indexOf(column)];
      expect(cell(rows[0], 'target_id')).toBe("'-2+3");
      expect(cell(rows[0], 'request_id')).toBe("'@sum");
      expect(cell(rows[0], 'admin_name')).toBe('System');
      expect(cell(rows[0], 'before')).toBe('{"n":1}');
      expect(cell(rows[1], 'target_id')).toBe(`'${targetId}`);
      expect(JSON.parse(cell(rows[1], 'after'))).toEqual({ note: 'a, "b"\nc' });
      expect(cell(rows[1], 'admin_email')).toBe(TEST_ADMIN.email);
      expect(Number(cell(rows[1], 'seq'))).toBe(Number(cell(rows[0], 'seq')) - 1);

      const faqExport = await t.request({ method: 'GET', url: `/audit-log/export?targetId=${faqId}` });
      const [, faqRow] = parseCsv(faqExport.rawPayload.toString('utf8').slice(1));
      expect(JSON.parse(cell(faqRow, 'after'))).toMatchObject({ question: '=HYPERLINK("http://evil.example","Click")' });
      expect(await countAudit(t, sql`action = 'audit.export' and admin_id = ${ownerId}`)).toBe(2);
    });

    it('exports past the batch size with no cap, newest first, and only money entries for finance', async () => {
      const count = AUDIT_EXPORT_BATCH * 2 + 5;
      await t.database.db.transaction(async (tx) => {
        for (let i = 0; i < count; i += 1) {
          await createAuditEntry(tx, {
            adminId: null,
            requestId: `bulk-${i}`,
            action: 'bulk.test',
            targetType: i % 2 ? 'payment' : 'faq',
            targetId: String(i),
          });
        }
      });
      const response = await t.request({ method: 'GET', url: '/audit-log/export?action=bulk.test' });
      const rows = parseCsv(response.rawPayload.toString('utf8').slice(1)).slice(1);
      expect(rows).toHaveLength(count);
      const seqs = rows.map((row) => Number(row[1]));
      expect(seqs).toEqual([...seqs].sort((a, b) => b - a));
      expect(rows[0][AUDIT_CSV_COLUMNS.indexOf('target_id')]).toBe(String(count - 1));

      const finance = await signInAs(t, ['finance']);
      const money = await t.request({ method: 'GET', url: '/audit-log/export?action=bulk.test', token: finance.token });
      const moneyRows = parseCsv(money.rawPayload.toString('utf8').slice(1)).slice(1);
      expect(moneyRows).toHaveLength(Math.floor(count / 2));
      expect(moneyRows.every((row) => row[AUDIT_CSV_COLUMNS.indexOf('target_type')] === 'payment')).toBe(true);
    });

    it('escapes every formula lead character', () => {
      expect(['=1', '+1', '-1', '@a', '\tx', '\rx', 'plain', ''].map(csvCell)).toEqual(["'=1", "'+1", "'-1", "'@a", `"'\tx"`, `"'\rx"`, 'plain', '']);
      expect(csvCell(null)).toBe('');
      expect(csvCell('a,b')).toBe('"a,b"');
    });
  });

  describe('POST /api/admin/audit-log/verify and the chain', () => {
    it('keeps one unbroken chain under 20 parallel status changes, and verifies it', async () => {
      const utes = await Promise.all(Array.from({ length: 20 }, () => createUte(t.database.db, { status: 'Pending' })));
      const responses = await Promise.all(utes.map((ute) => t.request({ method: 'PATCH', url: `/user-ute-status/${ute.id}?status=Approved` })));
      expect(responses.map((r) => r.statusCode)).toEqual(utes.map(() => 200));
      const result = await verify(t);
      expect(result).toMatchObject({ ok: true, entries: await countAudit(t, sql`action <> 'audit.verify'`) });
      expect(result.headHash).toMatch(/^[0-9a-f]{64}$/);
      const [gaps] = await queryRows<{ n: number; max: number }>(t.database.db, sql`select count(*)::int as n, max(chain_seq)::int as max from audit_log`);
      expect(gaps.max).toBe(gaps.n);
      const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'audit.verify'));
      expect(entry).toMatchObject({ adminId: ownerId, targetType: 'audit_log', after: expect.objectContaining({ ok: true }) });
    });

    it('refuses to change or delete an entry from the app', async () => {
      const [entry] = await t.database.db.select().from(auditLog).limit(1);
      await expect(t.database.db.update(auditLog).set({ action: 'x' }).where(eq(auditLog.id, entry.id))).rejects.toThrow();
      await expect(t.database.db.delete(auditLog).where(eq(auditLog.id, entry.id))).rejects.toThrow();
      const [after] = await t.database.db.select().from(auditLog).where(eq(auditLog.id, entry.id));
      expect(after).toEqual(entry);
    });
  });
});

describe('audit log tampering', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function freshChain(): Promise<{ id: number; chainSeq: number }[]> {
    for (let i = 0; i < 6; i += 1) await createFaq(t);
    return (await t.database.db.select({ id: auditLog.id, chainSeq: auditLog.chainSeq }).from(auditLog).orderBy(auditLog.chainSeq)).map((row) => ({
      id: row.id,
      chainSeq: row.chainSeq!,
    }));
  }

  it('verifies a fresh log, then finds an edited entry as the first broken one', async () => {
    expect(await verify(t)).toMatchObject({ ok: true, entries: 0, headHash: '0'.repeat(64) });
    const chain = await freshChain();
    const result = await verify(t);
    expect(result).toMatchObject({ ok: true, entries: chain.length });

    const edited = chain[3];
    await tamper(t, sql`update audit_log set after = jsonb_set(after, '{answer}', '"Edited quietly"') where id = ${edited.id}`);
    const broken = await verify(t);
    expect(broken).toMatchObject({ ok: false, firstBrokenSeq: edited.chainSeq, firstBrokenId: edited.id, reason: expect.stringContaining('changed') });

    // Recomputing that entry's hash moves the break to the next link: the chain still shows it.
    await tamper(
      t,
      sql`update audit_log set hash = audit_entry_hash(chain_seq, admin_id, action, target_type, target_id, before, after, request_id, created_at, prev_hash) where id = ${edited.id}`,
    );
    expect(await verify(t)).toMatchObject({ ok: false, firstBrokenSeq: edited.chainSeq + 1, reason: expect.stringContaining('previous-hash') });
  });

  it('detects a deleted entry in the middle and at the end', async () => {
    const local = await createTestApp();
    try {
      for (let i = 0; i < 5; i += 1) {
        const response = await local.request({ method: 'POST', url: '/create-faq', payload: { question: `Q${i}?`, answer: 'A.' } });
        expect(response.statusCode).toBe(200);
      }
      const rows = await local.database.db.select().from(auditLog).orderBy(auditLog.chainSeq);
      await tamper(local, sql`delete from audit_log where id = ${rows[2].id}`);
      const middle = (await local.request({ method: 'POST', url: '/audit-log/verify' })).json<AuditVerifyResponse>();
      expect(middle).toMatchObject({
        ok: false,
        firstBrokenSeq: rows[3].chainSeq,
        firstBrokenId: rows[3].id,
        reason: `the entry before it (#${rows[2].chainSeq}) is missing`,
      });
    } finally {
      await local.close();
    }

    const tail = await createTestApp();
    try {
      for (let i = 0; i < 3; i += 1) await createFaq(tail);
      const [last] = await tail.database.db
        .select()
        .from(auditLog)
        .orderBy(sql`chain_seq desc`)
        .limit(1);
      await tamper(tail, sql`delete from audit_log where id = ${last.id}`);
      expect((await tail.request({ method: 'POST', url: '/audit-log/verify' })).json()).toMatchObject({
        ok: false,
        firstBrokenSeq: last.chainSeq,
        reason: `the last entry (#${last.chainSeq}) is missing`,
      });
    } finally {
      await tail.close();
    }
  });
});
