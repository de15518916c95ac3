import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { PAYOUT_MESSAGES } from '@ute/contract';
import { queryRows } from '../../db/database';
import { createPayment, type PaymentValues } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/testApp';
import { auditLog } from '../../db/tables/audit.table';
import { payments } from '../../db/tables/payments.table';

interface PaymentDto {
  _id: string;
  paymentBy: string;
  amount: number;
  createdAt: string;
  status: string;
  transactionId: string | null;
  paymentImage: string | null;
  isStripe: boolean;
  isJob: string;
}

async function countWhere(t: TestApp, where: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ count: number }>(t.database.db, sql`select count(*)::int as count from payments where ${where}`);
  return row.count;
}

/** A fresh manual payment for one test, so no test depends on another's leftovers. */
const createManualPayment = (t: TestApp, values: PaymentValues = {}) => createPayment(t.database.db, values);

describe('payments api', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seeded: true, twoFactor: true });
  });
  afterAll(() => t.close());

  describe('GET /api/admin/payment-list', () => {
    it('lists Stripe payments newest first with the total count', async () => {
      const response = await t.request({ method: 'GET', url: '/payment-list' });
      expect(response.statusCode).toBe(200);
      const body = response.json<{ data: PaymentDto[]; totalCount: number; paginationData: { page: number; totalPages: number } }>();
      const total = await countWhere(t, sql`is_stripe`);
      expect(body.totalCount).toBe(total);
      expect(body.paginationData).toEqual({ page: 1, totalPages: Math.ceil(total / 10) });
      expect(body.data).toHaveLength(10);
      for (const payment of body.data) {
        expect(payment.isStripe).toBe(true);
        expect(['true', 'false']).toContain(payment.isJob);
        expect(Number.isInteger(payment.amount)).toBe(true);
      }
      const times = body.data.map((p) => Date.parse(p.createdAt));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
    });

    it('sorts oldest first on request', async () => {
      const body = (await t.request({ method: 'GET', url: '/payment-list?sort=oldest&limit=20' })).json<{ data: PaymentDto[] }>();
      const times = body.data.map((p) => Date.parse(p.createdAt));
      expect([...times].sort((a, b) => a - b)).toEqual(times);
      const [oldest] = await t.database.db
        .select()
        .from(payments)
        .where(eq(payments.isStripe, true))
        .orderBy(asc(payments.createdAt), asc(payments.id))
        .limit(1);
      expect(body.data[0]._id).toBe(oldest.id);
    });

    it('searches by payer name, case-insensitively, over all rows', async () => {
      const [sample] = await t.database.db.select().from(payments).where(eq(payments.isStripe, true)).limit(1);
      const term = sample.paymentBy.split(' ')[0].toUpperCase();
      const body = (await t.request({ method: 'GET', url: `/payment-list?search=${encodeURIComponent(term)}&limit=100` })).json<{
        data: PaymentDto[];
        totalCount: number;
      }>();
      expect(body.totalCount).toBe(await countWhere(t, sql`is_stripe and payment_by ilike ${`%${term}%`}`));
      expect(body.data.length).toBeGreaterThan(0);
      for (const payment of body.data) expect(payment.paymentBy.toUpperCase()).toContain(term);
    });

    it('treats % and _ in a search as plain text', async () => {
      const body = (await t.request({ method: 'GET', url: '/payment-list?search=%25' })).json<{ totalCount: number }>();
      expect(body.totalCount).toBe(0);
    });

    it('rejects a bad sort, page size and an overlong search with 400', async () => {
      const sort = await t.request({ method: 'GET', url: '/payment-list?sort=cheapest' });
      expect(sort.statusCode).toBe(400);
      expect(sort.json().message).toBe('sort must be newest or oldest');
      const limit = await t.request({ method: 'GET', url: '/payment-list?limit=0' });
      expect(limit.statusCode).toBe(400);
      expect(limit.json().message).toBe('limit must be 1 or more');
      const search = await t.request({ method: 'GET', url: `/payment-list?search=${'a'.repeat(101)}` });
      expect(search.statusCode).toBe(400);
      expect(search.json().message).toBe('search must be at most 100 characters');
    });
  });

  describe('GET /api/admin/get-update-manual-status', () => {
    it('lists manual ute payments and manual job payments apart', async () => {
      for (const kind of ['ute', 'job'] as const) {
        const body = (await t.request({ method: 'GET', url: `/get-update-manual-status?kind=${kind}&limit=100` })).json<{
          data: PaymentDto[];
          totalCount: number;
        }>();
        expect(body.totalCount).toBe(await countWhere(t, kind === 'job' ? sql`not is_stripe and is_job` : sql`not is_stripe and not is_job`));
        expect(body.data.length).toBeGreaterThan(0);
        for (const payment of body.data) {
          expect(payment.isStripe).toBe(false);
          expect(payment.isJob).toBe(kind === 'job' ? 'true' : 'false');
        }
      }
    });

    it('sorts and searches manual payments too', async () => {
      const oldest = (await t.request({ method: 'GET', url: '/get-update-manual-status?kind=ute&sort=oldest' })).json<{ data: PaymentDto[] }>();
      const times = oldest.data.map((p) => Date.parse(p.createdAt));
      expect([...times].sort((a, b) => a - b)).toEqual(times);
      const name = oldest.data[0].paymentBy;
      const searched = (await t.request({ method: 'GET', url: `/get-update-manual-status?kind=ute&search=${encodeURIComponent(name)}` })).json<{
        data: PaymentDto[];
      }>();
      expect(searched.data.length).toBeGreaterThan(0);
      for (const payment of searched.data) expect(payment.paymentBy).toBe(name);
    });

    it('serves receipts only through a short-lived signed URL', async () => {
      const body = (await t.request({ method: 'GET', url: '/get-update-manual-status?kind=ute&limit=100' })).json<{ data: PaymentDto[] }>();
      const withReceipt = body.data.find((p) => p.paymentImage);
      expect(withReceipt).toBeDefined();
      const signed = withReceipt!.paymentImage!;
      expect(signed).toMatch(/^\/payment\/[A-Za-z0-9_-]+\.(png|jpe?g|gif|webp)\?expires=\d+&sig=[0-9a-f]+$/);
      const expires = Number(new URL(signed, 'http://x').searchParams.get('expires'));
      expect(expires - Date.now() / 1000).toBeLessThanOrEqual(300);

      const ok = await t.app.inject({ method: 'GET', url: signed });
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['content-type']).toMatch(/^image\//);

      const unsigned = await t.app.inject({ method: 'GET', url: signed.split('?')[0] });
      expect(unsigned.statusCode).toBe(403);
      const tampered = await t.app.inject({
        method: 'GET',
        url: signed.replace(/sig=[0-9a-f]/, (m) => (m.endsWith('0') ? `${m.slice(0, -1)}1` : `${m.slice(0, -1)}0`)),
      });
      expect(tampered.statusCode).toBe(403);
      const payment = body.data.find((p) => !p.paymentImage);
      if (payment) expect(payment.paymentImage).toBeNull();
    });

    it('rejects an unknown kind with 400', async () => {
      const response = await t.request({ method: 'GET', url: '/get-update-manual-status?kind=boat' });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('kind must be ute or job');
    });
  });

  describe('PUT /api/admin/update-manual-status/:id', () => {
    it('accepts a manual payment (inProgress) once, with one audit row', async () => {
      const payment = await createManualPayment(t);
      const response = await t.request({ method: 'PUT', url: `/update-manual-status/${payment.id}` });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: PAYOUT_MESSAGES.paymentAccepted });
      const [row] = await t.database.db.select().from(payments).where(eq(payments.id, payment.id));
      expect(row.status).toBe('inProgress');
      const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, payment.id));
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ action: 'payment.accept', targetType: 'payment', before: { status: 'pending' }, after: { status: 'inProgress' } });
    });

    it('answers 409 for a second accept', async () => {
      const payment = await createManualPayment(t);
      expect((await t.request({ method: 'PUT', url: `/update-manual-status/${payment.id}` })).statusCode).toBe(200);
      const again = await t.request({ method: 'PUT', url: `/update-manual-status/${payment.id}` });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: PAYOUT_MESSAGES.paymentAlreadyAccepted });
    });

    it('gives one success to 10 concurrent accepts', async () => {
      const payment = await createManualPayment(t, { isJob: true });
      const responses = await Promise.all(Array.from({ length: 10 }, () => t.request({ method: 'PUT', url: `/update-manual-status/${payment.id}` })));
      expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
      expect(responses.filter((r) => r.statusCode === 409)).toHaveLength(9);
      expect(await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, payment.id))).toHaveLength(1);
    });

    it('answers 409 for a Stripe payment', async () => {
      const payment = await createManualPayment(t, { isStripe: true, transactionId: 'pi_test' });
      const response = await t.request({ method: 'PUT', url: `/update-manual-status/${payment.id}` });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: PAYOUT_MESSAGES.onlyManualAccepted });
    });

    it('answers 404 for an unknown payment and 400 for a malformed id', async () => {
      const unknown = await t.request({ method: 'PUT', url: `/update-manual-status/${randomUUID()}` });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: 'Payment not found' });
      const bad = await t.request({ method: 'PUT', url: '/update-manual-status/abc' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('id must be a valid id');
    });
  });
});
