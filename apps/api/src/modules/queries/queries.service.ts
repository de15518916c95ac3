import {
  MAIL_STATUSES,
  replyMessages,
  totalPagesOf,
  type BulkResponse,
  type CustomerQuery,
  type MailStatus,
  type QueryBulkBody,
  type QueryExportQuery,
  type QueryListQuery,
  type QueryListResponse,
  type QueryReply,
  type ReplyBody,
  type ReplyResponse,
} from '@ute/contract';
import type { Db } from '../../db/database';
import { readListBatches } from '../../db/keyset';
import { runBulk } from '../../lib/bulk';
import { csvChunks, type CsvColumn } from '../../lib/csv';
import { notFound } from '../../lib/errors';
import { assertUnchanged, each, writeAudit, type Actor } from '../../platform/audit/auditLog';
import type { Mailer } from '../../platform/mail/mailer';
import { queryReplyMail } from '../../platform/mail/templates/queryReplyMail';
import { workItemListFilterOf, workItemSummariesOf } from '../assignments/workItemLists';
import * as repo from './queries.repository';

export const queryTexts = {
  deleted: 'Query deleted successfully',
  ...replyMessages,
} as const;

const SENT_STATES = new Set<MailStatus>(['sent', 'logged']);

function toMailStatus(value: string | null): MailStatus | null {
  // A mail being sent right now has not left yet.
  if (value === 'sending') return 'pending';
  return value && (MAIL_STATUSES as readonly string[]).includes(value) ? (value as MailStatus) : null;
}

