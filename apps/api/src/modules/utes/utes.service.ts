import {
  canSetUteStatus,
  listingMessages,
  toListingStatus,
  type SettableListingStatus,
  type Ute,
  type UteListQuery,
  type UteListResponse,
} from '@ute/contract';
import type { Db } from '../../db/database';
import { conflict, notFound } from '../../lib/errors';
import type { FileStorage } from '../../plugins/storage';
import { writeAudit, type Actor } from '../audit/audit.repository';
import * as repo from './utes.repository';

/** The one place a stored ute becomes the wire shape of docs/product.md (its spellings included). */
export function toUteDto(row: repo.UteRow, files: FileStorage): Ute {
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
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the audit log keeps of a ute: the fields a moderation changes. */
const auditView = (row: Pick<repo.UteRow, 'status' | 'deletedAt'>) => ({
  status: row.status,
  deletedAt: row.deletedAt ? row.deletedAt.toISOString() : null,
});

export interface UtesServiceDeps {
  db: Db;
  files: FileStorage;
}

export function createUtesService({ db, files }: UtesServiceDeps) {
  async function listUtes(query: UteListQuery): Promise<UteListResponse> {
    const { rows, totalCount } = await repo.listUtes(db, { page: query.page, pageSize: query.pageSize, search: query.search || undefined });
    return { data: rows.map((row) => toUteDto(row, files)), totalCount };
  }

  async function setUteStatus(id: string, status: SettableListingStatus, actor: Actor) {
    await db.transaction(async (tx) => {
      const ute = await repo.lockLiveUte(tx, id);
      if (!ute) throw notFound('Ute');
      const current = toListingStatus(ute.status);
      if (!canSetUteStatus(current, status)) throw conflict(listingMessages.uteAlready(current));
      await repo.setUteStatus(tx, id, status);
      await writeAudit(tx, actor, {
        action: 'ute.status',
        targetType: 'ute',
        targetId: id,
        before: auditView(ute),
        after: auditView({ ...ute, status }),
      });
    });
    return { message: status === 'Approved' ? listingMessages.uteApproved : listingMessages.uteRejected };
  }

  async function deleteUte(id: string, actor: Actor) {
    await db.transaction(async (tx) => {
      const ute = await repo.lockLiveUte(tx, id);
      if (!ute) throw notFound('Ute');
      const deletedAt = await repo.markUteDeleted(tx, id);
      await writeAudit(tx, actor, { action: 'ute.delete', targetType: 'ute', targetId: id, before: auditView(ute), after: auditView({ ...ute, deletedAt }) });
    });
    return { message: listingMessages.uteDeleted };
  }

  return { listUtes, setUteStatus, deleteUte };
}

export type UtesService = ReturnType<typeof createUtesService>;
