import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, routePaths } from '@ute/contract';
import { queryRows } from '../db/database';
import { makeDemoPng, withPngChunk } from '../seed/png';
import { createBlog } from '../test/factories';
import { createTestApp, type TestApp } from '../test/testApp';

/** Row counts of every table: a rejected request must leave all of them as they were. */
async function fingerprint(t: TestApp): Promise<string> {
  const rows = await queryRows<{ fingerprint: string }>(
    t.database.db,
    sql`select concat_ws(',',
      (select count(*) from users), (select count(*) from users where deleted_at is not null), (select count(*) from users where is_active),
      (select count(*) from utes where deleted_at is null), (select count(*) from utes where status = 'Approved'),
      (select count(*) from jobs where deleted_at is null), (select count(*) from jobs where status = 'Approved'),
      (select count(*) from ute_bookings where transfer_state = 'none'), (select count(*) from job_bookings where deleted_at is null),
      (select count(*) from payouts), (select count(*) from payments where status = 'inProgress'),
      (select count(*) from shipments where deleted_at is null), (select count(*) from faqs where deleted_at is null),
      (select count(*) from blogs where deleted_at is null), (select count(*) from customer_queries where deleted_at is null),
      (select count(*) from query_replies), (select count(*) from audit_log), (select count(*) from admins)) as fingerprint`,
  );
  return rows[0].fingerprint;
}

/** NUL (PostgreSQL cannot store it) and lone UTF-16 surrogates (not text): each must answer 400, never 500. */
const badCharacters = fc.constantFrom('\u0000', '\uD800', '\uDBFF', '\uDC00', '\uDFFF');
/** Any UTF-16 code unit, so lone surrogates too (fast-check's 'binary' unit keeps pairs whole). */
const anyCodeUnit = fc.nat({ max: 0xffff }).map((code) => String.fromCharCode(code));
const weirdStrings = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: anyCodeUnit, maxLength: 30 }),
  fc.constantFrom('', ' ', '../../etc/passwd', '%2e%2e%2f', '<script>alert(1)</script>', "' or 1=1 --", '9'.repeat(400), 'null', '-1', '1e308', 'NaN'),
  fc.constantFrom('\u0000', 'a\u0000b', '\uD800', '\uDFFFx', 'a\uD83D', '\u0000\uDC00'),
  fc.uuid().map(String),
  fc.string({ minLength: 3000, maxLength: 5000 }),
);
/** The text with one bad character put somewhere in it. */
const withBadCharacter = (text: string) =>
  fc.tuple(badCharacters, fc.nat({ max: text.length })).map(([bad, at]) => `${text.slice(0, at)}${bad}${text.slice(at)}`);

/**
 * Percent-encodes like encodeURIComponent, but a lone surrogate becomes its three WTF-8 bytes
 * (%ED%A0%80) instead of throwing, so the server meets that too.
 */
function encodeComponent(text: string): string {
  let encoded = '';
  for (const char of text) {
    const code = char.charCodeAt(0);
    encoded +=
      char.length === 1 && code >= 0xd800 && code <= 0xdfff
        ? [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join('')
        : encodeURIComponent(char);
  }
  return encoded;
}
const weirdValues = fc.oneof(
  weirdStrings,
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, 0, 2 ** 53, -(2 ** 31), Number.MAX_SAFE_INTEGER, true, false, null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 }), { maxKeys: 3 }),
);
const weirdBody = fc.oneof(
  fc.dictionary(
    fc.constantFrom(
      'email',
      'password',
      'otp',
      'token',
      'oldPassword',
      'newPassword',
      'confirmPassword',
      'status',
      'question',
      'answer',
      'price',
      'reply',
      'queryId',
      'notes',
      'id',
      'title',
      'page',
      'extra',
      '__proto__',
      'constructor',
    ),
    weirdValues,
    { maxKeys: 5 },
  ),
  fc.jsonValue(),
  fc.constant(undefined),
);
const rawPayloads = fc.oneof(
  fc.constantFrom('{bad json', '[', 'null', '"a string"', '{"a":', '\u0000\u0001', '{"__proto__":{"admin":true}}'),
  fc.string({ maxLength: 200 }),
);
/** The public auth calls with a valid body: the fuzz spoils one of its fields (or the path's email). */
const PUBLIC_CALLS = [
  { url: '/sign-in', body: { email: 'admin@test.local', password: 'correct-horse-1' } },
  { url: '/forgot-password-otp', body: { email: 'admin@test.local' } },
  { url: '/valid-otp/:email', body: { email: 'admin@test.local', otp: '123456' } },
  { url: '/reset-password', body: { newPassword: 'secret-password', confirmPassword: 'secret-password', token: 'a-reset-token' } },
] as const;
const spoiledPublicCall = fc.constantFrom(...PUBLIC_CALLS).chain((call) => {
  const fields = [...Object.keys(call.body), ...(call.url.includes(':email') ? [':email'] : [])];
  return fc.constantFrom(...fields).chain((field) => {
    const valid = field === ':email' ? 'admin@test.local' : (call.body as Record<string, string>)[field];
    return withBadCharacter(valid).map((bad) => ({ call, field, bad }));
  });
});

