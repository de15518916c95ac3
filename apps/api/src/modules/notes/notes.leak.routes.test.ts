import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES, mentionTokenOf, PUBLIC_ROUTES, type NoteRecordType } from '@ute/contract';
import { eq } from 'drizzle-orm';
import { admins } from '../../db/tables/auth.table';
import { mailOutbox } from '../../db/tables/mail.table';
import { createCustomerQuery, createPayment, createShipment, createUser, createUte, createUteBooking } from '../../test/factories';
import { startSmtpCapture, type SmtpCapture } from '../../test/smtpCapture';
import { createTestApp, TEST_ADMIN, type TestApp } from '../../test/testApp';
import { createInvoicesService } from '../invoices/invoices.service';

const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';
const ATO_ABN = '51 824 753 556';

/**
 * Notes never reach a customer or an owner (docs/design.md §11): notes carrying a unique marker sit on
 * every record the mail flows below touch; then every mail sent (and every mail queued) and every public
 * call's answer is searched for the marker.
 */
describe('internal notes never leave the back-office', () => {
  let t: TestApp;
  let smtp: SmtpCapture;
  const marker = `NOTE-LEAK-${randomUUID()}`;
  const db = () => t.database.db;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp({ seeded: true, twoFactor: true, env: { SMTP_URL: smtp.url, LISTING_NOTICE_WINDOW_SECONDS: '1', JOB_POLL_SECONDS: '0.5' } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const addNote = async (type: NoteRecordType, id: string) => {
    const response = await t.request({
      method: 'POST',
      url: `/notes/${type}/${id}/add`,
      payload: { body: `${marker} (${type}) ${mentionTokenOf('Olive Owner')}` },
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  it('keeps the notes out of every mail of the query reply, quote price, listing notice, refund, payout remittance and password reset', async () => {
    await db().update(admins).set({ name: 'Olive Owner' }).where(eq(admins.email, TEST_ADMIN.email));
    const [owner] = await db().select({ id: admins.id }).from(admins).where(eq(admins.email, TEST_ADMIN.email));
    await addNote('admin', owner.id);

    // A customer's query, answered.
    const customer = await createUser(db(), { firstName: 'Cara', email: 'cara.customer@example.com' });
    await addNote('user', customer.id);
    const query = await createCustomerQuery(db(), { email: 'cara.customer@example.com' });
    await addNote('query', query.id);
    expect((await t.request({ method: 'PATCH', url: '/reply-query', payload: { queryId: query.id, reply: 'Yes, Saturday works.' } })).statusCode).toBe(200);

    // A quote, priced.
    const quote = await createShipment(db());
    await addNote('quote', quote.id);
    const priced = await t.request({ method: 'POST', url: `/send-quote-price-email/${quote.id}`, payload: { price: '250' } });
    expect(priced.statusCode, priced.body).toBe(200);

    // A ute listing, approved (the lister's notice).
    const lister = await createUser(db(), { firstName: 'Lola', email: 'lola.lister@example.com' });
    await addNote('user', lister.id);
    const ute = await createUte(db(), { ownerId: lister.id, status: 'Pending' });
    await addNote('ute', ute.id);
    const approved = await t.request({ method: 'POST', url: '/utes/bulk', payload: { action: 'approve', ids: [ute.id] } });
    expect(approved.statusCode, approved.body).toBe(200);

    // A payment, refunded (the customer's refund mail).
    const payment = await createPayment(db(), {
      isStripe: true,
      status: 'succeeded',
      amountCents: 5_000,
      transactionId: 'pi_note_leak',
      payerId: customer.id,
      paymentBy: 'Cara Customer',
    });
    await addNote('payment', payment.id);
    const refunded = await t.request({
      method: 'POST',
      url: `/payments/${payment.id}/refunds`,
      payload: { amountCents: 1_000, reason: 'duplicate', requestKey: randomUUID() },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);

    // An owner, paid by bank (the payout remittance with its tax invoice).
    expect(
      (await t.request({ method: 'PUT', url: '/update-business-details', payload: { legalName: 'Ute Hire Pty Ltd', abn: ATO_ABN, address: '1 George St' } }))
        .statusCode,
    ).toBe(200);
    const payee = await createUser(db(), { firstName: 'Rita', email: 'rita.remit@example.com' });
    await addNote('user', payee.id);
    const booking = await createUteBooking(db(), { ownerId: payee.id, amount: 200 });
    await addNote('uteBooking', booking.id);
    const paid = await t.request({ method: 'PUT', url: `/transfer-manual-payment/${booking.id}`, payload: { kind: 'ute' } });
    expect(paid.statusCode, paid.body).toBe(200);
    await createInvoicesService({ db: db(), mailer: t.app.ctx.mailer, log: t.app.ctx.log }).sendPayoutRemittances();

    // A password reset code (a public call that mails).
    expect((await t.request({ method: 'POST', url: '/forgot-password-otp', payload: { email: TEST_ADMIN.email }, token: null })).statusCode).toBe(200);

    const expected: [string, (subject: string) => boolean][] = [
      ['cara.customer@example.com', (subject) => subject === 'Re: your enquiry'],
      ['cara.customer@example.com', (subject) => /refund/i.test(subject)],
      ['lola.lister@example.com', (subject) => subject.includes('approved')],
      ['rita.remit@example.com', (subject) => subject.startsWith('Payout remittance')],
      [TEST_ADMIN.email, () => true],
    ];
    for (const [to, isSubject] of expected)
      await smtp
        .waitForMail((mail) => mail.to.includes(to) && isSubject(mail.subject), 15_000)
        .catch((error: unknown) => {
          throw new Error(`${to}: ${String(error)} ${JSON.stringify(smtp.mails.map((m) => [m.to, m.subject]))}`);
        });
    await smtp.waitForMail((mail) => mail.subject.includes(quote.shipmentId), 15_000);

    expect(smtp.mails.length).toBeGreaterThanOrEqual(6);
    for (const mail of smtp.mails) {
      expect(mail.raw, `${mail.subject} to ${mail.to.join(', ')}`).not.toContain(marker);
      expect(mail.text).not.toContain(marker);
      for (const attachment of mail.attachments) expect(attachment.content.toString('latin1')).not.toContain(marker);
    }
    const queued = await db().select({ subject: mailOutbox.subject, body: mailOutbox.body }).from(mailOutbox);
    expect(queued.filter((mail) => `${mail.subject}\n${mail.body}`.includes(marker))).toEqual([]);
  });

  it("keeps the notes out of every public call (the route table's public rows)", async () => {
    expect(PUBLIC_ROUTES.length).toBeGreaterThan(0);
    const samplePayloads: Record<string, unknown> = {
      signIn: TEST_ADMIN,
      forgotPassword: { email: TEST_ADMIN.email },
      validOtp: { otp: '123456' },
      resetPassword: { email: TEST_ADMIN.email, otp: '123456', password: 'another-pass-1', confirmPassword: 'another-pass-1' },
      signInTwoFactor: { challenge: 'x', code: '123456' },
      acceptInvitation: { token: 'x', password: 'another-pass-1', name: 'Ivy Invitee' },
    };
    for (const name of PUBLIC_ROUTES) {
      const row = API_ROUTES[name];
      const url = row.path.replace(/:(\w+)/g, (_all, param: string) => (param === 'email' ? TEST_ADMIN.email : SAMPLE_ID));
      const response = await t.request({ method: row.method, url, token: null, payload: row.method === 'GET' ? undefined : (samplePayloads[name] ?? {}) });
      expect(response.statusCode, `${name}: ${response.body}`).toBeLessThan(500);
      expect(response.body, name).not.toContain(marker);
    }
    const health = await t.request({ method: 'GET', url: '/api/health', token: null });
    expect(health.body).not.toContain(marker);
  });
});
