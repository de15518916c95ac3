import { sql } from 'drizzle-orm';
import { index, jsonb, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export interface ContactDetailEntry {
  collectionInfo?: { email?: string; collectionAddress?: string; name?: string; phone?: string };
  deliveryInfo?: { deliveryAddress?: string; name?: string; phone?: string };
}

/** A quote request; once accepted it is followed as a shipment. */
export const shipments = pgTable(
  'shipments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shipmentId: text('shipment_id').notNull().unique(),
    email: text('email'),
    /** 'half' rows carry email and addresses on the row itself; others in contactDetail. */
    quoteStatus: text('quote_status').notNull().default('full'),
    status: text('status').notNull().default('requested'),
    vehicleType: text('vehicle_type'),
    orderDate: timestamp('order_date', { withTimezone: true }),
    pickUpDateAndTime: timestamp('pick_up_date_and_time', { withTimezone: true }),
    collectionAddress: text('collection_address'),
    deliveryAddress: text('delivery_address'),
    notes: text('notes'),
    price: numeric('price', { precision: 12, scale: 2, mode: 'number' }),
    contactDetail: jsonb('contact_detail')
      .$type<ContactDetailEntry[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('shipments_list_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null`),
    // The quotesAwaitingPrice work queue's list.
    index('shipments_awaiting_price_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.deletedAt} is null and ${t.status} = 'requested'`),
  ],
);
