import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/database';
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

const weirdStrings = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
  fc.constantFrom('', ' ', '../../etc/passwd', '%2e%2e%2f', '<script>alert(1)</script>', "' or 1=1 --", '\u0000', '9'.repeat(400), 'null', '-1', '1e308', 'NaN'),
  fc.uuid().map(String),
  fc.string({ minLength: 3000, maxLength: 5000 }),
);
const weirdValues = fc.oneof(
  weirdStrings,
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, 0, 2 ** 53, -(2 ** 31), Number.MAX_SAFE_INTEGER, true, false, null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 }), { maxKeys: 3 }),
);
const weirdBody = fc.oneof(
  fc.dictionary(fc.constantFrom('email', 'password', 'otp', 'status', 'question', 'answer', 'price', 'reply', 'queryId', 'id', 'title', 'page', 'extra', '__proto__', 'constructor'), weirdValues, { maxKeys: 5 }),
  fc.jsonValue(),
  fc.constant(undefined),
);
const rawPayloads = fc.oneof(
  fc.constantFrom('{bad json', '[', 'null', '"a string"', '{"a":', '\u0000\u0001', '{"__proto__":{"admin":true}}'),
  fc.string({ maxLength: 200 }),
);
const contentTypes = fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', 'image/png');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seeded: true });
});
afterAll(() => t.close());

describe('fuzzing every endpoint with generated and malformed requests', () => {
  it('never answers 5xx, always uses the error envelope on 4xx, and leaves the database unchanged when it rejects', async () => {
    const routes = t.app.registeredRoutes.filter((route) => route.url.startsWith('/api/admin/') && !['HEAD', 'OPTIONS'].includes(route.method));
    expect(routes.length).toBeGreaterThan(30);
    let requests = 0;
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(
          fc.array(weirdStrings, { minLength: 3, maxLength: 3 }),
          fc.dictionary(fc.constantFrom('page', 'limit', 'pageSize', 'search', 'sort', 'status', 'payment', 'kind', 'email', 'date', 'before', 'days', 'x'), weirdStrings, { maxKeys: 4 }),
          fc.oneof(weirdBody.map((body) => ({ json: body })), rawPayloads.map((raw) => ({ raw }))),
          contentTypes,
          fc.boolean(),
          async (params, query, payload, contentType, withToken) => {
            let index = 0;
            const url = route.url.replace(/:[A-Za-z]+/g, () => encodeURIComponent(params[index++] ?? 'x'));
            const search = new URLSearchParams(query).toString();
            const before = await fingerprint(t);
            const hasBody = !['GET', 'DELETE'].includes(route.method);
            const response = await t.app.inject({
              method: route.method as 'POST',
              url: `${url}${search ? `?${search}` : ''}`,
              headers: { ...(withToken ? { authorization: `Bearer ${t.token}` } : {}), ...(hasBody ? { 'content-type': contentType } : {}) },
              payload: hasBody ? ('raw' in payload ? payload.raw : JSON.stringify(payload.json ?? null)) : undefined,
            });
            requests += 1;
            expect(response.statusCode, `${route.method} ${url} -> ${response.body.slice(0, 200)}`).toBeLessThan(500);
            if (response.statusCode >= 400) {
              const body = response.json() as { message?: unknown };
              expect(typeof body.message, `${route.method} ${url}`).toBe('string');
              expect(await fingerprint(t), `${route.method} ${url} changed the database but answered ${response.statusCode}`).toBe(before);
            }
          },
        ),
        { numRuns: Number(process.env.FUZZ_RUNS ?? 25), seed: Number(process.env.FUZZ_SEED ?? 20261121) },
      );
    }
    console.log(`fuzz: ${requests} requests over ${routes.length} routes`);
    expect(requests).toBeGreaterThan(1000);
  }, 600_000);
});
