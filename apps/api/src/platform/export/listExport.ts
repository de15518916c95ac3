import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuditTargetType } from '@ute/contract';
import type { DbOrTx } from '../../db/database';
import { notifications } from '../../db/tables/notifications.table';
import { sendCsv } from '../../lib/csv';
import { actorOf, writeAudit } from '../audit/auditLog';

declare module 'fastify' {
  interface FastifyInstance {
    /** An export that took at least this long notifies its admin when it finished (config EXPORT_NOTICE_SECONDS). */
    exportNoticeSeconds: number;
  }
}

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
 * are read only as the reply pulls them. A long export that reaches its end tells its admin
 * (`exportFinished`, docs/design.md §13): they may have gone on working in another tab.
 */
export async function sendListExport(db: DbOrTx, request: FastifyRequest, reply: FastifyReply, exported: ListExport): Promise<FastifyReply> {
  const actor = actorOf(request);
  await writeAudit(db, actor, { action: 'list.export', targetType: exported.targetType, targetId: null, after: { filter: exported.filter } });
  const startedAt = performance.now();
  const noticeAfterSeconds = request.server.exportNoticeSeconds;
  async function* counted(): AsyncGenerator<string> {
    let lines = 0;
    for await (const chunk of exported.chunks) {
      for (let at = chunk.indexOf('\n'); at >= 0; at = chunk.indexOf('\n', at + 1)) lines += 1;
      yield chunk;
    }
    // Only an export read to its end: a client that went away stops the loop before here.
    const seconds = (performance.now() - startedAt) / 1000;
    if (seconds < noticeAfterSeconds) return;
    await noticeExportFinished(db, { adminId: actor.adminId, requestId: actor.requestId, fileName: exported.fileName, rows: Math.max(lines - 1, 0) }).catch(
      (error: unknown) => request.log.warn({ err: error }, 'the export finished notice could not be written'),
    );
  }
  return sendCsv(reply, exported.fileName, counted());
}

/** "Your export of utes finished: 123,456 rows", once per export (its request id). */
async function noticeExportFinished(db: DbOrTx, done: { adminId: string; requestId: string; fileName: string; rows: number }): Promise<void> {
  await db
    .insert(notifications)
    .values({
      recipientId: done.adminId,
      kind: 'exportFinished',
      title: `Your export of ${done.fileName.replace(/-/g, ' ')} finished: ${done.rows.toLocaleString('en-AU')} rows`,
      recordType: 'export',
      recordId: done.fileName,
      eventKey: `exportFinished:${done.requestId}`,
    })
    .onConflictDoNothing();
}