// ---- multipart blog forms: valid-looking, spoiled and broken ----
/** Mostly the valid text, so that whole forms are often accepted; else spoiled or random. */
const formText = (valid: string) => fc.oneof({ arbitrary: fc.constant(valid), weight: 4 }, withBadCharacter(valid), weirdStrings);
const formFields = fc.record(
  {
    title: formText('A title'),
    description: formText('A description of the blog.'),
    user: formText('Jane Writer'),
    views: fc.oneof({ arbitrary: fc.constantFrom('0', '12'), weight: 3 }, fc.constantFrom('-1', 'many', '1e99', '\u0000')),
    extra: weirdStrings,
  },
  { requiredKeys: ['title', 'description'] },
);
const formImages = fc.constantFrom(
  makeDemoPng(12, 8, [10, 120, 200]),
  withPngChunk(makeDemoPng(12, 8, [1, 2, 3]), 'tEXt', Buffer.from('Comment\0<svg onload=alert(1)>', 'latin1')),
  Buffer.from('GIF89a\x01\x00\x01\x00\x80\x00\x00\x00\x00\x00\xff\xff\xff\x2c\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02\x44\x01\x00\x3b', 'latin1'),
  Buffer.from('<html><script>alert(1)</script></html>'),
  Buffer.alloc(0),
);
/** How the form reaches the server: whole, cut anywhere, without its closing boundary, under another boundary, or with garbage for headers. */
const formBreakage = fc.oneof(
  { arbitrary: fc.constant({ kind: 'whole' as const }), weight: 3 },
  fc.double({ min: 0, max: 1, noNaN: true }).map((at) => ({ kind: 'cut' as const, at })),
  fc.constantFrom({ kind: 'no-closing' as const }, { kind: 'other-boundary' as const }, { kind: 'garbage-headers' as const }),
);
const BOUNDARY = 'fuzz-boundary';
type FormBreakage = { kind: 'whole' | 'no-closing' | 'other-boundary' | 'garbage-headers' } | { kind: 'cut'; at: number };
function buildForm(fields: Record<string, string>, image: Buffer | null, breakage: FormBreakage) {
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.concat([
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`, 'latin1'),
      Buffer.from(value, 'utf8'),
      Buffer.from('\r\n', 'latin1'),
    ]),
  );
  if (image) {
    parts.push(
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="blogImg"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`, 'latin1'),
      image,
      Buffer.from('\r\n', 'latin1'),
    );
  }
  if (breakage.kind === 'garbage-headers') parts.push(Buffer.from(`--${BOUNDARY}\r\n\u0000garbage: \u00ff\r\n\r\nrest`, 'latin1'));
  if (breakage.kind !== 'no-closing') parts.push(Buffer.from(`--${BOUNDARY}--\r\n`, 'latin1'));
  const body = Buffer.concat(parts);
  const payload = breakage.kind === 'cut' ? body.subarray(0, Math.floor(body.length * breakage.at)) : body;
  const boundary = breakage.kind === 'other-boundary' ? 'another-boundary' : BOUNDARY;
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

const contentTypes = fc.constantFrom(
  'application/json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'image/png',
);

const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 25);
const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20261121);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seeded: true, twoFactor: true });
});
afterAll(() => t.close());

/** No 5xx; a 4xx carries the error envelope and left every table as it was. */
async function expectSafeAnswer(response: LightMyRequestResponse, before: string, label: string): Promise<void> {
  expect(response.statusCode, `${label} -> ${response.body.slice(0, 200)}`).toBeLessThan(500);
  if (response.statusCode >= 400) {
    const body = response.json() as { message?: unknown };
    expect(typeof body.message, label).toBe('string');
    expect(await fingerprint(t), `${label} changed the database but answered ${response.statusCode}`).toBe(before);
  }
}

