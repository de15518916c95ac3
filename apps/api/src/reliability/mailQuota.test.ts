import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomerQueries, createCustomerQuery, createShipment } from '../test/factories';
import { createTestApp, type TestApp } from '../test/testApp';
import { TOO_MANY_MAILS } from '../plugins/mailQuota';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seeded: true, env: { MAILS_PER_ADMIN_PER_HOUR: '3' } });
});
afterAll(() => t.close());

describe('mail-sending calls are limited per admin per hour', () => {
  it('answers 429 once replies and price mails together pass the hourly limit', async () => {
    const queries = (await createCustomerQueries(t.database.db, 3)).map((query) => ({ _id: query.id }));
    const quotes = [await createShipment(t.database.db), await createShipment(t.database.db)].map((quote) => ({ _id: quote.id }));
    const reply = (queryId: string) => t.request({ method: 'PATCH', url: '/reply-query', payload: { queryId, reply: 'Thanks, sorted.' } });
    expect((await reply(queries[0]._id)).statusCode).toBe(200);
    expect((await reply(queries[1]._id)).statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: `/send-quote-price-email/${quotes[0]._id}`, payload: { price: '120.50' } })).statusCode).toBeLessThan(500);
    const blocked = await reply(queries[2]._id);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: TOO_MANY_MAILS });
    const blockedPrice = await t.request({ method: 'POST', url: `/send-quote-price-email/${quotes[1]._id}`, payload: { price: '99' } });
    expect(blockedPrice.statusCode).toBe(429);
  });

  it('does not count a request rejected as bad input', async () => {
    const other = await createTestApp({ seeded: true, env: { MAILS_PER_ADMIN_PER_HOUR: '1' } });
    try {
      for (let i = 0; i < 3; i += 1)
        expect((await other.request({ method: 'PATCH', url: '/reply-query', payload: { queryId: 'nope', reply: ' ' } })).statusCode).toBe(400);
      const queries = [{ _id: (await createCustomerQuery(other.database.db)).id }];
      expect((await other.request({ method: 'PATCH', url: '/reply-query', payload: { queryId: queries[0]._id, reply: 'ok' } })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});
