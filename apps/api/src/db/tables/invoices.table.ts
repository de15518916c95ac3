import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { admins } from './auth.table';
import { payouts } from './payouts.table';

/**
 * The platform's business details (one row, migration 0023): the legal name and ABN every tax
 * invoice names as its issuer. Set by an owner on Settings.
 */
export const platformBusinessDetails = pgTable(
  'platform_business_details',
  {
    id: smallint('id').primaryKey().default(1),
    legalName: text('legal_name').notNull(),
    /** Eleven digits, no spaces (shown `51 824 753 556`). */
    abn: text('abn').notNull(),
    address: text('address'),
    adminId: uuid('admin_id').references(() => admins.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('platform_business_details_one_row', sql`${t.id} = 1`), check('platform_business_details_abn_digits', sql`${t.abn} ~ '^[0-9]{11}$'`)],
);

/** The last tax invoice number given (one row): taken in the invoice's own transaction, so numbers have no gaps. */
export const taxInvoiceCounter = pgTable(
  'tax_invoice_counter',
  {
    id: smallint('id').primaryKey().default(1),
    lastNumber: bigint('last_number', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('tax_invoice_counter_one_row', sql`${t.id} = 1`)],
);

/**
 * A tax invoice for the platform's fee on one booking, to its owner. Everything it prints is kept
 * here as issued (the issuer's and the owner's details may change later); a trigger checks each
 * takes the next number, and update/delete are refused.
 */
export const taxInvoices = pgTable(
  'tax_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: bigint('number', { mode: 'number' }).notNull(),
    bookingKind: text('booking_kind').notNull(),
    bookingId: uuid('booking_id').notNull(),
    /** UB-… or the job booking's reference, as the owner knows it. */
    bookingReference: text('booking_reference').notNull(),
    ownerId: uuid('owner_id').notNull(),
    ownerName: text('owner_name').notNull(),
    ownerEmail: text('owner_email').notNull(),
    issuerLegalName: text('issuer_legal_name').notNull(),
    issuerAbn: text('issuer_abn').notNull(),
    issuerAddress: text('issuer_address'),
    grossCents: bigint('gross_cents', { mode: 'number' }).notNull(),
    /** The fee, GST inclusive. */
    feeCents: bigint('fee_cents', { mode: 'number' }).notNull(),
    gstCents: bigint('gst_cents', { mode: 'number' }).notNull(),
    adminId: uuid('admin_id').references(() => admins.id),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('tax_invoices_fee_positive', sql`${t.feeCents} > 0 and ${t.gstCents} >= 0 and ${t.gstCents} <= ${t.feeCents}`),
    uniqueIndex('tax_invoices_number_idx').on(t.number),
    uniqueIndex('tax_invoices_booking_idx').on(t.bookingKind, t.bookingId),
    index('tax_invoices_owner_idx').on(t.ownerId, t.issuedAt),
  ],
);

/** A succeeded payout whose owner has been sent their remittance (with the booking's tax invoice): once per payout. */
export const payoutRemittances = pgTable('payout_remittances', {
  payoutId: uuid('payout_id')
    .primaryKey()
    .references(() => payouts.id),
  taxInvoiceId: uuid('tax_invoice_id').references(() => taxInvoices.id),
  /** The outbox mail; null for payouts that succeeded before remittances existed. */
  mailId: uuid('mail_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
