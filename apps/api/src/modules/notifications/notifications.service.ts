import {
  DISPUTE_EVIDENCE_DUE_NOTICE_DAYS,
  isNotifiedOf,
  NOTE_RECORD_TYPE_LABELS,
  NOTIFICATIONS_LIMIT,
  notificationTexts,
  type Notification,
  type NotificationListResponse,
  type NotificationReadResponse,
  type NoteRecordType,
} from '@ute/contract';
import type { Db, DbOrTx } from '../../db/database';
import { notFound } from '../../lib/errors';
import {
  adminNameOf,
  countUnreadOf,
  insertNotifications,
  listActiveAdminsWithRoles,
  listDisputesDueBetween,
  listNotificationsOf,
  markAllRead,
  markRead,
  recordReferenceOf,
  type NotificationRow,
} from './notifications.repository';

const DAY_MS = 24 * 60 * 60_000;

function toNotificationDto(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    recordType: row.recordType,
    recordId: row.recordId,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

export interface MentionEvent {
  noteId: string;
  authorId: string;
  recordType: NoteRecordType;
  recordId: string;
  /** The admins to notify: the note's mentions (the author is left out here). */
  mentionIds: readonly string[];
}

/**
 * Notifies the admins a note mentions, in the note's transaction (notes.service.ts: on create and
 * retraction all its mentions, on edit the newly mentioned only). Never the author: writing
 * `@[Yourself]` tells you nothing. A note notifies each admin once (its event key).
 */
export async function notifyMentions(tx: DbOrTx, event: MentionEvent): Promise<void> {
  const recipients = [...new Set(event.mentionIds)].filter((id) => id !== event.authorId);
  if (recipients.length === 0) return;
  const author = (await adminNameOf(tx, event.authorId)) ?? 'An admin';
  const reference = await recordReferenceOf(tx, event.recordType, event.recordId);
  const title = `${author} mentioned you on ${NOTE_RECORD_TYPE_LABELS[event.recordType]}${reference ? ` ${reference}` : ''}`;
  await insertNotifications(
    tx,
    recipients.map((recipientId) => ({
      recipientId,
      kind: 'mention' as const,
      title,
      recordType: event.recordType,
      recordId: event.recordId,
      noteId: event.noteId,
      eventKey: `mention:${event.noteId}`,
    })),
  );
}

export interface NotificationsServiceDeps {
  db: Db;
  /** The clock of the dispute job (tests move it). */
  now?: () => number;
}

/** The header's inbox (docs/design.md §13): an admin reads and marks only their own. */
export function createNotificationsService({ db, now = Date.now }: NotificationsServiceDeps) {
  /** GET notifications: the newest NOTIFICATIONS_LIMIT, and how many of all are unread. */
  async function listMine(adminId: string): Promise<NotificationListResponse> {
    const [rows, unreadCount] = await Promise.all([listNotificationsOf(db, adminId, NOTIFICATIONS_LIMIT), countUnreadOf(db, adminId)]);
    return { data: rows.map(toNotificationDto), unreadCount };
  }

  /** POST notifications/:id/read: another admin's notification is a 404, as an unknown one (its existence is not revealed). */
  async function readOne(id: string, adminId: string): Promise<NotificationReadResponse> {
    if (!(await markRead(db, id, adminId))) throw notFound('Notification');
    return { message: notificationTexts.read, unreadCount: await countUnreadOf(db, adminId) };
  }

  /** POST notifications/read-all. */
  async function readAll(adminId: string): Promise<NotificationReadResponse> {
    await markAllRead(db, adminId);
    return { message: notificationTexts.allRead, unreadCount: await countUnreadOf(db, adminId) };
  }

  /**
   * The daily `dispute-evidence-due` job: each dispute Stripe waits for evidence on, none submitted,
   * due within DISPUTE_EVIDENCE_DUE_NOTICE_DAYS, notifies the active admins who open the Disputes
   * screen, once each (the event key), however often the job runs. Answers how many it wrote.
   */
  async function notifyDisputesEvidenceDue(): Promise<number> {
    const at = now();
    const due = await listDisputesDueBetween(db, new Date(at), new Date(at + DISPUTE_EVIDENCE_DUE_NOTICE_DAYS * DAY_MS));
    if (due.length === 0) return 0;
    const recipients = (await listActiveAdminsWithRoles(db)).filter((admin) => isNotifiedOf(admin.roles, 'dispute'));
    const rows = due.flatMap((dispute) =>
      recipients.map((admin) => ({
        recipientId: admin.id,
        kind: 'disputeEvidenceDue' as const,
        title: `Evidence due ${dispute.evidenceDueBy!.toISOString().slice(0, 10)} for dispute ${dispute.stripeDisputeId}`,
        recordType: 'dispute' as const,
        recordId: dispute.id,
        eventKey: `disputeEvidenceDue:${dispute.id}`,
      })),
    );
    return insertNotifications(db, rows);
  }

  return { listMine, readOne, readAll, notifyDisputesEvidenceDue };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
