import {
  OPEN_QUOTE_STATUSES,
  quoteMessages,
  totalPagesOf,
  type QuoteExportQuery,
  type QuoteListQuery,
  type QuoteListResponse,
  type SendPriceBody,
  type Shipment,
  type ShipmentUpdateBody,
} from '@ute/contract';
import type { Db, Tx } from '../../db/database';
import { readListBatches } from '../../db/keyset';
import { csvChunks, dollars, type CsvColumn } from '../../lib/csv';
import { AppError, conflict, notFound } from '../../lib/errors';
import { assertUnchanged, writeAudit, type Actor } from '../../platform/audit/auditLog';
import type { Mailer } from '../../platform/mail/mailer';
import { quotePriceMail } from '../../platform/mail/templates/quotePriceMail';
import { joinedWorkItemSummaries, workItemListFilterOf } from '../assignments/workItemLists';
import * as repo from './quotes.repository';

const FINAL_SHIPMENT_STATUSES: readonly string[] = ['delivered', 'cancelled'];
const isOpen = (status: string) => (OPEN_QUOTE_STATUSES as readonly string[]).includes(status);

/** Where the price goes: the row's email for 'half' quotes, else the collection contact's; the body's only as a fallback. */
export function recipientOf(row: repo.ShipmentRow, fallback?: string): string | null {
  const fromRow = row.quoteStatus === 'half' ? row.email : row.contactDetail.find((entry) => entry.collectionInfo?.email)?.collectionInfo?.email;
  const candidate = fromRow?.trim() || row.email?.trim() || fallback?.trim();
  return candidate ? candidate : null;
}

