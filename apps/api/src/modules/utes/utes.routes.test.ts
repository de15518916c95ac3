import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { uteListResponseSchema, type Ute } from '@ute/contract';
import { queryRows } from '../../db/database';
import { createUte, newestCreatedAt } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seeded: true });
});
afterAll(() => t.close());

/** A new live ute of its own for one test. */
async function uteWithStatus(status: string): Promise<string> {
  return (await createUte(t.database.db, { status })).id;
}

async function auditRowsFor(id: string) {
  return queryRows<{ action: string; target_type: string; before: unknown; after: unknown; admin_id: string | null; request_id: string | null }>(
    t.database.db,
    sql`select action, target_type, before, after, admin_id, request_id from audit_log where target_id = ${id} order by id`,
  );
}

async function liveCount(where = sql`true`): Promise<number> {
  const [row] = await queryRows<{ count: number }>(t.database.db, sql`select count(*)::int as count from utes where deleted_at is null and ${where}`);
  return row.count;
}

describe('GET /api/admin/get-all-ute-list', () => {
  it('answers the first page of live utes, newest first, with the total count', async () => {
    const response = await t.request({ method: 'GET', url: '/get-all-ute-list' });
    expect(response.statusCode).toBe(200);
    const body = uteListResponseSchema.parse(response.json());
    expect(body.data).toHaveLength(10);
    expect(body.totalCount).toBe(await liveCount());
    const times = body.data.map((ute) => Date.parse(ute.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('maps every field to the wire names of docs/product.md', async () => {
    // Every field filled, and newer than any other ute.
    const row = await createUte(t.database.db, { createdAt: newestCreatedAt() });
    const response = await t.request({ method: 'GET', url: '/get-all-ute-list?page=1&pageSize=1' });
    const [ute] = response.json<{ data: Ute[] }>().data;
    const [stored] = await queryRows<Record<string, unknown>>(t.database.db, sql`select *, xmin::text as version from utes where id = ${row.id}`);
    expect(ute).toEqual({
      _id: row.id,
      uteId: stored.ute_id,
      fullName: stored.full_name,
      description: stored.description,
      licenceNumber: stored.licence_number,
      licenceExpireDate: { licenceExpireMonth: stored.licence_expire_month, licenceExpireYear: stored.licence_expire_year },
      serviceCity: stored.service_cities,
      state: stored.state,
      location: stored.location,
      uteModel: stored.ute_model,
      chesisNumber: stored.chassis_number,
      uteAvailble: stored.availability,
      budget: Number(stored.budget),
      uteImages: stored.images,
      licenceImage: expect.stringMatching(new RegExp(`^/images/licences/${String(stored.licence_image)}\\?expires=\\d+&sig=[0-9a-f]+$`)) as unknown,
      status: stored.status,
      // Pending: it waits in its queue, unassigned (docs/design.md §15).
      workItem: expect.objectContaining({ queue: 'pendingUtes', assigneeId: null }) as unknown,
      // The seed keeps no rejection reasons.
      rejection: null,
      createdAt: new Date(stored.created_at as string).toISOString(),
      version: stored.version,
    });
    expect(typeof ute.budget).toBe('number');
  });

  it('answers nulls and Pending for missing values', async () => {
    const { id } = await createUte(t.database.db, {
      fullName: null,
      description: null,
      licenceExpireMonth: null,
      budget: null,
      licenceImage: null,
      status: 'Weird',
      createdAt: newestCreatedAt(),
    });
    const [ute] = (await t.request({ method: 'GET', url: '/get-all-ute-list?pageSize=1' })).json<{ data: Ute[] }>().data;
    expect(ute).toMatchObject({ _id: id, fullName: null, description: null, licenceExpireDate: null, budget: null, licenceImage: null, status: 'Pending' });
  });

  it('pages with pageSize and answers an empty page past the end', async () => {
    const total = await liveCount();
    const lastPage = Math.ceil(total / 7);
    const last = (await t.request({ method: 'GET', url: `/get-all-ute-list?page=${lastPage}&pageSize=7` })).json<{ data: Ute[]; totalCount: number }>();
    expect(last.data).toHaveLength(total - (lastPage - 1) * 7);
    expect(last.totalCount).toBe(total);
    const past = (await t.request({ method: 'GET', url: `/get-all-ute-list?page=${lastPage + 1}&pageSize=7` })).json<{ data: Ute[]; totalCount: number }>();
    expect(past).toEqual({ data: [], totalCount: total });

    const seen = new Set<string>();
    for (let page = 1; page <= lastPage; page += 1) {
      const body = (await t.request({ method: 'GET', url: `/get-all-ute-list?page=${page}&pageSize=7` })).json<{ data: Ute[] }>();
      for (const ute of body.data) seen.add(ute._id);
    }
    expect(seen.size).toBe(total);
  });

  it('searches the ute name over all utes, case-insensitively', async () => {
    const expected = await liveCount(sql`full_name ilike '%TOYOTA%'`);
    expect(expected).toBeGreaterThan(10);
    const response = await t.request({ method: 'GET', url: '/get-all-ute-list?search=%20toyota%20&pageSize=100' });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ data: Ute[]; totalCount: number }>();
    expect(body.totalCount).toBe(expected);
    expect(body.data).toHaveLength(expected);
    for (const ute of body.data) expect(ute.fullName?.toLowerCase()).toContain('toyota');
  });

  it('takes wildcard characters in the search literally and answers an empty list when nothing matches', async () => {
    for (const search of ['%', '_', 'no such ute anywhere']) {
      const response = await t.request({ method: 'GET', url: `/get-all-ute-list?search=${encodeURIComponent(search)}` });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ data: [], totalCount: 0 });
    }
  });

  it('treats an empty search as no search', async () => {
    const body = (await t.request({ method: 'GET', url: '/get-all-ute-list?search=' })).json<{ totalCount: number }>();
    expect(body.totalCount).toBe(await liveCount());
  });

  it.each([
    ['page=0', 'page must be 1 or more'],
    ['page=abc', 'page must be a number'],
    ['pageSize=101', 'pageSize must be at most 100'],
    ['pageSize=2.5', 'pageSize must be a whole number'],
    [`search=${'a'.repeat(101)}`, 'search must be at most 100 characters'],
  ])('refuses %s with 400', async (query, message) => {
    const response = await t.request({ method: 'GET', url: `/get-all-ute-list?${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('refuses an unknown query parameter with 400', async () => {
    const response = await t.request({ method: 'GET', url: '/get-all-ute-list?limit=5' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toEqual(expect.any(String));
  });
});

describe('ute images', () => {
  it('serves a ute image publicly with caching and nosniff', async () => {
    const row = await createUte(t.database.db, { images: ['demo-ute-2.png'] });
    const response = await t.app.inject({ method: 'GET', url: `/images/ute-images/${row.images[0]}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toContain('max-age');
  });

  it('serves the licence image through the signed URL of the list, and refuses it unsigned or tampered with 403', async () => {
    await createUte(t.database.db, { licenceImage: 'demo-licence-2.png', createdAt: newestCreatedAt() });
    const body = (await t.request({ method: 'GET', url: '/get-all-ute-list' })).json<{ data: Ute[] }>();
    const signed = body.data.find((ute) => ute.licenceImage)!.licenceImage!;
    const ok = await t.app.inject({ method: 'GET', url: signed });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('image/png');
    expect(ok.headers['cache-control']).toBe('private, no-store');

    const unsigned = await t.app.inject({ method: 'GET', url: signed.split('?')[0] });
    expect(unsigned.statusCode).toBe(403);
    const tampered = await t.app.inject({ method: 'GET', url: signed.replace(/sig=[0-9a-f]/, (s) => (s.endsWith('0') ? 'sig=1' : 'sig=0')) });
    expect(tampered.statusCode).toBe(403);
    const expired = await t.app.inject({ method: 'GET', url: signed.replace(/expires=\d+/, 'expires=1000') });
    expect(expired.statusCode).toBe(403);
  });
});

describe('PATCH /api/admin/user-ute-status/:id', () => {
  it('approves a pending ute, answers the message and writes one audit row', async () => {
    const id = await uteWithStatus('Pending');
    expect(await auditRowsFor(id)).toHaveLength(0);
    const response = await t.request({ method: 'PATCH', url: `/user-ute-status/${id}?status=Approved` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'UTE approved successfully' });
    const [row] = await queryRows<{ status: string }>(t.database.db, sql`select status from utes where id = ${id}`);
    expect(row.status).toBe('Approved');
    const audit = await auditRowsFor(id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'ute.status',
      target_type: 'ute',
      before: { status: 'Pending', deletedAt: null },
      after: { status: 'Approved', deletedAt: null },
      admin_id: expect.any(String),
      request_id: expect.any(String),
    });
  });

  it('rejects an approved ute (any state to Rejected)', async () => {
    const id = await uteWithStatus('Approved');
    const auditBefore = (await auditRowsFor(id)).length;
    const response = await t.request({ method: 'PATCH', url: `/user-ute-status/${id}?status=Rejected` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'UTE rejected successfully' });
    const audit = await auditRowsFor(id);
    expect(audit).toHaveLength(auditBefore + 1);
    expect(audit.at(-1)).toMatchObject({ before: { status: 'Approved' }, after: { status: 'Rejected' } });
  });

  it('approves a rejected ute: the status, the reason cleared and one audit entry', async () => {
    const { id } = await createUte(t.database.db, { status: 'Rejected', rejectionReason: 'photos', rejectionNote: 'Blurry photos' });
    const auditBefore = (await auditRowsFor(id)).length;
    const response = await t.request({ method: 'PATCH', url: `/user-ute-status/${id}?status=Approved` });
    expect(response.statusCode).toBe(200);
    const [row] = await queryRows<{ status: string; rejection_reason: string | null; rejection_note: string | null }>(
      t.database.db,
      sql`select status, rejection_reason, rejection_note from utes where id = ${id}`,
    );
    expect(row).toEqual({ status: 'Approved', rejection_reason: null, rejection_note: null });
    const audit = await auditRowsFor(id);
    expect(audit).toHaveLength(auditBefore + 1);
    expect(audit.at(-1)).toMatchObject({ action: 'ute.status', target_type: 'ute', before: { status: 'Rejected' }, after: { status: 'Approved' } });
  });

  it.each(['Approved', 'Rejected'])('refuses setting %s on a ute that already has it with 409 and writes nothing', async (status) => {
    const id = await uteWithStatus(status);
    const auditBefore = (await auditRowsFor(id)).length;
    const response = await t.request({ method: 'PATCH', url: `/user-ute-status/${id}?status=${status}` });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: `UTE is already ${status}` });
    expect(await auditRowsFor(id)).toHaveLength(auditBefore);
  });

  it.each([
    ['?status=Maybe', 'status must be Approved or Rejected'],
    ['?status=approved', 'status must be Approved or Rejected'],
    ['?status=Pending', 'status must be Approved or Rejected'],
    ['', 'status must be Approved or Rejected'],
  ])('refuses the query %j with 400', async (query, message) => {
    const id = await uteWithStatus('Pending');
    const response = await t.request({ method: 'PATCH', url: `/user-ute-status/${id}${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('refuses an id that is not a uuid with 400', async () => {
    const response = await t.request({ method: 'PATCH', url: '/user-ute-status/not-an-id?status=Approved' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('id must be a valid id');
  });

  it('answers 404 for an unknown id', async () => {
    const response = await t.request({ method: 'PATCH', url: `/user-ute-status/${randomUUID()}?status=Approved` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Ute not found' });
  });
});

describe('PUT /api/admin/delete-ute/:id', () => {
  it('marks the ute deleted, hides it from the list and writes one audit row', async () => {
    const id = await uteWithStatus('Pending');
    const before = await liveCount();
    const dashboardBefore = (await t.request({ method: 'GET', url: '/dashboard-data' })).json().data.totalUtedata;
    const response = await t.request({ method: 'PUT', url: `/delete-ute/${id}` });
    expect(response.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/dashboard-data' })).json().data.totalUtedata).toBe(dashboardBefore - 1);
    expect(response.json()).toEqual({ message: 'UTE deleted successfully' });

    const [row] = await queryRows<{ deleted_at: string | null }>(t.database.db, sql`select deleted_at from utes where id = ${id}`);
    expect(row.deleted_at).not.toBeNull();
    const list = (await t.request({ method: 'GET', url: '/get-all-ute-list?pageSize=100' })).json<{ data: Ute[]; totalCount: number }>();
    expect(list.totalCount).toBe(before - 1);
    expect(list.data.map((ute) => ute._id)).not.toContain(id);

    const audit = await auditRowsFor(id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'ute.delete', before: { deletedAt: null }, after: { deletedAt: expect.any(String) } });
  });

  it('answers 404 for a second delete and for a status change of a deleted ute', async () => {
    const id = await uteWithStatus('Rejected');
    const auditBefore = (await auditRowsFor(id)).length;
    expect((await t.request({ method: 'PUT', url: `/delete-ute/${id}` })).statusCode).toBe(200);
    const again = await t.request({ method: 'PUT', url: `/delete-ute/${id}` });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'Ute not found' });
    expect((await t.request({ method: 'PATCH', url: `/user-ute-status/${id}?status=Approved` })).statusCode).toBe(404);
    expect(await auditRowsFor(id)).toHaveLength(auditBefore + 1);
  });

  it('answers 404 for an unknown id', async () => {
    const response = await t.request({ method: 'PUT', url: `/delete-ute/${randomUUID()}` });
    expect(response.statusCode).toBe(404);
  });

  it('refuses an id that is not a uuid with 400', async () => {
    const response = await t.request({ method: 'PUT', url: '/delete-ute/123' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('id must be a valid id');
  });
});