describe('fuzzing every endpoint with generated and malformed requests', () => {
  it('never answers 5xx, always uses the error envelope on 4xx, and leaves the database unchanged when it rejects', async () => {
    const routes = t.routes
      .filter((route) => route.url.startsWith('/api/admin/') && !['HEAD', 'OPTIONS'].includes(route.method))
      // The live event stream answers a signed-in admin with an endless body (it takes no input):
      // modules/liveEvents' tests read it over a socket.
      .filter((route) => route.url !== `${API_BASE}${routePaths.liveEvents}`)
      // Sign-out ends the token: walked last, so every other route is fuzzed signed in too.
      .sort((a, b) => Number(a.url.endsWith('/sign-out')) - Number(b.url.endsWith('/sign-out')));
    expect(routes.length).toBeGreaterThan(30);
    let requests = 0;
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(
          fc.array(weirdStrings, { minLength: 3, maxLength: 3 }),
          fc.dictionary(
            fc.constantFrom('page', 'limit', 'pageSize', 'search', 'sort', 'status', 'payment', 'kind', 'email', 'date', 'before', 'days', 'x'),
            weirdStrings,
            { maxKeys: 4 },
          ),
          fc.oneof(
            weirdBody.map((body) => ({ json: body })),
            rawPayloads.map((raw) => ({ raw })),
          ),
          contentTypes,
          fc.boolean(),
          async (params, query, payload, contentType, withToken) => {
            let index = 0;
            const url = route.url.replace(/:[A-Za-z]+/g, () => encodeComponent(params[index++] ?? 'x'));
            const search = Object.entries(query)
              .map(([name, value]) => `${encodeComponent(name)}=${encodeComponent(value)}`)
              .join('&');
            const before = await fingerprint(t);
            const hasBody = !['GET', 'DELETE'].includes(route.method);
            const response = await t.app.inject({
              method: route.method as 'POST',
              url: `${url}${search ? `?${search}` : ''}`,
              headers: { ...(withToken ? { authorization: `Bearer ${t.token}` } : {}), ...(hasBody ? { 'content-type': contentType } : {}) },
              payload: hasBody ? ('raw' in payload ? payload.raw : JSON.stringify(payload.json ?? null)) : undefined,
            });
            requests += 1;
            await expectSafeAnswer(response, before, `${route.method} ${url}`);
          },
        ),
        { numRuns: FUZZ_RUNS, seed: FUZZ_SEED },
      );
    }
    console.log(`fuzz: ${requests} requests over ${routes.length} routes`);
    expect(requests).toBeGreaterThanOrEqual(routes.length * FUZZ_RUNS);
  }, 600_000);

  it('refuses a NUL or a lone surrogate in any field of the public auth calls with 400 naming the field, without a token', async () => {
    await fc.assert(
      fc.asyncProperty(spoiledPublicCall, async ({ call, field, bad }) => {
        const body = field === ':email' ? call.body : { ...call.body, [field]: bad };
        const url = `/api/admin${call.url.replace(':email', encodeComponent(field === ':email' ? bad : 'admin@test.local'))}`;
        const before = await fingerprint(t);
        const response = await t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });
        await expectSafeAnswer(response, before, `POST ${url} ${JSON.stringify(body)}`);
        expect(response.statusCode, response.body).toBe(400);
        // A lone surrogate in a URL is not UTF-8 at all: the router refuses that path before any schema sees it.
        const isUndecodablePath = field === ':email' && !bad.includes('\u0000');
        if (!isUndecodablePath) {
          const paths = (response.json() as { errors?: { path: string }[] }).errors?.map((error) => error.path);
          expect(paths, `POST ${url} ${JSON.stringify(body)}`).toContain(field.replace(':', ''));
        }
      }),
      { numRuns: FUZZ_RUNS * 4, seed: FUZZ_SEED },
    );
  }, 600_000);

  it('answers multipart blog forms (valid-looking, spoiled, cut or broken) without a 5xx', async () => {
    const blog = await createBlog(t.database.db);
    // The walk above may have signed the test admin out: sign in again.
    const token = await t.signInAgain();
    const statuses = new Set<number>();
    await fc.assert(
      fc.asyncProperty(formFields, fc.option(formImages), formBreakage, fc.boolean(), async (fields, image, breakage, isUpdate) => {
        const { payload, contentType } = buildForm(fields, image, breakage);
        const url = isUpdate ? `/api/admin/update-blog/${blog.id}` : '/api/admin/create-blog';
        const before = await fingerprint(t);
        const response = await t.app.inject({
          method: isUpdate ? 'PUT' : 'POST',
          url,
          headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
          payload,
        });
        await expectSafeAnswer(response, before, `${url} ${breakage.kind} ${JSON.stringify(fields).slice(0, 200)}`);
        if (breakage.kind !== 'whole' && breakage.kind !== 'cut') expect(response.statusCode, response.body).toBe(400);
        statuses.add(response.statusCode);
      }),
      { numRuns: FUZZ_RUNS * 8, seed: FUZZ_SEED },
    );
    // Both kinds were met: forms the api accepted and forms it refused.
    expect([...statuses]).toEqual(expect.arrayContaining([200, 400]));
  }, 600_000);
});
