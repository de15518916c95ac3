import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuditTargetType } from '@ute/contract';
import type { DbOrTx } from '../../db/database';
import { sendCsv } from '../../lib/csv';
import { actorOf, writeAudit } from '../audit/auditLog';

export interface ListExport {
  /** The file's name before its day: `users` gives `users-2026-01-31.csv`. */
  fileName: string;
  /** What the list's rows are, as the audit log names them (`user`, `ute_booking`). */
  targetType: AuditTargetType;
  /** The list's query (search, filter, sort, tab), recorded with the entry. */
  filter: unknown;
  chunks: AsyncIterable<string>;
}

/**
 * Answers a list's CSV export: records who took a copy of which list under which filter (the audit
 * entry `list.export`, written for a failed attempt too), then streams the file. The first batch is
 * read before the 200 (sendCsv), so a query that fails answers with the error envelope; the rest
 * are read only as the reply pulls them.
 */
export async function sendListExport(db: DbOrTx, request: FastifyRequest, reply: FastifyReply, exported: ListExport): Promise<FastifyReply> {
  await writeAudit(db, actorOf(request), { action: 'list.export', targetType: exported.targetType, targetId: null, after: { filter: exported.filter } });
  return sendCsv(reply, exported.fileName, exported.chunks);
}
