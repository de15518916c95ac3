import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { quoteMessages } from '@ute/contract';
import { queryRows } from '../../db/database';
import type { SmtpCapture } from '../../test/smtpCapture';
import { createSeededTestAppWithSmtp, createTestApp, type TestApp } from '../../test/testApp';
import { mailOutbox } from '../../db/tables/mail.table';
import { shipments } from '../../db/tables/quotes.table';
import { createShipment, type ShipmentValues } from '../../test/factories';

let t: TestApp & { smtp: SmtpCapture };
let smtp: SmtpCapture;
beforeAll(async () => {
  t = await createSeededTestAppWithSmtp();
  smtp = t.smtp;
});
afterAll(() => t.close());

/** A fresh quote of its own for each test. */
const makeQuote = (values: ShipmentValues = {}) => createShipment(t.database.db, values);

async function auditCount(targetId: string, action: string): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    t.database.db,
    sql`select count(*)::int as count from audit_log where target_id = ${targetId} and action = ${action}`,
  );
  return row.count;
}

async function rowOf(id: string) {
  const [row] = await t.database.db.select().from(shipments).where(eq(shipments.id, id));
  return row;
}

describe('GET /api/admin/all-shipments', () => {
  it('answers a page of 10 by default with paginationData and totalCounts, newest first', async () => {
    const response = await t.request({ method: 'GET', url: '/all-shipments' });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ data: { _id: string; createdAt: string }[]; paginationData: { page: number; totalPages: number }; totalCounts: number }>();
    const [{ count }] = await queryRows<{ count: number }>(t.database.db, sql`select count(*)::int as count from shipments where deleted_at is null`);
    expect(body.totalCounts).toBe(count);
    expect(body.data).toHaveLength(10);
    expect(body.paginationData).toEqual({ page: 1, totalPages: Math.ceil(count / 10) });
    const times = body.data.map((row) => Date.parse(row.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('pages with page and limit without overlap', async () => {
    const first = (await t.request({ method: 'GET', url: '/all-shipments?page=1&limit=5' })).json<{ data: { _id: string }[] }>().data;
    const second = (await t.request({ method: 'GET', url: '/all-shipments?page=2&limit=5' })).json<{
      data: { _id: string }[];
      paginationData: { page: number };
    }>();
    expect(second.data).toHaveLength(5);
    expect(second.paginationData.page).toBe(2);
    expect(second.data.some((row) => first.some((other) => other._id === row._id))).toBe(false);
  });

  it('shows half rows with their own email and addresses and full rows with their contact details', async () => {
    const half = await makeQuote({ kind: 'half' });
    const full = await makeQuote({ kind: 'full' });
    const data = (await t.request({ method: 'GET', url: '/all-shipments?limit=100' })).json<{ data: Record<string, unknown>[] }>().data;
    expect(data.find((row) => row._id === half.id)).toMatchObject({
      quoteStatus: 'half',
      email: expect.stringContaining('@') as string,
      collectionAddress: '10 Half St, Brisbane QLD 4000',
      contactDetail: [],
    });
    expect(data.find((row) => row._id === full.id)).toMatchObject({
      quoteStatus: 'full',
      email: null,
      contactDetail: [
        { collectionInfo: { collectionAddress: '1 Pick St, Perth WA 6000' } },
        { deliveryInfo: { deliveryAddress: '2 Drop Rd, Sydney NSW 2000' } },
      ],
    });
  });

  it('hides rejected and deleted quotes', async () => {
    const rejected = await makeQuote();
    const deleted = await makeQuote();
    await t.request({ method: 'DELETE', url: `/reject-quote/${rejected.id}` });
    await t.request({ method: 'DELETE', url: `/shipment-delete/${deleted.id}` });
    const data = (await t.request({ method: 'GET', url: '/all-shipments?limit=100' })).json<{ data: { _id: string }[] }>().data;
    expect(data.map((row) => row._id)).not.toContain(rejected.id);
    expect(data.map((row) => row._id)).not.toContain(deleted.id);
  });

  it.each(['page=0', 'limit=0', 'limit=101', 'page=abc', 'sort=x'])('rejects ?%s with 400', async (query) => {
    const response = await t.request({ method: 'GET', url: `/all-shipments?${query}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toEqual(expect.any(String));
  });
});

describe('POST /api/admin/send-quote-price-email/:id', () => {
  it('stores the price, marks the quote quoted, writes one audit row and mails the half row email', async () => {
    const quote = await makeQuote({ kind: 'half' });
    const response = await t.request({
      method: 'POST',
      url: `/send-quote-price-email/${quote.id}`,
      payload: { email: 'someone.else@example.com', price: '1234.5' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Price sent successfully!' });
    const row = await rowOf(quote.id);
    expect(row.price).toBe(1234.5);
    expect(row.status).toBe('quoted');
    expect(await auditCount(quote.id, 'quote.send-price')).toBe(1);
    const mail = await smtp.waitForMail((m) => m.subject.includes(quote.shipmentId));
    expect(mail.to).toEqual([row.email]);
    expect(mail.subject).toBe(`Your quote ${quote.shipmentId}: A$1,234.50`);
    expect(mail.text).toContain('A$1,234.50');
    expect(mail.text).toContain('from 10 Half St, Brisbane QLD 4000 to 20 Half Rd, Cairns QLD 4870');
    const detail = await t.request({ method: 'GET', url: `/single-shipment-detail/${quote.id}` });
    expect(detail.json().data).toMatchObject({ price: 1234.5, status: 'quoted' });
  });

  it('mails the collection contact of a full row, and may send a new price to a quoted quote', async () => {
    const quote = await makeQuote({ kind: 'full' });
    expect((await t.request({ method: 'POST', url: `/send-quote-price-email/${quote.id}`, payload: { price: 99 } })).statusCode).toBe(200);
    const first = await smtp.waitForMail((m) => m.subject.includes(quote.shipmentId));
    expect(first.to).toEqual([quote.contactDetail[0].collectionInfo?.email]);
    expect((await t.request({ method: 'POST', url: `/send-quote-price-email/${quote.id}`, payload: { price: '105.25' } })).statusCode).toBe(200);
    expect((await rowOf(quote.id)).price).toBe(105.25);
    await smtp.waitForMail((m) => m.subject === `Your quote ${quote.shipmentId}: A$105.25`);
  });

  it('uses the body email only when the quote has none, and answers 409 when no email is known', async () => {
    const quote = await makeQuote({ kind: 'full', contactDetail: [] });
    const none = await t.request({ method: 'POST', url: `/send-quote-price-email/${quote.id}`, payload: { price: '10' } });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(quoteMessages.noEmail);
    expect((await rowOf(quote.id)).price).toBeNull();
    const withBody = await t.request({ method: 'POST', url: `/send-quote-price-email/${quote.id}`, payload: { email: 'fallback@example.com', price: '10' } });
    expect(withBody.statusCode).toBe(200);
    expect((await smtp.waitForMail((m) => m.subject.includes(quote.shipmentId))).to).toEqual(['fallback@example.com']);
  });

  it.each([['0'], ['-5'], ['12.345'], ['abc'], [''], ['1e3'], ['$10'], [0], [-1], [1.005], [null], [true]])(
    'rejects the price %j with 400 and a clear message',
    async (price) => {
      const quote = await makeQuote();
      const response = await t.request({ method: 'POST', url: `/send-quote-price-email/${quote.id}`, payload: { price } });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(quoteMessages.priceInvalid);
      expect((await rowOf(quote.id)).status).toBe('requested');
    },
  );

  it('rejects a missing price and a malformed email with 400', async () => {
    const quote = await makeQuote();
    expect((await t.request({ method: 'POST', url: `/send-quote-price-email/${quote.id}`, payload: {} })).json().message).toBe(quoteMessages.priceInvalid);
    const badEmail = await t.request({ method: 'POST', url: `/send-quote-price-email/${quote.id}`, payload: { price: '5', email: 'not-an-email' } });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().message).toBe(quoteMessages.emailInvalid);
  });

  it('answers 409 for an accepted or rejected quote and 404 for an unknown or deleted one', async () => {
    const accepted = await makeQuote({ status: 'accepted' });
    const rejected = await makeQuote();
    await t.request({ method: 'DELETE', url: `/reject-quote/${rejected.id}` });
    const deleted = await makeQuote({ deletedAt: new Date() });
    const accept = await t.request({ method: 'POST', url: `/send-quote-price-email/${accepted.id}`, payload: { price: '5' } });
    expect(accept.statusCode).toBe(409);
    expect(accept.json().message).toBe(quoteMessages.alreadyAccepted);
    const reject = await t.request({ method: 'POST', url: `/send-quote-price-email/${rejected.id}`, payload: { price: '5' } });
    expect(reject.statusCode).toBe(409);
    expect(reject.json().message).toBe(quoteMessages.alreadyRejected);
    expect((await t.request({ method: 'POST', url: `/send-quote-price-email/${deleted.id}`, payload: { price: '5' } })).statusCode).toBe(404);
    expect((await t.request({ method: 'POST', url: `/send-quote-price-email/${randomUUID()}`, payload: { price: '5' } })).statusCode).toBe(404);
  });
});

describe('POST /api/admin/send-quote-price-email/:id with the mail server down', () => {
  it('keeps the price and the queued mail, and says so with 502', async () => {
    const down = await createTestApp({ seeded: false, env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
    try {
      const row = await createShipment(down.database.db, { kind: 'half', email: 'down@example.com' });
      const response = await down.request({ method: 'POST', url: `/send-quote-price-email/${row.id}`, payload: { price: '50' } });
      expect(response.statusCode).toBe(502);
      expect(response.json().message).toBe(quoteMessages.mailQueued);
      const [mail] = await down.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'down@example.com'));
      expect(mail.status).toBe('pending');
      const [stored] = await down.database.db.select().from(shipments).where(eq(shipments.id, row.id));
      expect(stored).toMatchObject({ price: 50, status: 'quoted' });
    } finally {
      await down.close();
    }
  });
});

describe('DELETE /api/admin/reject-quote/:id', () => {
  it('marks the quote rejected, hides it, keeps the row and writes one audit row', async () => {
    const quote = await makeQuote();
    const response = await t.request({ method: 'DELETE', url: `/reject-quote/${quote.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Quote rejected successfully!' });
    const row = await rowOf(quote.id);
    expect(row.status).toBe('rejected');
    expect(row.deletedAt).not.toBeNull();
    expect(await auditCount(quote.id, 'quote.reject')).toBe(1);
    expect((await t.request({ method: 'GET', url: `/single-shipment-detail/${quote.id}` })).statusCode).toBe(404);
  });

  it('answers 409 for a second reject or an accepted quote', async () => {
    const quote = await makeQuote();
    await t.request({ method: 'DELETE', url: `/reject-quote/${quote.id}` });
    const again = await t.request({ method: 'DELETE', url: `/reject-quote/${quote.id}` });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(quoteMessages.alreadyRejected);
    expect(await auditCount(quote.id, 'quote.reject')).toBe(1);
    const accepted = await makeQuote({ status: 'accepted' });
    expect((await t.request({ method: 'DELETE', url: `/reject-quote/${accepted.id}` })).statusCode).toBe(409);
  });

  it('answers 404 for an unknown id, 400 for a malformed one and 401 without a token', async () => {
    expect((await t.request({ method: 'DELETE', url: `/reject-quote/${randomUUID()}` })).statusCode).toBe(404);
    expect((await t.request({ method: 'DELETE', url: '/reject-quote/nope' })).statusCode).toBe(400);
    expect((await t.request({ method: 'DELETE', url: `/reject-quote/${randomUUID()}`, token: null })).statusCode).toBe(401);
  });
});

describe('PUT /api/admin/accept-quote/:id', () => {
  it('accepts a requested or quoted quote and writes one audit row', async () => {
    for (const status of ['requested', 'quoted']) {
      const quote = await makeQuote({ status });
      const response = await t.request({ method: 'PUT', url: `/accept-quote/${quote.id}` });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: quoteMessages.accepted });
      expect((await rowOf(quote.id)).status).toBe('accepted');
      expect(await auditCount(quote.id, 'quote.accept')).toBe(1);
    }
  });

  it('answers 409 when already accepted or rejected', async () => {
    const quote = await makeQuote();
    await t.request({ method: 'PUT', url: `/accept-quote/${quote.id}` });
    const again = await t.request({ method: 'PUT', url: `/accept-quote/${quote.id}` });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(quoteMessages.alreadyAccepted);
    const rejected = await makeQuote();
    await t.request({ method: 'DELETE', url: `/reject-quote/${rejected.id}` });
    const onRejected = await t.request({ method: 'PUT', url: `/accept-quote/${rejected.id}` });
    expect(onRejected.statusCode).toBe(409);
    expect(onRejected.json().message).toBe(quoteMessages.alreadyRejected);
  });

  it('answers 404 for an unknown id and 401 without a token', async () => {
    expect((await t.request({ method: 'PUT', url: `/accept-quote/${randomUUID()}` })).statusCode).toBe(404);
    expect((await t.request({ method: 'PUT', url: `/accept-quote/${randomUUID()}`, token: null })).statusCode).toBe(401);
  });
});

describe('GET /api/admin/single-shipment-detail/:id', () => {
  it('answers the shipment with dates as ISO strings', async () => {
    const quote = await makeQuote({ kind: 'full', notes: 'Gate code 1234.' });
    const response = await t.request({ method: 'GET', url: `/single-shipment-detail/${quote.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      _id: quote.id,
      shipmentId: quote.shipmentId,
      status: 'requested',
      vehicleType: 'Tray back ute',
      orderDate: '2025-01-02T03:04:00.000Z',
      pickUpDateAndTime: '2025-02-03T04:05:00.000Z',
      notes: 'Gate code 1234.',
      price: null,
    });
  });

  it('answers 404 for an unknown or deleted id, 400 for a malformed one and 401 without a token', async () => {
    const deleted = await makeQuote({ deletedAt: new Date() });
    expect((await t.request({ method: 'GET', url: `/single-shipment-detail/${deleted.id}` })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/single-shipment-detail/${randomUUID()}` })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/single-shipment-detail/1' })).statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: `/single-shipment-detail/${randomUUID()}`, token: null })).statusCode).toBe(401);
  });
});

describe('PUT /api/admin/shipment-detail-update/:id', () => {
  it('updates status, notes and pickup time and writes one audit row', async () => {
    const quote = await makeQuote({ status: 'accepted' });
    const response = await t.request({
      method: 'PUT',
      url: `/shipment-detail-update/${quote.id}`,
      payload: { status: 'in-transit', notes: 'On the way', pickUpDateAndTime: '2025-03-04T05:06:00+10:00' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: quoteMessages.shipmentUpdated,
      data: { status: 'in-transit', notes: 'On the way', pickUpDateAndTime: '2025-03-03T19:06:00.000Z' },
    });
    expect(await auditCount(quote.id, 'shipment.update')).toBe(1);
    const notesOnly = await t.request({ method: 'PUT', url: `/shipment-detail-update/${quote.id}`, payload: { notes: 'Arrived' } });
    expect(notesOnly.json().data).toMatchObject({ status: 'in-transit', notes: 'Arrived' });
  });

  it.each([
    [{}, quoteMessages.nothingToUpdate],
    [{ status: 'teleported' }, 'status must be one of requested, quoted, accepted, in-transit, delivered, cancelled'],
    [{ pickUpDateAndTime: 'tomorrow' }, 'pickUpDateAndTime must be an ISO date and time'],
    [{ notes: 'x'.repeat(2001) }, 'notes must be at most 2000 characters'],
  ])('rejects %j with 400', async (payload, message) => {
    const quote = await makeQuote();
    const response = await t.request({ method: 'PUT', url: `/shipment-detail-update/${quote.id}`, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('answers 409 when a delivered shipment would change status', async () => {
    const quote = await makeQuote({ status: 'delivered' });
    const response = await t.request({ method: 'PUT', url: `/shipment-detail-update/${quote.id}`, payload: { status: 'in-transit' } });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(quoteMessages.finalStatus);
    expect((await t.request({ method: 'PUT', url: `/shipment-detail-update/${quote.id}`, payload: { notes: 'Signed for' } })).statusCode).toBe(200);
  });

  it('answers 404 for an unknown id and 401 without a token', async () => {
    expect((await t.request({ method: 'PUT', url: `/shipment-detail-update/${randomUUID()}`, payload: { notes: 'x' } })).statusCode).toBe(404);
    expect((await t.request({ method: 'PUT', url: `/shipment-detail-update/${randomUUID()}`, payload: { notes: 'x' }, token: null })).statusCode).toBe(401);
  });
});

describe('DELETE /api/admin/shipment-delete/:id', () => {
  it('hides the shipment, keeps the row and writes one audit row; a second delete is 404', async () => {
    const quote = await makeQuote({ status: 'accepted' });
    const response = await t.request({ method: 'DELETE', url: `/shipment-delete/${quote.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: quoteMessages.shipmentDeleted });
    expect((await rowOf(quote.id)).deletedAt).not.toBeNull();
    expect(await auditCount(quote.id, 'shipment.delete')).toBe(1);
    expect((await t.request({ method: 'DELETE', url: `/shipment-delete/${quote.id}` })).statusCode).toBe(404);
  });

  it('answers 400 for a malformed id and 401 without a token', async () => {
    expect((await t.request({ method: 'DELETE', url: '/shipment-delete/x' })).statusCode).toBe(400);
    expect((await t.request({ method: 'DELETE', url: `/shipment-delete/${randomUUID()}`, token: null })).statusCode).toBe(401);
  });
});
