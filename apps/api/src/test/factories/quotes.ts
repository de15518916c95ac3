import type { Db } from '../../db/database';
import { shipments, type ContactDetailEntry } from '../../db/tables/quotes.table';
import { nextSequence, uniqueReference } from './sequence';

export type ShipmentRow = typeof shipments.$inferSelect;
export type ShipmentValues = Partial<typeof shipments.$inferInsert> & {
  /** half: email and addresses on the row (the default); full: them in contactDetail. */
  kind?: 'half' | 'full';
};

/**
 * The values of one requested quote. A half row carries `half<n>@example.com` and the Half St
 * addresses; a full row a collection contact `collect<n>@example.com` (1 Pick St, Perth) and a
 * delivery contact (2 Drop Rd, Sydney).
 */
export function buildShipment(values: ShipmentValues = {}): typeof shipments.$inferInsert {
  const n = nextSequence();
  const { kind = 'half', ...overrides } = values;
  const contactDetail: ContactDetailEntry[] =
    kind === 'full'
      ? [
          { collectionInfo: { email: `collect${n}@example.com`, collectionAddress: '1 Pick St, Perth WA 6000', name: 'Cara Collect', phone: '0400 000 001' } },
          { deliveryInfo: { deliveryAddress: '2 Drop Rd, Sydney NSW 2000', name: 'Dan Deliver', phone: '0400 000 002' } },
        ]
      : [];
  return {
    shipmentId: uniqueReference('SHP'),
    quoteStatus: kind,
    email: kind === 'half' ? `half${n}@example.com` : null,
    collectionAddress: kind === 'half' ? '10 Half St, Brisbane QLD 4000' : null,
    deliveryAddress: kind === 'half' ? '20 Half Rd, Cairns QLD 4870' : null,
    vehicleType: 'Tray back ute',
    orderDate: new Date('2025-01-02T03:04:00Z'),
    pickUpDateAndTime: new Date('2025-02-03T04:05:00Z'),
    contactDetail,
    ...overrides,
  };
}

export async function createShipment(db: Db, values: ShipmentValues = {}): Promise<ShipmentRow> {
  const [row] = await db.insert(shipments).values(buildShipment(values)).returning();
  return row;
}
