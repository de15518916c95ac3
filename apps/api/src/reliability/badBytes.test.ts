import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/database';
import { createTestApp, engine, type TestApp } from '../test/testApp';

/**
 * A NUL makes PostgreSQL throw 22021 (invalid byte sequence) and a lone UTF-16 surrogate is not
 * text: each must answer 400 with the envelope naming the field, before anything reaches the
 * database, on PGlite and on PostgreSQL alike.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seeded: true });
});
afterAll(() => t.close());

const NOT_ALLOWED = /contains a character that is not allowed$/;
const id = randomUUID();

interface Envelope {
  message: string;
  errors?: { path: string; message: string }[];
}

function expectRefused(response: { statusCode: number; body: string; json: () => unknown }, field: string) {
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json() as Envelope;
  expect(typeof body.message).toBe('string');
  expect(body.errors, response.body).toEqual(expect.arrayContaining([{ path: field, message: expect.stringMatching(NOT_ALLOWED) }]));
}

/** [what, method, url, body, field]; token: false for the public auth calls. */
type JsonCase = [string, 'GET' | 'POST' | 'PUT' | 'PATCH', string, ((bad: string) => Record<string, unknown>) | null, string, boolean?];
const jsonCases: JsonCase[] = [
  ['sign-in email', 'POST', '/sign-in', (bad) => ({ email: `a${bad}@b.c`, password: 'secret-1' }), 'email', false],
  ['sign-in password', 'POST', '/sign-in', (bad) => ({ email: 'a@b.c', password: `x${bad}yyyyyy` }), 'password', false],
  ['forgot-password email', 'POST', '/forgot-password-otp', (bad) => ({ email: `a${bad}@b.c` }), 'email', false],
  ['valid-otp body email', 'POST', '/valid-otp/a%40b.c', (bad) => ({ email: `a${bad}@b.c`, otp: '123456' }), 'email', false],
  ['valid-otp otp', 'POST', '/valid-otp/a%40b.c', (bad) => ({ email: 'a@b.c', otp: `12${bad}3456` }), 'otp', false],
  ['reset-password token', 'POST', '/reset-password', (bad) => ({ newPassword: 'secret-1', confirmPassword: 'secret-1', token: `t${bad}` }), 'token', false],
  [
    'change-password oldPassword',
    'POST',
    '/change-password',
    (bad) => ({ oldPassword: `o${bad}`, newPassword: 'secret-1', confirmPassword: 'secret-1' }),
    'oldPassword',
  ],
  ['FAQ question', 'POST', '/create-faq', (bad) => ({ question: `Why${bad}?`, answer: 'Because.' }), 'question'],
  ['FAQ answer', 'PUT', `/update-faq/${id}`, (bad) => ({ question: 'Why?', answer: `Because${bad}` }), 'answer'],
  ['query reply', 'PATCH', '/reply-query', (bad) => ({ queryId: id, reply: `Thanks${bad}` }), 'reply'],
  ['shipment notes', 'PUT', `/shipment-detail-update/${id}`, (bad) => ({ notes: `Gate${bad}` }), 'notes'],
  ['quote price email', 'POST', `/send-quote-price-email/${id}`, (bad) => ({ email: `a${bad}@b.co`, price: '10' }), 'email'],
];

describe(`a NUL or a lone surrogate in a JSON body answers 400 naming the field (${engine})`, () => {
  for (const [label, bad] of [
    ['NUL', '\u0000'],
    ['lone surrogate', '\uD800'],
  ] as const) {
    it.each(jsonCases)(`%s with a ${label}`, async (_what, method, url, body, field, withToken = true) => {
      // JSON.stringify writes both as \u escapes, as a client's JSON would carry them.
      const payload = JSON.stringify(body!(bad));
      expect(payload).toMatch(/\\u(0000|d800)/);
      const response = await t.request({ method, url, payload, headers: { 'content-type': 'application/json' }, token: withToken ? undefined : null });
      expectRefused(response, field);
    });
  }

  it('creates nothing when the FAQ is refused', async () => {
    const count = async () => (await queryRows<{ count: number }>(t.database.db, sql`select count(*)::int as count from faqs`))[0].count;
    const before = await count();
    expectRefused(await t.request({ method: 'POST', url: '/create-faq', payload: { question: 'a\u0000b', answer: 'c' } }), 'question');
    expect(await count()).toBe(before);
  });
});

describe(`a NUL in a query string or a path answers 400 naming the field (${engine})`, () => {
  it.each([
    ['/get-all-ute-list?search=a%00b', 'search'],
    ['/get-all-job-list?search=%00', 'search'],
    ['/payment-list?search=a%00', 'search'],
    ['/get-update-manual-status?search=a%00b', 'search'],
    ['/all-users-data?search=a%00b', 'search'],
    ['/all-queries?email=a%00%40b.c', 'email'],
  ])('GET %s', async (url, field) => {
    expectRefused(await t.request({ method: 'GET', url }), field);
  });

  it('POST /valid-otp/:email with a NUL in the path, without a token', async () => {
    const response = await t.request({ method: 'POST', url: '/valid-otp/a%00%40b.c', payload: { email: 'a@b.c', otp: '123456' }, token: null });
    expectRefused(response, 'email');
  });

  it('GET an uploaded file with a NUL in its name', async () => {
    expectRefused(await t.app.inject({ method: 'GET', url: '/blogImg/a%00.png' }), 'file');
  });

  it('still serves searches with ordinary and non-Latin text', async () => {
    for (const search of ['ute', 'café', '日本', '😀']) {
      const response = await t.request({ method: 'GET', url: `/get-all-ute-list?search=${encodeURIComponent(search)}` });
      expect(response.statusCode, response.body).toBe(200);
    }
  });
});

describe(`a NUL in a multipart blog field answers 400 naming the field (${engine})`, () => {
  async function sendBlogForm(method: 'POST' | 'PUT', url: string, fields: Record<string, string>) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const payload = Buffer.from(await request.arrayBuffer());
    return t.request({ method, url, payload, headers: { 'content-type': request.headers.get('content-type')! } });
  }
  const fields = { title: 'A title', description: 'A description', user: 'Jane' };

  it.each(['title', 'description', 'user'])('create-blog %s', async (field) => {
    expectRefused(await sendBlogForm('POST', '/create-blog', { ...fields, [field]: 'a\u0000b' }), field);
  });

  it.each(['title', 'description', 'user'])('update-blog %s', async (field) => {
    expectRefused(await sendBlogForm('PUT', `/update-blog/${id}`, { ...fields, [field]: '\u0000' }), field);
  });
});
