import { and, eq, isNull } from 'drizzle-orm';
import type { Shipment } from '@ute/contract';
import { COUNTERS } from '../../db/counters';
import type { DbOrTx } from '../../db/database';
import { columnsWithVersion } from '../../db/rowVersion';
import { listPage, type ListOrder } from '../../db/paging';
import { isWorkItemListed, workItemCondition, type WorkItemListFilter } from '../../db/workItems';
import { oldestFirstOrder, workItemJoin } from '../assignments/workItemLists';
import { shipments } from '../../db/tables/quotes.table';

/** A shipment as every read and write answers it: with its version (db/rowVersion.ts, docs/design.md §14). */
export type ShipmentRow = typeof shipments.$inferSelect & { version: string };

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function toShipmentDto(row: ShipmentRow): Shipment {
  return {
    _id: row.id,
    shipmentId: row.shipmentId,
    email: row.email,
    quoteStatus: row.quoteStatus,
    status: row.status,
    vehicleType: row.vehicleType,
    orderDate: iso(row.orderDate),
    pickUpDateAndTime: iso(row.pickUpDateAndTime),
    collectionAddress: row.collectionAddress,
    deliveryAddress: row.deliveryAddress,
    notes: row.notes,
    price: row.price === null ? null : Number(row.price),
    contactDetail: row.contactDetail,
    createdAt: row.createdAt.toISOString(),
    version: row.version,
  };
}

/** The list's rows and order, without its page: what a page reads and what the export reads. */
export function shipmentListSource(options: { isAwaitingPrice?: boolean; workItems?: WorkItemListFilter }) {
  const where = options.isAwaitingPrice ? and(isNull(shipments.deletedAt), eq(shipments.status, 'requested')) : isNull(shipments.deletedAt);
  return {
    table: shipments,
    // The queue's holder filter (docs/design.md §15).
    where: isWorkItemListed(options.workItems) ? and(where, workItemCondition('quotesAwaitingPrice', shipments.id, options.workItems)) : where,
    order: options.workItems?.waitSort
      ? oldestFirstOrder('quotesAwaitingPrice', shipments.id)
      : ({ columns: [shipments.createdAt, shipments.id], index: 'desc' } satisfies ListOrder),
  };
}

/**
 * One page of quotes that are neither deleted nor rejected (rejecting also sets deleted_at), newest
 * first. The order spells `nulls last` to match shipments_list_idx exactly; a plain `desc` means
 * `nulls first` and makes PostgreSQL sort the whole table instead (1M rows: 370 ms vs 0.1 ms).
 */
export async function listShipments(db: DbOrTx, options: { page: number; limit: number; isAwaitingPrice?: boolean; workItems?: WorkItemListFilter }) {
  // No counter keeps all quotes: that total is a COUNT(*), then the page is read from the nearer end.
  // Those waiting for a price (shipments_awaiting_price_idx's predicate) have their counter.
  return listPage(db, {
    ...shipmentListSource(options),
    // Each row's place in the quotesAwaitingPrice queue, in the page's own statement (workItemJoin).
    joins: { workItem: workItemJoin('quotesAwaitingPrice', shipments.id) },
    counter: options.isAwaitingPrice && !isWorkItemListed(options.workItems) ? COUNTERS.shipmentsAwaitingPrice : null,
    page: options.page,
    limit: options.limit,
  });
}

/** A shipment by id, deleted or not (callers decide what a deleted or rejected row means). */
export async function findShipmentById(db: DbOrTx, id: string, options: { forUpdate?: boolean } = {}): Promise<ShipmentRow | undefined> {
  const query = db.select(columnsWithVersion(shipments)).from(shipments).where(eq(shipments.id, id));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function updateShipment(
  db: DbOrTx,
  id: string,
  values: Partial<Pick<ShipmentRow, 'status' | 'notes' | 'pickUpDateAndTime' | 'price' | 'deletedAt'>>,
): Promise<ShipmentRow> {
  const [row] = await db.update(shipments).set(values).where(eq(shipments.id, id)).returning(columnsWithVersion(shipments));
  return row;
}
