import { sql } from 'drizzle-orm';
import { index, integer, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.table';

export const utes = pgTable(
  'utes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The public reference shown as UTE ID. */
    uteId: text('ute_id').notNull().unique(),
    ownerId: uuid('owner_id').references(() => users.id),
    fullName: text('full_name'),
    description: text('description'),
    licenceNumber: text('licence_number'),
    licenceExpireMonth: integer('licence_expire_month'),
    licenceExpireYear: integer('licence_expire_year'),
    serviceCities: text('service_cities')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    state: text('state'),
    location: text('location'),
    uteModel: text('ute_model'),
    chassisNumber: text('chassis_number'),
    availability: text('availability')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    budget: numeric('budget', { precision: 12, scale: 2, mode: 'number' }),
    images: text('images')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    licenceImage: text('licence_image'),
    status: text('status').notNull().default('Pending'),
    /** Why it was last rejected (REJECTION_REASONS) and the admin's note; cleared on approval. */
    rejectionReason: text('rejection_reason'),
    rejectionNote: text('rejection_note'),
    // decided_at (when it was last approved or rejected, null while pending), its trigger and the index
    // utes_decided_idx are migration 0024's, kept out of this file so code built on this schema still seeds a
    // database migrated to an older one (ledger.test.ts's backfill); Analytics reads them in SQL.
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('utes_list_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null`),
    // The pendingUtes work queue's list (status as toListingStatus reads it).
    index('utes_pending_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null and ${t.status} not in ('Approved', 'Rejected')`),
    index('utes_name_trgm_idx').using('gin', t.fullName.op('gin_trgm_ops')),
    index('utes_model_trgm_idx').using('gin', t.uteModel.op('gin_trgm_ops')),
    // A user's rows, newest first: the user page's section and its "see all" list (migration 0010).
    index('utes_owner_idx')
      .on(t.ownerId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null`),
  ],
);