function addressesOf(row: repo.ShipmentRow): { from: string | null; to: string | null } {
  if (row.quoteStatus === 'half') return { from: row.collectionAddress, to: row.deliveryAddress };
  return {
    from: row.contactDetail.find((entry) => entry.collectionInfo?.collectionAddress)?.collectionInfo?.collectionAddress ?? row.collectionAddress,
    to: row.contactDetail.find((entry) => entry.deliveryInfo?.deliveryAddress)?.deliveryInfo?.deliveryAddress ?? row.deliveryAddress,
  };
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** The quotes export's columns; the price is in dollars. */
export const QUOTE_CSV: readonly CsvColumn<repo.ShipmentRow>[] = [
  { header: 'id', value: (row) => row.id },
  { header: 'shipment_id', value: (row) => row.shipmentId },
  { header: 'status', value: (row) => row.status },
  { header: 'quote_status', value: (row) => row.quoteStatus },
  { header: 'email', value: (row) => recipientOf(row) },
  { header: 'vehicle_type', value: (row) => row.vehicleType },
  { header: 'collection_address', value: (row) => addressesOf(row).from },
  { header: 'delivery_address', value: (row) => addressesOf(row).to },
  { header: 'order_date', value: (row) => iso(row.orderDate) },
  { header: 'pick_up_date_and_time', value: (row) => iso(row.pickUpDateAndTime) },
  { header: 'price_dollars', value: (row) => dollars(row.price) },
  { header: 'notes', value: (row) => row.notes },
  { header: 'created_at', value: (row) => row.createdAt.toISOString() },
];

/** The price mail of a quote (platform/mail/templates/quotePriceMail.ts), from its row. */
function priceMailOf(row: repo.ShipmentRow, price: number, to: string) {
  const { from, to: destination } = addressesOf(row);
  return quotePriceMail({ to, shipmentId: row.shipmentId, vehicleType: row.vehicleType, from, destination, price });
}

export interface QuotesServiceDeps {
  db: Db;
  mailer: Mailer;
}

export function createQuotesService({ db, mailer }: QuotesServiceDeps) {
  /** A row that is not deleted; a rejected quote answers 409 with the reason, a deleted one 404. */
  async function lockQuote(tx: Tx, id: string, actor: Actor): Promise<repo.ShipmentRow> {
    const row = await repo.findShipmentById(tx, id, { forUpdate: true });
    if (!row || (row.deletedAt && row.status !== 'rejected')) throw notFound('Quote');
    await assertUnchanged(tx, actor, { version: row.version, id, targetType: 'shipment' });
    if (row.status === 'rejected') throw conflict(quoteMessages.alreadyRejected);
    return row;
  }

  async function lockShipment(tx: Tx, id: string, actor: Actor): Promise<repo.ShipmentRow> {
    const row = await repo.findShipmentById(tx, id, { forUpdate: true });
    if (!row || row.deletedAt) throw notFound('Shipment');
    await assertUnchanged(tx, actor, { version: row.version, id, targetType: 'shipment' });
    return row;
  }

  function requireOpen(row: repo.ShipmentRow): void {
    if (isOpen(row.status)) return;
    throw conflict(row.status === 'accepted' ? quoteMessages.alreadyAccepted : quoteMessages.notOpen);
  }

  async function list(query: QuoteListQuery, adminId?: string): Promise<QuoteListResponse> {
    const { rows, totalCount } = await repo.listShipments(db, {
      page: query.page,
      limit: query.limit,
      isAwaitingPrice: query.awaitingPrice === 'true',
      workItems: workItemListFilterOf(query, adminId),
    });
    const items = joinedWorkItemSummaries('quotesAwaitingPrice', rows);
    return {
      data: rows.map((row) => ({ ...repo.toShipmentDto(row), workItem: items.get(row.id) ?? null })),
      paginationData: { page: query.page, totalPages: totalPagesOf(totalCount, query.limit) },
      totalCounts: totalCount,
    };
  }

  /** GET all-shipments/export: every quote of the list under this query, as CSV, read in batches. */
  function exportQuotes(query: QuoteExportQuery, adminId?: string): AsyncGenerator<string> {
    // The holder filter, in the list's own order (`waitSort` orders the page only).
    const workItems = workItemListFilterOf(query, adminId, { isSorted: false });
    return csvChunks(QUOTE_CSV, readListBatches(db, repo.shipmentListSource({ isAwaitingPrice: query.awaitingPrice === 'true', workItems })));
  }

  async function get(id: string): Promise<Shipment> {
    const row = await repo.findShipmentById(db, id);
    if (!row || row.deletedAt) throw notFound('Shipment');
    return repo.toShipmentDto(row);
  }

  /** Stores the price, marks the quote 'quoted' and queues the mail in one transaction, then delivers it. */
  async function sendPrice(id: string, body: SendPriceBody, actor: Actor): Promise<void> {
    const mailId = await db.transaction(async (tx) => {
      const before = await lockQuote(tx, id, actor);
      requireOpen(before);
      const to = recipientOf(before, body.email);
      if (!to) throw conflict(quoteMessages.noEmail);
      const after = await repo.updateShipment(tx, id, { price: body.price, status: 'quoted' });
      await writeAudit(tx, actor, {
        action: 'quote.send-price',
        targetType: 'shipment',
        targetId: id,
        before: { status: before.status, price: before.price },
        after: { status: after.status, price: after.price, mailTo: to },
      });
      return mailer.enqueue(tx, priceMailOf(after, body.price, to), { isDeliveredByCaller: true });
    });
    if (!(await mailer.deliver(mailId))) throw new AppError('BAD_GATEWAY', quoteMessages.mailQueued);
  }

  async function reject(id: string, actor: Actor): Promise<void> {
    await db.transaction(async (tx) => {
      const before = await lockQuote(tx, id, actor);
      requireOpen(before);
      await repo.updateShipment(tx, id, { status: 'rejected', deletedAt: new Date() });
      await writeAudit(tx, actor, {
        action: 'quote.reject',
        targetType: 'shipment',
        targetId: id,
        before: { status: before.status },
        after: { status: 'rejected' },
      });
    });
  }

  async function accept(id: string, actor: Actor): Promise<void> {
    await db.transaction(async (tx) => {
      const before = await lockQuote(tx, id, actor);
      requireOpen(before);
      await repo.updateShipment(tx, id, { status: 'accepted' });
      await writeAudit(tx, actor, {
        action: 'quote.accept',
        targetType: 'shipment',
        targetId: id,
        before: { status: before.status },
        after: { status: 'accepted' },
      });
    });
  }

  async function update(id: string, body: ShipmentUpdateBody, actor: Actor): Promise<Shipment> {
    return db.transaction(async (tx) => {
      const before = await lockShipment(tx, id, actor);
      if (body.status !== undefined && body.status !== before.status && FINAL_SHIPMENT_STATUSES.includes(before.status)) {
        throw conflict(quoteMessages.finalStatus);
      }
      const after = await repo.updateShipment(tx, id, {
        ...(body.status !== undefined ? { status: body.status } : {}),
        ...(body.notes !== undefined ? { notes: body.notes } : {}),
        ...(body.pickUpDateAndTime !== undefined ? { pickUpDateAndTime: new Date(body.pickUpDateAndTime) } : {}),
      });
      const pick = (row: repo.ShipmentRow) => ({ status: row.status, notes: row.notes, pickUpDateAndTime: row.pickUpDateAndTime?.toISOString() ?? null });
      await writeAudit(tx, actor, { action: 'shipment.update', targetType: 'shipment', targetId: id, before: pick(before), after: pick(after) });
      return repo.toShipmentDto(after);
    });
  }

  async function remove(id: string, actor: Actor): Promise<void> {
    await db.transaction(async (tx) => {
      const before = await lockShipment(tx, id, actor);
      await repo.updateShipment(tx, id, { deletedAt: new Date() });
      await writeAudit(tx, actor, { action: 'shipment.delete', targetType: 'shipment', targetId: id, before: repo.toShipmentDto(before) });
    });
  }

  return { list, exportQuotes, get, sendPrice, reject, accept, update, remove };
}

export type QuotesService = ReturnType<typeof createQuotesService>;
