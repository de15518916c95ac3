import {
  AUDIT_CSV_COLUMNS,
  isMoneyAuditAction,
  isMoneyAuditTargetType,
  totalPagesOf,
  type AuditEntry,
  type AuditFilter,
  type AuditListQuery,
  type AuditListResponse,
  type AuditVerifyResponse,
} from '@ute/contract';
import type { Db } from '../../db/database';
import { EXPORT_BATCH, readListBatches } from '../../db/keyset';
import { csvChunks, type CsvColumn } from '../../lib/csv';
import { writeAudit, type Actor } from '../../platform/audit/auditLog';
import { auditListSource, listAuditEntries, readAuditFacets, type AuditRow, type AuditScope } from './audit.repository';
import { readAnchorFile } from './auditAnchor';
import { verifyAuditChain } from './auditChain';

/** Rows per database read of the export: memory stays flat however long the log is. */
export const AUDIT_EXPORT_BATCH = EXPORT_BATCH;

/**
 * Owners read the whole log; anyone else allowed in (finance) reads the money entries only. The one
 * scope of every reader-facing read of the log: the Audit Log, its export and filter choices, and a
 * user's "admin actions" (userStory).
 */
export const auditScopeOf = (roles: readonly string[]): AuditScope => ({ isMoneyOnly: !roles.includes('owner') });

/** An entry whose admin row is gone still names the admin's id. */
function adminOf(row: AuditRow): AuditEntry['admin'] {
  if (row.admin) return row.admin;
  return row.adminId ? { id: row.adminId, name: 'Unknown admin', email: '' } : null;
}

function toAuditEntryDto(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    seq: row.chainSeq,
    when: row.createdAt.toISOString(),
    admin: adminOf(row),
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    before: row.before ?? null,
    after: row.after ?? null,
    requestId: row.requestId,
  };
}

const jsonText = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

/** The export's columns, named and ordered by AUDIT_CSV_COLUMNS. */
const AUDIT_CSV_VALUES: Record<(typeof AUDIT_CSV_COLUMNS)[number], (row: AuditRow) => string | number | null> = {
  id: (row) => row.id,
  seq: (row) => row.chainSeq,
  when: (row) => row.createdAt.toISOString(),
  admin_id: (row) => row.adminId,
  admin_name: (row) => adminOf(row)?.name ?? 'System',
  admin_email: (row) => adminOf(row)?.email ?? '',
  action: (row) => row.action,
  target_type: (row) => row.targetType,
  target_id: (row) => row.targetId,
  before: (row) => jsonText(row.before),
  after: (row) => jsonText(row.after),
  request_id: (row) => row.requestId,
  hash: (row) => row.hash,
};
const AUDIT_CSV: CsvColumn<AuditRow>[] = AUDIT_CSV_COLUMNS.map((header) => ({ header, value: AUDIT_CSV_VALUES[header] }));

export interface AuditServiceDeps {
  db: Db;
  /** AUDIT_ANCHOR_FILE: Verify also checks the chain against the anchors written there. */
  anchorFile?: string;
}

export function createAuditService({ db, anchorFile }: AuditServiceDeps) {
  /** GET audit-log: one page newest first, and the filters' choices this reader may use. */
  async function listEntries(query: AuditListQuery, roles: readonly string[]): Promise<AuditListResponse> {
    const scope = auditScopeOf(roles);
    const { rows, total } = await listAuditEntries(db, query, scope);
    const facets = await readAuditFacets(db, scope);
    return {
      data: rows.map(toAuditEntryDto),
      totalCount: total,
      paginationData: { page: query.page, totalPages: totalPagesOf(total, query.limit) },
      filters: scope.isMoneyOnly
        ? {
            actions: facets.actions.filter(isMoneyAuditAction),
            targetTypes: facets.targetTypes.filter(isMoneyAuditTargetType),
            admins: facets.admins,
          }
        : facets,
    };
  }

  /**
   * POST audit-log/verify: checks the whole chain (hashed here, not by the database), and that it
   * still extends every anchor of the configured anchor file; then records that it was checked and
   * what was found.
   */
  async function verify(actor: Actor): Promise<AuditVerifyResponse> {
    const anchors = anchorFile ? (await readAnchorFile(anchorFile, { isMissingOk: true })).anchors : [];
    const result = await verifyAuditChain(db, { anchors });
    await writeAudit(db, actor, { action: 'audit.verify', targetType: 'audit_log', targetId: null, after: result });
    return result;
  }

  /**
   * GET audit-log/export: the filtered log as CSV (BOM and header first), read newest first in
   * batches by keyset on chain_seq. Entries are only ever appended above the first batch, so the file
   * is the log as it stood when the export began.
   */
  function exportCsv(filter: AuditFilter, roles: readonly string[]): AsyncGenerator<string> {
    return csvChunks(AUDIT_CSV, readListBatches(db, auditListSource(filter, auditScopeOf(roles)), AUDIT_EXPORT_BATCH));
  }

  return { listEntries, verify, exportCsv };
}

export type AuditService = ReturnType<typeof createAuditService>;
