import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { faqMessages } from '@ute/contract';
import { queryRows } from '../../db/database';
import { createTestApp, signInAs, type TestApp } from '../../test/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seeded: true });
});
afterAll(() => t.close());

async function auditCount(targetId: string, action: string): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    t.database.db,
    sql`select count(*)::int as count from audit_log where target_id = ${targetId} and action = ${action}`,
  );
  return row.count;
}

async function createFaq(question = `Question ${randomUUID()}`, answer = 'An answer.'): Promise<string> {
  const response = await t.request({ method: 'POST', url: '/create-faq', payload: { question, answer } });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: { _id: string } }>().data._id;
}

describe('POST /api/admin/create-faq', () => {
  it('creates a FAQ, answers its message and data, and writes one audit row', async () => {
    const response = await t.request({ method: 'POST', url: '/create-faq', payload: { question: '  Do you deliver on Sundays? ', answer: 'Yes.' } });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ message: string; data: { _id: string; question: string; answer: string } }>();
    expect(body.message).toBe(faqMessages.created);
    expect(body.data).toMatchObject({ question: 'Do you deliver on Sundays?', answer: 'Yes.' });
    expect(await auditCount(body.data._id, 'faq.create')).toBe(1);
  });

  it('keeps markup as plain text', async () => {
    const id = await createFaq('Is <b>bold</b> allowed?', '<b>No</b> <script>alert(1)</script>');
    const detail = await t.request({ method: 'GET', url: `/single-faq-detail/${id}` });
    expect(detail.json().data.answer).toBe('<b>No</b> <script>alert(1)</script>');
  });

  it.each([
    [{ question: '', answer: 'a' }, faqMessages.questionRequired],
    [{ question: '   ', answer: 'a' }, faqMessages.questionRequired],
    [{ question: 'q', answer: '' }, faqMessages.answerRequired],
    [{ answer: 'a' }, faqMessages.questionRequired],
    [{ question: 'q' }, faqMessages.answerRequired],
  ])('rejects %j with 400 and a clear message', async (payload, message) => {
    const response = await t.request({ method: 'POST', url: '/create-faq', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('rejects unknown fields with 400', async () => {
    const response = await t.request({ method: 'POST', url: '/create-faq', payload: { question: 'q', answer: 'a', extra: 1 } });
    expect(response.statusCode).toBe(400);
  });
});

describe('GET /api/admin/all-faq', () => {
  it('lists every FAQ that is not deleted, oldest first', async () => {
    const id = await createFaq();
    const deletedId = await createFaq();
    await t.request({ method: 'PUT', url: `/delete-faq/${deletedId}` });
    const response = await t.request({ method: 'GET', url: '/all-faq' });
    expect(response.statusCode).toBe(200);
    const data = response.json<{ data: { _id: string }[] }>().data;
    const [{ count }] = await queryRows<{ count: number }>(t.database.db, sql`select count(*)::int as count from faqs where deleted_at is null`);
    expect(data).toHaveLength(count);
    expect(data.map((faq) => faq._id)).toContain(id);
    expect(data.map((faq) => faq._id)).not.toContain(deletedId);
    expect(data.at(-1)?._id).toBe(id);
  });
});

describe('GET /api/admin/single-faq-detail/:id', () => {
  it('answers one FAQ', async () => {
    const id = await createFaq('Single?', 'Yes, single.');
    const response = await t.request({ method: 'GET', url: `/single-faq-detail/${id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { _id: id, question: 'Single?', answer: 'Yes, single.', version: expect.stringMatching(/^\d+$/) } });
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await t.request({ method: 'GET', url: `/single-faq-detail/${randomUUID()}` })).statusCode).toBe(404);
    const bad = await t.request({ method: 'GET', url: '/single-faq-detail/not-an-id' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('id must be a valid id');
  });
});

describe('PUT /api/admin/update-faq/:id', () => {
  it('updates question and answer (with or without the body id) and writes one audit row', async () => {
    const id = await createFaq();
    const response = await t.request({ method: 'PUT', url: `/update-faq/${id}`, payload: { id, question: 'New question', answer: 'New answer' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: faqMessages.updated,
      data: { _id: id, question: 'New question', answer: 'New answer', version: expect.stringMatching(/^\d+$/) },
    });
    const without = await t.request({ method: 'PUT', url: `/update-faq/${id}`, payload: { question: 'Q2', answer: 'A2' } });
    expect(without.statusCode).toBe(200);
    expect(await auditCount(id, 'faq.update')).toBe(2);
    const [audit] = await queryRows<{ before: { question: string }; after: { question: string } }>(
      t.database.db,
      sql`select before, after from audit_log where target_id = ${id} and action = 'faq.update' order by id limit 1`,
    );
    expect(audit.after.question).toBe('New question');
  });

  it('answers 409 with who edited it when the FAQ changed since the editor opened it (If-Match)', async () => {
    const id = await createFaq();
    const opened = (await t.request({ method: 'GET', url: `/single-faq-detail/${id}` })).json<{ data: { version: string } }>().data.version;
    const first = await t.request({
      method: 'PUT',
      url: `/update-faq/${id}`,
      payload: { question: 'Mine', answer: 'First' },
      headers: { 'if-match': `"${opened}"` },
    });
    expect(first.statusCode).toBe(200);
    const colleague = await signInAs(t, ['content']);
    const second = await t.request({
      method: 'PUT',
      url: `/update-faq/${id}`,
      token: colleague.token,
      payload: { question: 'Theirs', answer: 'Second' },
      headers: { 'if-match': `"${opened}"` },
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toMatch(/^Edited by .+ at .+, after you opened it\. Reload to see the change\.$/);
    const deletion = await t.request({ method: 'PUT', url: `/delete-faq/${id}`, token: colleague.token, headers: { 'if-match': opened } });
    expect(deletion.statusCode).toBe(409);
    const stored = (await t.request({ method: 'GET', url: `/single-faq-detail/${id}` })).json<{ data: { question: string } }>().data;
    expect(stored.question).toBe('Mine');
  });

  it('rejects a body id that differs from the path with 400', async () => {
    const id = await createFaq();
    const response = await t.request({ method: 'PUT', url: `/update-faq/${id}`, payload: { id: randomUUID(), question: 'q', answer: 'a' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(faqMessages.idMismatch);
  });

  it('rejects an empty question or answer with 400', async () => {
    const id = await createFaq();
    const response = await t.request({ method: 'PUT', url: `/update-faq/${id}`, payload: { id, question: 'q', answer: ' ' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(faqMessages.answerRequired);
    expect(await auditCount(id, 'faq.update')).toBe(0);
  });

  it('answers 404 for an unknown or deleted FAQ', async () => {
    expect((await t.request({ method: 'PUT', url: `/update-faq/${randomUUID()}`, payload: { question: 'q', answer: 'a' } })).statusCode).toBe(404);
    const id = await createFaq();
    await t.request({ method: 'PUT', url: `/delete-faq/${id}` });
    expect((await t.request({ method: 'PUT', url: `/update-faq/${id}`, payload: { question: 'q', answer: 'a' } })).statusCode).toBe(404);
  });
});

describe('PUT /api/admin/delete-faq/:id', () => {
  it('hides the FAQ, keeps the row, writes one audit row; a second delete is 404', async () => {
    const id = await createFaq();
    const response = await t.request({ method: 'PUT', url: `/delete-faq/${id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: faqMessages.deleted });
    expect((await t.request({ method: 'GET', url: `/single-faq-detail/${id}` })).statusCode).toBe(404);
    const [row] = await queryRows<{ deleted: boolean }>(t.database.db, sql`select deleted_at is not null as deleted from faqs where id = ${id}`);
    expect(row.deleted).toBe(true);
    expect(await auditCount(id, 'faq.delete')).toBe(1);
    expect((await t.request({ method: 'PUT', url: `/delete-faq/${id}` })).statusCode).toBe(404);
    expect(await auditCount(id, 'faq.delete')).toBe(1);
  });

  it('answers 400 for a malformed id and 401 without a token', async () => {
    expect((await t.request({ method: 'PUT', url: '/delete-faq/123' })).statusCode).toBe(400);
    expect((await t.request({ method: 'PUT', url: `/delete-faq/${randomUUID()}`, token: null })).statusCode).toBe(401);
  });
});
