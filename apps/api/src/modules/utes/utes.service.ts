import {
  canSetUteStatus,
  listingMessages,
  toListingStatus,
  type BulkResponse,
  type ListingBulkBody,
  type Rejection,
  type SettableListingStatus,
  type Ute,
  type UteExportQuery,
  type UteListQuery,
  type UteListResponse,
} from '@ute/contract';
import type { Db } from '../../db/database';
import { readListBatches } from '../../db/keyset';
import { csvChunks, dollars, type CsvColumn } from '../../lib/csv';
import { conflict, notFound } from '../../lib/errors';
import type { FileStorage } from '../../platform/storage/fileStorage';
import { assertUnchanged, each, writeAudit, type Actor } from '../../platform/audit/auditLog';
import { rejectionOf, runListingBulk, type ListingNotices } from '../moderation/moderation.service';
import { joinedWorkItemSummaries, workItemListFilterOf } from '../assignments/workItemLists';
import * as repo from './utes.repository';

/** The one place a stored ute becomes the wire shape of docs/product.md (its spellings included). */
export function toUteDto(row: repo.UteRow & { version: string }, files: FileStorage): Ute {
  return {
    _id: row.id,
    uteId: row.uteId,
    fullName: row.fullName,
    description: row.description,
    licenceNumber: row.licenceNumber,
    licenceExpireDate:
      row.licenceExpireMonth !== null && row.licenceExpireYear !== null
        ? { licenceExpireMonth: row.licenceExpireMonth, licenceExpireYear: row.licenceExpireYear }
        : null,
    serviceCity: row.serviceCities,
    state: row.state,
    location: row.location,
    uteModel: row.uteModel,
    chesisNumber: row.chassisNumber,
    uteAvailble: row.availability,
    budget: row.budget === null ? null : Number(row.budget),
    uteImages: row.images,
    licenceImage: row.licenceImage ? files.signedUrl('licences', row.licenceImage) : null,
    status: toListingStatus(row.status),
    rejection: rejectionOf(row),
    createdAt: row.createdAt.toISOString(),
    version: row.version,
  };
}

/** What the audit log keeps of a ute: the fields a moderation changes. */
const auditView = (row: Pick<repo.UteRow, 'status' | 'deletedAt' | 'rejectionReason' | 'rejectionNote'>) => ({
  status: row.status,
  rejectionReason: row.rejectionReason,
  rejectionNote: row.rejectionNote,
  deletedAt: row.deletedAt ? row.deletedAt.toISOString() : null,
});

/**
 * The list's filter from its query (the page aside): the list and its export read the same rows (the
 * export in its own order: `waitSort` orders the page only).
 */
function uteListFilterOf(query: UteExportQuery, adminId?: string, isPage = false) {
  return {
    workItems: workItemListFilterOf(query, adminId, { isSorted: isPage }),
    search: query.search || undefined,
    isPending: query.status === 'Pending',
    id: query.id,
    userId: query.userId,
    createdFrom: query.createdFrom,
    createdTo: query.createdTo,
  };
}

const joined = (values: readonly string[]) => values.join('; ');

/** The utes export's columns; the budget is in dollars. */
export const UTE_CSV: readonly CsvColumn<repo.UteRow>[] = [
  { header: 'id', value: (row) => row.id },
  { header: 'ute_id', value: (row) => row.uteId },
  { header: 'full_name', value: (row) => row.fullName },
  { header: 'status', value: (row) => toListingStatus(row.status) },
  { header: 'ute_model', value: (row) => row.uteModel },
  { header: 'chassis_number', value: (row) => row.chassisNumber },
  { header: 'licence_number', value: (row) => row.licenceNumber },
  { header: 'state', value: (row) => row.state },
  { header: 'location', value: (row) => row.location },
  { header: 'service_cities', value: (row) => joined(row.serviceCities) },
  { header: 'availability', value: (row) => joined(row.availability) },
  { header: 'budget_dollars', value: (row) => dollars(row.budget) },
  { header: 'created_at', value: (row) => row.createdAt.toISOString() },
];

export interface UtesServiceDeps {
  db: Db;
  files: FileStorage;
  notices: ListingNotices;
}

export function createUtesService({ db, files, notices }: UtesServiceDeps) {
  async function listUtes(query: UteListQuery, adminId?: string): Promise<UteListResponse> {
    const { rows, totalCount } = await repo.listUtes(db, { page: query.page, pageSize: query.pageSize, ...uteListFilterOf(query, adminId, true) });
    const items = joinedWorkItemSummaries('pendingUtes', rows);
    return { data: rows.map((row) => ({ ...toUteDto(row, files), workItem: items.get(row.id) ?? null })), totalCount };
  }

  /** GET get-all-ute-list/export: every ute of the list under this query, as CSV, read in batches. */
  function exportUtes(query: UteExportQuery, adminId?: string): AsyncGenerator<string> {
    return csvChunks(UTE_CSV, readListBatches(db, repo.uteListSource(uteListFilterOf(query, adminId))));
  }

  /**
   * Approves or rejects one ute (a rejection with its reason, when given), in one transaction with
   * its audit entry, the lister's activity entry and their notice mail, which is held for the
   * listing's decision window and counted in the admin's mail quota (moderation.service, createListingNotices).
   */
  async function setUteStatus(id: string, status: SettableListingStatus, rejection: Rejection | null, actor: Actor) {
    const kept = status === 'Rejected' ? rejection : null;
    await notices.decideWithNotice(actor, (tell) =>
      db.transaction(async (tx) => {
        const ute = await repo.lockLiveUte(tx, id);
        if (!ute) throw notFound('Ute');
        await assertUnchanged(tx, actor, { version: ute.version, id, targetType: 'ute' });
        const current = toListingStatus(ute.status);
        if (!canSetUteStatus(current, status)) throw conflict(listingMessages.uteAlready(current));
        await repo.setUteStatus(tx, id, status, kept);
        const after = { ...ute, status, rejectionReason: kept?.reason ?? null, rejectionNote: kept?.note ?? null };
        await writeAudit(tx, actor, { action: 'ute.status', targetType: 'ute', targetId: id, before: auditView(ute), after: auditView(after) });
        await tell(tx, { kind: 'ute', listingId: id, listerId: ute.ownerId, listingName: ute.fullName, reference: ute.uteId, status, rejection: kept });
      }),
    );
    return { message: status === 'Approved' ? listingMessages.uteApproved : listingMessages.uteRejected };
  }

  /** POST utes/bulk: each ute in turn, through the single-row actions. */
  const bulkUtes = (body: ListingBulkBody, actor: Actor): Promise<BulkResponse> =>
    runListingBulk(body, {
      setStatus: (id, status, rejection) => setUteStatus(id, status, rejection, each(actor)),
      remove: (id) => deleteUte(id, each(actor)),
    });

  async function deleteUte(id: string, actor: Actor) {
    await db.transaction(async (tx) => {
      const ute = await repo.lockLiveUte(tx, id);
      if (!ute) throw notFound('Ute');
      await assertUnchanged(tx, actor, { version: ute.version, id, targetType: 'ute' });
      const deletedAt = await repo.markUteDeleted(tx, id);
      await writeAudit(tx, actor, { action: 'ute.delete', targetType: 'ute', targetId: id, before: auditView(ute), after: auditView({ ...ute, deletedAt }) });
    });
    return { message: listingMessages.uteDeleted };
  }

  return { listUtes, exportUtes, setUteStatus, bulkUtes, deleteUte };
}

export type UtesService = ReturnType<typeof createUtesService>;
