import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { jobListResponseSchema, type Job, type JobListResponse } from '@ute/contract';
import { queryRows } from '../../db/database';
import { createJob, newestCreatedAt } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seeded: true });
});
afterAll(() => t.close());

/** A new live job of its own for one test. */
async function jobWithStatus(status: string): Promise<string> {
  return (await createJob(t.database.db, { status })).id;
}

async function auditRowsFor(id: string) {
  return queryRows<{ action: string; target_type: string; before: unknown; after: unknown; admin_id: string | null }>(
    t.database.db,
    sql`select action, target_type, before, after, admin_id from audit_log where target_id = ${id} order by id`,
  );
}

async function liveCount(where = sql`true`): Promise<number> {
  const [row] = await queryRows<{ count: number }>(t.database.db, sql`select count(*)::int as count from jobs where deleted_at is null and ${where}`);
  return row.count;
}

const list = async (query = '') => {
  const response = await t.request({ method: 'GET', url: `/get-all-job-list${query}` });
  expect(response.statusCode).toBe(200);
  return jobListResponseSchema.parse(response.json());
};

describe('GET /api/admin/get-all-job-list', () => {
  it('answers the first page newest first with totalCount and paginationData', async () => {
    const body = await list();
    const total = await liveCount();
    expect(body.data).toHaveLength(10);
    expect(body.totalCount).toBe(total);
    expect(body.paginationData).toEqual({ page: 1, totalPages: Math.ceil(total / 10) });
    const times = body.data.map((job) => Date.parse(job.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('maps every field to the wire names of docs/product.md', async () => {
    // Every field filled, and newer than any other job.
    const row = await createJob(t.database.db, { createdAt: newestCreatedAt() });
    const [job] = (await list('?limit=1')).data;
    const [stored] = await queryRows<Record<string, unknown>>(t.database.db, sql`select *, xmin::text as version from jobs where id = ${row.id}`);
    expect(job).toEqual({
      _id: row.id,
      jobId: stored.job_id,
      title: stored.title,
      description: stored.description,
      state: stored.state,
      location: stored.location,
      workSchedule: stored.work_schedule,
      budget: Number(stored.budget),
      jobImg: stored.images,
      status: stored.status,
      // Pending: it waits in its queue, unassigned (docs/design.md §15).
      workItem: expect.objectContaining({ queue: 'pendingJobs', assigneeId: null }) as unknown,
      // The seed keeps no rejection reasons.
      rejection: null,
      createdAt: new Date(stored.created_at as string).toISOString(),
      version: stored.version,
    });
  });

  it('answers Pending for a missing or unknown status', async () => {
    const { id } = await createJob(t.database.db, { status: '', createdAt: newestCreatedAt() });
    const [job] = (await list('?limit=1')).data;
    expect(job).toMatchObject({ _id: id, status: 'Pending' });
  });

  it('pages with limit: the last page holds the rest and a page past the end is empty', async () => {
    const total = await liveCount();
    const totalPages = Math.ceil(total / 3);
    const last = await list(`?page=${totalPages}&limit=3`);
    expect(last.data).toHaveLength(total - (totalPages - 1) * 3);
    expect(last.paginationData).toEqual({ page: totalPages, totalPages });
    const past = await list(`?page=${totalPages + 1}&limit=3`);
    expect(past.data).toEqual([]);
    expect(past.totalCount).toBe(total);
  });

  it('searches titles over all jobs, case-insensitively', async () => {
    const expected = await liveCount(sql`title ilike '%removal%'`);
    expect(expected).toBeGreaterThan(0);
    const body = await list('?search=REMOVAL&limit=100');
    expect(body.totalCount).toBe(expected);
    expect(body.data).toHaveLength(expected);
    for (const job of body.data) expect(job.title.toLowerCase()).toContain('removal');
  });

  it('answers an empty list with one page when nothing matches', async () => {
    const body = await list('?search=nothing%20like%20this');
    expect(body).toEqual({ data: [], totalCount: 0, paginationData: { page: 1, totalPages: 1 } });
    expect((await list('?search=%25')).totalCount).toBe(0);
  });

  it('sorts by budget low to high and high to low over all jobs, paging included', async () => {
    const total = await liveCount();
    const ascending: Job[] = [];
    for (let page = 1; page <= Math.ceil(total / 10); page += 1) ascending.push(...(await list(`?sort=budgetAsc&page=${page}`)).data);
    expect(ascending).toHaveLength(total);
    const budgets = ascending.map((job) => job.budget ?? Infinity);
    expect([...budgets].sort((a, b) => a - b)).toEqual(budgets);
    expect(new Set(ascending.map((job) => job._id)).size).toBe(total);

    const descending = (await list('?sort=budgetDesc&limit=100')).data.map((job) => job.budget ?? Infinity);
    expect([...descending].sort((a, b) => b - a)).toEqual(descending);
    const [{ max }] = await queryRows<{ max: number }>(t.database.db, sql`select max(budget)::float as max from jobs where deleted_at is null`);
    expect(descending[0]).toBe(max);
  });

  it('combines search and sort', async () => {
    const body = await list('?search=removal&sort=budgetDesc&limit=100');
    const budgets = body.data.map((job) => job.budget ?? 0);
    expect([...budgets].sort((a, b) => b - a)).toEqual(budgets);
    expect(body.totalCount).toBe(await liveCount(sql`title ilike '%removal%'`));
  });

  it.each([
    ['sort=budget', 'sort must be budgetAsc or budgetDesc'],
    ['page=-1', 'page must be 1 or more'],
    ['limit=0', 'limit must be 1 or more'],
    ['limit=1000', 'limit must be at most 100'],
    [`search=${'x'.repeat(101)}`, 'search must be at most 100 characters'],
  ])('refuses %s with 400', async (query, message) => {
    const response = await t.request({ method: 'GET', url: `/get-all-job-list?${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('serves job images publicly at /jobImg/{file}', async () => {
    const row = await createJob(t.database.db, { images: ['demo-job-2.png'] });
    const response = await t.app.inject({ method: 'GET', url: `/jobImg/${row.images[0]}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('PATCH /api/admin/user-job-status/:id', () => {
  it('approves a pending job and writes one audit row', async () => {
    const id = await jobWithStatus('Pending');
    expect(await auditRowsFor(id)).toHaveLength(0);
    const response = await t.request({ method: 'PATCH', url: `/user-job-status/${id}?status=Approved` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Job approved successfully' });
    const [row] = await queryRows<{ status: string }>(t.database.db, sql`select status from jobs where id = ${id}`);
    expect(row.status).toBe('Approved');
    const audit = await auditRowsFor(id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'job.status',
      target_type: 'job',
      before: { status: 'Pending' },
      after: { status: 'Approved' },
      admin_id: expect.any(String),
    });
  });

  it('rejects a pending job', async () => {
    const id = await jobWithStatus('Pending');
    const response = await t.request({ method: 'PATCH', url: `/user-job-status/${id}?status=Rejected` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Job rejected successfully' });
    expect(await auditRowsFor(id)).toHaveLength(1);
  });

  it('approves a rejected job: the status, the reason cleared and one audit entry', async () => {
    const { id } = await createJob(t.database.db, { status: 'Rejected', rejectionReason: 'photos', rejectionNote: 'Blurry photos' });
    const auditBefore = (await auditRowsFor(id)).length;
    const response = await t.request({ method: 'PATCH', url: `/user-job-status/${id}?status=Approved` });
    expect(response.statusCode).toBe(200);
    const [row] = await queryRows<{ status: string; rejection_reason: string | null; rejection_note: string | null }>(
      t.database.db,
      sql`select status, rejection_reason, rejection_note from jobs where id = ${id}`,
    );
    expect(row).toEqual({ status: 'Approved', rejection_reason: null, rejection_note: null });
    const audit = await auditRowsFor(id);
    expect(audit).toHaveLength(auditBefore + 1);
    expect(audit.at(-1)).toMatchObject({ action: 'job.status', target_type: 'job', before: { status: 'Rejected' }, after: { status: 'Approved' } });
  });

  it.each([
    ['Approved', 'Approved', 'Job is already Approved'],
    ['Approved', 'Rejected', 'An approved job cannot be rejected'],
    ['Rejected', 'Rejected', 'Job is already Rejected'],
  ])('refuses a %s job going to %s with 409 and writes nothing', async (current, next, message) => {
    const id = await jobWithStatus(current);
    const auditBefore = (await auditRowsFor(id)).length;
    const response = await t.request({ method: 'PATCH', url: `/user-job-status/${id}?status=${next}` });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message });
    expect(await auditRowsFor(id)).toHaveLength(auditBefore);
    const [row] = await queryRows<{ status: string }>(t.database.db, sql`select status from jobs where id = ${id}`);
    expect(row.status).toBe(current);
  });

  it.each(['?status=Deleted', '?status=', ''])('refuses the query %j with 400', async (query) => {
    const id = await jobWithStatus('Pending');
    const response = await t.request({ method: 'PATCH', url: `/user-job-status/${id}${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('status must be Approved or Rejected');
  });

  it('refuses an id that is not a uuid with 400', async () => {
    const response = await t.request({ method: 'PATCH', url: '/user-job-status/JOB-000001?status=Approved' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('id must be a valid id');
  });

  it('answers 404 for an unknown id', async () => {
    const response = await t.request({ method: 'PATCH', url: `/user-job-status/${randomUUID()}?status=Rejected` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Job not found' });
  });
});

describe('PUT /api/admin/delete-job/:id', () => {
  it('marks the job deleted, hides it from the list and writes one audit row', async () => {
    const id = await jobWithStatus('Approved');
    const before = await liveCount();
    const auditBefore = (await auditRowsFor(id)).length;
    const dashboardBefore = (await t.request({ method: 'GET', url: '/dashboard-data' })).json().data.totalJobdata;
    const response = await t.request({ method: 'PUT', url: `/delete-job/${id}` });
    expect(response.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/dashboard-data' })).json().data.totalJobdata).toBe(dashboardBefore - 1);
    expect(response.json()).toEqual({ message: 'Job deleted successfully' });
    const body: JobListResponse = await list('?limit=100');
    expect(body.totalCount).toBe(before - 1);
    expect(body.data.map((job) => job._id)).not.toContain(id);
    const audit = await auditRowsFor(id);
    expect(audit).toHaveLength(auditBefore + 1);
    expect(audit.at(-1)).toMatchObject({ action: 'job.delete', before: { deletedAt: null }, after: { deletedAt: expect.any(String) } });
  });

  it('answers 404 for a second delete and for a status change of a deleted job', async () => {
    const id = await jobWithStatus('Pending');
    expect((await t.request({ method: 'PUT', url: `/delete-job/${id}` })).statusCode).toBe(200);
    const again = await t.request({ method: 'PUT', url: `/delete-job/${id}` });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'Job not found' });
    expect((await t.request({ method: 'PATCH', url: `/user-job-status/${id}?status=Approved` })).statusCode).toBe(404);
  });

  it('answers 404 for an unknown id', async () => {
    expect((await t.request({ method: 'PUT', url: `/delete-job/${randomUUID()}` })).statusCode).toBe(404);
  });

  it('refuses an id that is not a uuid with 400', async () => {
    const response = await t.request({ method: 'PUT', url: '/delete-job/abc' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('id must be a valid id');
  });
});
