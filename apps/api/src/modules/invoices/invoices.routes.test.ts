import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { businessDetailsResponseSchema, INVOICE_MESSAGES } from '@ute/contract';
import { auditLog } from '../../db/tables/audit.table';
import { payoutRemittances, taxInvoices } from '../../db/tables/invoices.table';
import { createJobBooking, createUser, createUteBooking } from '../../test/factories';
import { startSmtpCapture, type SmtpCapture } from '../../test/smtpCapture';
import { createTestApp, signInAs, type TestApp } from '../../test/testApp';
import { createInvoicesService } from './invoices.service';

/** The ATO's own ABN, its published example of a valid ABN. */
const ATO_ABN = '51 824 753 556';
const DETAILS = { legalName: 'Ute Hire Marketplace Pty Ltd', abn: ATO_ABN, address: '1 George Street, Sydney NSW 2000' };

async function pdfText(pdf: Buffer | Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return text;
}

describe('tax invoices api', () => {
  let t: TestApp;
  let smtp: SmtpCapture;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp({ seeded: true, twoFactor: true, env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const invoices = () => createInvoicesService({ db: t.database.db, mailer: t.app.ctx.mailer, log: t.app.ctx.log });
  const setFee = async (bookingKind: 'ute' | 'job', percentBps: number, fixedCents: number) => {
    const response = await t.request({ method: 'PUT', url: '/update-platform-fee', payload: { bookingKind, percentBps, fixedCents } });
    expect(response.statusCode, response.body).toBe(200);
  };
  const download = (kind: string, id: string, token?: string) => t.request({ method: 'GET', url: `/tax-invoices/${kind}/${id}`, token });

  it('refuses an invoice until the business details are set (409), then the owner sets them with step-up and an audit entry', async () => {
    await setFee('ute', 1_000, 50);
    const owner = await createUser(t.database.db);
    const booking = await createUteBooking(t.database.db, { ownerId: owner.id, amount: 123.45 });
    const before = await download('ute', booking.id);
    expect(before.statusCode).toBe(409);
    expect(before.json().message).toBe(INVOICE_MESSAGES.noBusinessDetails);

    expect(businessDetailsResponseSchema.parse((await t.request({ method: 'GET', url: '/business-details' })).json())).toEqual({ data: null });
    const saved = await t.request({ method: 'PUT', url: '/update-business-details', payload: DETAILS });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      message: INVOICE_MESSAGES.businessDetailsUpdated,
      data: { legalName: DETAILS.legalName, abn: '51824753556', address: DETAILS.address, updatedBy: 'admin@test.local' },
    });
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'business-details.update'));
    expect(audit).toMatchObject({ targetType: 'business_details', before: null, after: { legalName: DETAILS.legalName, abn: '51824753556' } });
  });

  it('refuses saving details loaded before another owner saved theirs, naming them (If-Match)', async () => {
    const loaded = businessDetailsResponseSchema.parse((await t.request({ method: 'GET', url: '/business-details' })).json()).data!;
    expect(loaded.version).toMatch(/^\d+$/);
    const otherOwner = await signInAs(t, ['owner'], { twoFactor: true });
    const theirs = await t.request({
      method: 'PUT',
      url: '/update-business-details',
      token: otherOwner.token,
      payload: { ...DETAILS, address: '1 Other St, Sydney NSW 2000' },
      headers: { 'if-match': loaded.version },
    });
    expect(theirs.statusCode, theirs.body).toBe(200);
    const stale = await t.request({ method: 'PUT', url: '/update-business-details', payload: DETAILS, headers: { 'if-match': loaded.version } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/^Changed by .+ at .+, after you opened it\. Reload to see the change\.$/);
    const current = businessDetailsResponseSchema.parse((await t.request({ method: 'GET', url: '/business-details' })).json()).data!;
    expect(current.address).toBe('1 Other St, Sydney NSW 2000');
    expect((await t.request({ method: 'PUT', url: '/update-business-details', payload: DETAILS, headers: { 'if-match': current.version } })).statusCode).toBe(
      200,
    );
  });

  it('rejects a wrong ABN, an empty name, a long address and unknown fields with 400 and a clear message', async () => {
    const cases: [unknown, string][] = [
      [{ ...DETAILS, abn: '51 824 753 557' }, INVOICE_MESSAGES.abnInvalid],
      [{ ...DETAILS, abn: '5182475355' }, INVOICE_MESSAGES.abnInvalid],
      [{ ...DETAILS, legalName: '  ' }, INVOICE_MESSAGES.legalNameInvalid],
      [{ ...DETAILS, address: 'x'.repeat(301) }, INVOICE_MESSAGES.addressInvalid],
      [{ ...DETAILS, extra: true }, 'extra'],
    ];
    for (const [payload, message] of cases) {
      const response = await t.request({ method: 'PUT', url: '/update-business-details', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.body).toContain(message);
    }
  });

  it('lets finance read the details and download invoices but not change the details; refuses other roles; asks a password-only owner for 2FA', async () => {
    const finance = await signInAs(t, ['finance'], { twoFactor: true });
    expect((await t.request({ method: 'GET', url: '/business-details', token: finance.token })).statusCode).toBe(200);
    expect((await t.request({ method: 'PUT', url: '/update-business-details', token: finance.token, payload: DETAILS })).statusCode).toBe(403);
    const moderator = await signInAs(t, ['moderator']);
    expect((await t.request({ method: 'GET', url: '/business-details', token: moderator.token })).statusCode).toBe(403);
    const owner = await createUser(t.database.db);
    const booking = await createUteBooking(t.database.db, { ownerId: owner.id, amount: 50 });
    expect((await download('ute', booking.id, moderator.token)).statusCode).toBe(403);
    expect((await download('ute', booking.id, finance.token)).statusCode).toBe(200);
    const passwordOnlyOwner = await signInAs(t, ['owner']);
    const change = await t.request({ method: 'PUT', url: '/update-business-details', token: passwordOnlyOwner.token, payload: DETAILS });
    expect(change.statusCode).toBe(403);
    expect(change.json()).toMatchObject({ reason: 'TWO_FACTOR_REQUIRED' });
  });

  it("prints every field a tax invoice needs: the issuer's name and ABN, the number, the date, the owner, the fee, its GST and the total", async () => {
    const owner = await createUser(t.database.db, { firstName: 'Olive', lastName: 'Owner', email: 'olive.owner@example.com' });
    const booking = await createUteBooking(t.database.db, { ownerId: owner.id, amount: 123.45 });
    const response = await download('ute', booking.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const [invoice] = await t.database.db.select().from(taxInvoices).where(eq(taxInvoices.bookingId, booking.id));
    const number = `INV-${String(invoice.number).padStart(6, '0')}`;
    expect(response.headers['content-disposition']).toBe(`attachment; filename="tax-invoice-${number}.pdf"`);
    const text = await pdfText(response.rawPayload);
    const issued = new Intl.DateTimeFormat('en-AU', { timeZone: 'Australia/Sydney', day: 'numeric', month: 'long', year: 'numeric' }).format(invoice.issuedAt);
    // 10% + $0.50 of $123.45: fee $12.85 (12.345 rounds half up to 12.35, plus 0.50), GST 1/11 of it $1.17, $11.68 without GST.
    for (const field of [
      'Tax invoice',
      DETAILS.legalName,
      `ABN ${ATO_ABN}`,
      DETAILS.address,
      `Invoice number: ${number}`,
      `Date of issue: ${issued}`,
      'Olive Owner',
      'olive.owner@example.com',
      `Platform fee for ute booking ${booking.uteBookingId} (booking amount A$123.45)`,
      'A$11.68',
      'GST (1/11 of the total)',
      'A$1.17',
      'Total (including GST)',
      'A$12.85',
    ]) {
      expect(text, field).toContain(field);
    }
    expect(invoice).toMatchObject({ grossCents: 12_345, feeCents: 1_285, gstCents: 117, ownerName: 'Olive Owner', issuerAbn: '51824753556' });

    // The second download is the same invoice, not a new number.
    const again = await download('ute', booking.id);
    expect(again.statusCode).toBe(200);
    expect(await t.database.db.select().from(taxInvoices).where(eq(taxInvoices.bookingId, booking.id))).toHaveLength(1);
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, invoice.id));
    expect(audits.map((entry) => entry.action)).toEqual(['tax-invoice.issue']);
  });

  it('numbers invoices without gaps or doubles when many are issued at once, and the database refuses a skipped number, an edit or a removal', async () => {
    const owner = await createUser(t.database.db);
    const bookings = await Promise.all(Array.from({ length: 6 }, () => createUteBooking(t.database.db, { ownerId: owner.id, amount: 80 })));
    const responses = await Promise.all([...bookings, ...bookings].map((booking) => download('ute', booking.id)));
    expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 200));
    const numbers = (await t.database.db.select({ number: taxInvoices.number }).from(taxInvoices).orderBy(taxInvoices.number)).map((row) => row.number);
    expect(numbers).toEqual(numbers.map((_, index) => index + 1));
    expect(
      await t.database.db
        .select()
        .from(taxInvoices)
        .where(
          sql`${taxInvoices.bookingId} in (${sql.join(
            bookings.map((booking) => sql`${booking.id}`),
            sql`, `,
          )})`,
        ),
    ).toHaveLength(6);

    const last = numbers.at(-1) ?? 0;
    const skip = t.database.db.execute(
      sql`insert into tax_invoices (number, booking_kind, booking_id, booking_reference, owner_id, owner_name, owner_email, issuer_legal_name, issuer_abn, gross_cents, fee_cents, gst_cents)
          values (${last + 2}, 'ute', ${randomUUID()}, 'UB-X', ${owner.id}, 'x', 'x@example.com', 'x', '51824753556', 100, 10, 1)`,
    );
    await expect(skip).rejects.toMatchObject({ cause: { message: expect.stringMatching(/not the next number/) } });
    await expect(t.database.db.execute(sql`update tax_invoices set fee_cents = 1`)).rejects.toMatchObject({
      cause: { message: expect.stringMatching(/append-only/) },
    });
    await expect(t.database.db.execute(sql`delete from tax_invoices`)).rejects.toMatchObject({ cause: { message: expect.stringMatching(/append-only/) } });
  });

  it('answers 409 for a booking with no fee or not delivered, 404 for an unknown booking or the wrong kind, 400 for a bad kind or id', async () => {
    const owner = await createUser(t.database.db);
    await setFee('job', 0, 0);
    const noFee = await createJobBooking(t.database.db, { ownerId: owner.id, amount: 40 });
    const response = await download('job', noFee.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(INVOICE_MESSAGES.noFee);
    const pending = await createUteBooking(t.database.db, { ownerId: owner.id, status: 'pending' });
    const notDelivered = await download('ute', pending.id);
    expect(notDelivered.statusCode).toBe(409);
    expect(notDelivered.json().message).toBe(INVOICE_MESSAGES.notPayable);
    expect((await download('ute', randomUUID())).statusCode).toBe(404);
    expect((await download('job', pending.id)).statusCode).toBe(404);
    expect((await download('van', pending.id)).statusCode).toBe(400);
    expect((await download('ute', 'not-an-id')).statusCode).toBe(400);
  });

  it("mails the owner one remittance per payout, with the booking's invoice attached, however many runs race", async () => {
    const owner = await createUser(t.database.db, { firstName: 'Rita', lastName: 'Remit', email: 'rita.remit@example.com' });
    const booking = await createUteBooking(t.database.db, { ownerId: owner.id, amount: 200 });
    const paid = await t.request({ method: 'PUT', url: `/transfer-manual-payment/${booking.id}`, payload: { kind: 'ute' } });
    expect(paid.statusCode, paid.body).toBe(200);

    const sent = await Promise.all([invoices().sendPayoutRemittances(), invoices().sendPayoutRemittances(), invoices().sendPayoutRemittances()]);
    expect(sent.reduce((sum, count) => sum + count, 0)).toBe(1);
    const mail = await smtp.waitForMail((candidate) => candidate.to.includes('rita.remit@example.com'));
    // $200 at 10% + $0.50: fee $20.50, GST $1.86, paid $179.50.
    expect(mail.subject).toBe(`Payout remittance: A$179.50 for booking ${booking.uteBookingId}`);
    expect(mail.text).toContain('We have paid you A$179.50');
    expect(mail.text).toContain('Platform fee (including GST): A$20.50');
    expect(mail.text).toContain('GST in the fee: A$1.86');
    const [invoice] = await t.database.db.select().from(taxInvoices).where(eq(taxInvoices.bookingId, booking.id));
    const number = `INV-${String(invoice.number).padStart(6, '0')}`;
    expect(mail.text).toContain(`The tax invoice ${number} for the platform fee is attached.`);
    expect(mail.attachments.map((attachment) => [attachment.filename, attachment.contentType])).toEqual([[`tax-invoice-${number}.pdf`, 'application/pdf']]);
    const text = await pdfText(mail.attachments[0].content);
    expect(text).toContain(`Invoice number: ${number}`);
    expect(text).toContain('Rita Remit');

    expect(await invoices().sendPayoutRemittances()).toBe(0);
    expect(smtp.mails.filter((candidate) => candidate.to.includes('rita.remit@example.com'))).toHaveLength(1);
    const [remittance] = await t.database.db.select().from(payoutRemittances).where(eq(payoutRemittances.taxInvoiceId, invoice.id));
    expect(remittance.mailId).not.toBeNull();
  });

  it('mails a remittance with no attachment for a booking that paid no fee', async () => {
    const owner = await createUser(t.database.db, { email: 'nofee.owner@example.com' });
    const booking = await createJobBooking(t.database.db, { ownerId: owner.id, amount: 40 });
    expect((await t.request({ method: 'PUT', url: `/transfer-manual-payment/${booking.id}`, payload: { kind: 'job' } })).statusCode).toBe(200);
    expect(await invoices().sendPayoutRemittances()).toBe(1);
    const mail = await smtp.waitForMail((candidate) => candidate.to.includes('nofee.owner@example.com'));
    expect(mail.subject).toBe(`Payout remittance: A$40.00 for booking ${booking.jobBookingId}`);
    expect(mail.attachments).toEqual([]);
    expect(mail.text).not.toContain('tax invoice');
  });
});
