import {
  AUDIT_CSV_COLUMNS,
  MONEY_AUDIT_ACTIONS,
  isMoneyAuditTargetType,
  totalPagesOf,
  type AuditEntry,
  type AuditFilter,
  type AuditListQuery,
  type AuditListResponse,
  type AuditVerifyResponse,
} from '@ute/contract';
import type { Db } from '../../db/database';
import {
  listAuditEntries,
  readAuditBatch,
  readAuditFacets,
  verifyAuditChain,
  writeAudit,
  type Actor,
  type AuditRow,
  type AuditScope,
} from './audit.repository';

/** Rows per database read of the export: memory stays flat however long the log is. */
export const AUDIT_EXPORT_BATCH = 1000;

/** Owners read the whole log; anyone else allowed in (finance) reads the money entries only. */
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

/**
 * One CSV cell (RFC 4180). A cell a spreadsheet would run as a formula (starting with = + - @, a
 * tab or a carriage return) gets a leading single quote, so it shows as text (OWASP CSV injection).
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const jsonText = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

function csvLine(row: AuditRow): string {
  const admin = adminOf(row);
  const cells: Record<(typeof AUDIT_CSV_COLUMNS)[number], string | number | null> = {
    id: row.id,
    seq: row.chainSeq,
    when: row.createdAt.toISOString(),
    admin_id: row.adminId,
    admin_name: admin ? admin.name : 'System',
    admin_email: admin ? admin.email : '',
    action: row.action,
    target_type: row.targetType,
    target_id: row.targetId,
    before: jsonText(row.before),
    after: jsonText(row.after),
    request_id: row.requestId,
    hash: row.hash,
  };
  return `${AUDIT_CSV_COLUMNS.map((column) => csvCell(cells[column])).join(',')}\r\n`;
}

export function createAuditService({ db }: { db: Db }) {
  /** GET audit-log: one page newest first, and the filters' choices this reader may use. */
  async function listEntries(query: AuditListQuery, roles: readonly string[]): Promise<AuditListResponse> {
    const scope = auditScopeOf(roles);
    const { rows, total } = await listAuditEntries(db, query, scope);
    const facets = await readAuditFacets(db);
    const moneyActions: readonly string[] = MONEY_AUDIT_ACTIONS;
    return {
      data: rows.map(toAuditEntryDto),
      totalCount: total,
      paginationData: { page: query.page, totalPages: totalPagesOf(total, query.limit) },
      filters: scope.isMoneyOnly
        ? {
            actions: facets.actions.filter((action) => moneyActions.includes(action)),
            targetTypes: facets.targetTypes.filter(isMoneyAuditTargetType),
            admins: facets.admins,
          }
        : facets,
    };
  }

  /** POST audit-log/verify: checks the whole chain, then records that it was checked and what was found. */
  async function verify(actor: Actor): Promise<AuditVerifyResponse> {
    const result = await verifyAuditChain(db);
    await writeAudit(db, actor, { action: 'audit.verify', targetType: 'audit_log', targetId: null, after: result });
    return result;
  }

  /**
   * GET audit-log/export: the filtered log as CSV lines (BOM and header first), read newest first in
   * batches by keyset on chain_seq. Entries are only ever appended above the first batch, so the file
   * is the log as it stood when the export began.
   */
  async function* exportCsv(filter: AuditFilter, roles: readonly string[]): AsyncGenerator<string> {
    const scope = auditScopeOf(roles);
    yield `\uFEFF${AUDIT_CSV_COLUMNS.join(',')}\r\n`;
    let beforeSeq: number | null = null;
    for (;;) {
      const rows = await readAuditBatch(db, filter, scope, beforeSeq, AUDIT_EXPORT_BATCH);
      if (rows.length > 0) yield rows.map(csvLine).join('');
      const last = rows.at(-1);
      if (rows.length < AUDIT_EXPORT_BATCH || !last || last.chainSeq === null) return;
      beforeSeq = last.chainSeq;
    }
  }

  return { listEntries, verify, exportCsv };
}

export type AuditService = ReturnType<typeof createAuditService>;