function toReplyDto(row: repo.ReplyRow): QueryReply {
  const mailStatus = toMailStatus(row.mailStatus);
  return {
    _id: row.id,
    message: row.message,
    mailStatus,
    isSent: mailStatus !== null && SENT_STATES.has(mailStatus),
    sentAt: row.sentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

const replyMail = (query: repo.CustomerQueryRow, reply: string) =>
  queryReplyMail({ to: query.email, firstName: query.firstName, reply, originalMessage: query.message });

export interface QueriesServiceDeps {
  db: Db;
  mailer: Mailer;
}

/**
 * The list's filter and sort from its query (the page aside): the list and its export read the same
 * rows (the export in its own order: `waitSort` orders the page only).
 */
function queryListFilterOf(query: QueryExportQuery, adminId?: string, isPage = false) {
  return {
    workItems: workItemListFilterOf(query, adminId, { isSorted: isPage }),
    email: query.email || undefined,
    isUnanswered: query.unanswered === 'true',
    id: query.id,
    sort: query.sort,
    createdFrom: query.createdFrom,
    createdTo: query.createdTo,
  };
}

type QueryWithReplies = repo.CustomerQueryRow & { replies: string[] };

/** The queries export's columns; the replies, oldest first, in one cell. */
export const QUERY_CSV: readonly CsvColumn<QueryWithReplies>[] = [
  { header: 'id', value: (row) => row.id },
  { header: 'first_name', value: (row) => row.firstName },
  { header: 'last_name', value: (row) => row.lastName },
  { header: 'email', value: (row) => row.email },
  { header: 'phone', value: (row) => row.phone },
  { header: 'message', value: (row) => row.message },
  { header: 'replies', value: (row) => row.replies.join('\n---\n') },
  { header: 'date', value: (row) => row.createdAt.toISOString() },
];

export function createQueriesService({ db, mailer }: QueriesServiceDeps) {
  async function listQueries(query: QueryListQuery, adminId?: string): Promise<QueryListResponse> {
    const {
      rows,
      totalCount,
      along: [items, replies],
    } = await repo.listQueries(db, { ...queryListFilterOf(query, adminId, true), page: query.page, limit: query.limit }, (page) => {
      const ids = page.map((row) => row.id);
      return Promise.all([workItemSummariesOf(db, 'unansweredQueries', ids), repo.findRepliesOf(db, ids)]);
    });
    const repliesByQuery = new Map<string, QueryReply[]>();
    for (const reply of replies) {
      const list = repliesByQuery.get(reply.queryId) ?? [];
      list.push(toReplyDto(reply));
      repliesByQuery.set(reply.queryId, list);
    }
    const queries: CustomerQuery[] = rows.map((row) => {
      const details = repliesByQuery.get(row.id) ?? [];
      return {
        _id: row.id,
        firstName: row.firstName,
        lastName: row.lastName,
        email: row.email,
        phone: row.phone,
        message: row.message,
        date: row.createdAt.toISOString(),
        replies: details.map((reply) => reply.message),
        replyDetails: details,
        workItem: items.get(row.id) ?? null,
        version: row.version,
      };
    });
    return { queries, totalPages: totalPagesOf(totalCount, query.limit), totalCount };
  }

  /** Each batch of queries with its replies, read once per batch. */
  async function* withReplies(batches: AsyncIterable<repo.CustomerQueryRow[]>): AsyncGenerator<QueryWithReplies[]> {
    for await (const rows of batches) {
      const replies = await repo.findRepliesOf(
        db,
        rows.map((row) => row.id),
      );
      yield rows.map((row) => ({ ...row, replies: replies.filter((reply) => reply.queryId === row.id).map((reply) => reply.message) }));
    }
  }

  /** GET all-queries/export: every query of the list under this query, in its order, with its replies, as CSV. */
  function exportQueries(query: QueryExportQuery, adminId?: string): AsyncGenerator<string> {
    return csvChunks(QUERY_CSV, withReplies(readListBatches(db, repo.queryListSource(queryListFilterOf(query, adminId)))));
  }

  /**
   * Stores the reply and its mail in one transaction, then tries to send the mail. A mail that
   * cannot leave now stays pending in the outbox (the mailer retries it), and the reply is kept.
   */
  async function replyToQuery(body: ReplyBody, actor: Actor): Promise<ReplyResponse> {
    const mailId = await db.transaction(async (tx) => {
      const query = await repo.findLiveQueryForUpdate(tx, body.queryId);
      if (!query) throw notFound('Query');
      await assertUnchanged(tx, actor, { version: query.version, id: query.id, targetType: 'customer_query' });
      const outboxId = await mailer.enqueue(tx, replyMail(query, body.reply), { isDeliveredByCaller: true });
      const replyId = await repo.insertReply(tx, { queryId: query.id, message: body.reply, adminId: actor.adminId, mailId: outboxId });
      await repo.touchQuery(tx, query.id);
      await writeAudit(tx, actor, {
        action: 'query.reply',
        targetType: 'customer_query',
        targetId: query.id,
        after: { replyId, mailId: outboxId, message: body.reply },
      });
      return outboxId;
    });
    let isSent = false;
    try {
      isSent = await mailer.deliver(mailId);
    } catch {
      // The reply and its mail are committed; the outbox retry picks the mail up later.
    }
    return { message: isSent ? queryTexts.sent : queryTexts.savedNotSent, isSent };
  }

  async function deleteQuery(id: string, actor: Actor): Promise<{ message: string }> {
    return db.transaction(async (tx) => {
      const live = await repo.findLiveQueryForUpdate(tx, id);
      if (!live) throw notFound('Query');
      await assertUnchanged(tx, actor, { version: live.version, id, targetType: 'customer_query' });
      const query = await repo.markQueryDeleted(tx, id);
      if (!query) throw notFound('Query');
      await writeAudit(tx, actor, {
        action: 'query.delete',
        targetType: 'customer_query',
        targetId: id,
        before: { deletedAt: null },
        after: { deletedAt: query.deletedAt?.toISOString() ?? null },
      });
      return { message: queryTexts.deleted };
    });
  }

  /** POST queries/bulk: delete each query in turn, as the single call would. */
  function bulkQueries(body: QueryBulkBody, actor: Actor): Promise<BulkResponse> {
    return runBulk(body.ids, async (id) => (await deleteQuery(id, each(actor))).message);
  }

  return { listQueries, exportQueries, replyToQuery, deleteQuery, bulkQueries };
}

export type QueriesService = ReturnType<typeof createQueriesService>;
