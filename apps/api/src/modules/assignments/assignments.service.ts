import {
  accessTexts,
  canCall,
  WORK_ITEM_QUEUES,
  WORK_ITEM_RECORD_TYPES,
  WORK_QUEUE_LABELS,
  WORK_QUEUE_LISTS,
  workItemTexts,
  type AuditTargetType,
  type WorkItemParams,
  type WorkItemQueue,
  type WorkItemResponse,
  type WorkQueueThresholds,
  type WorkQueueThresholdsWithVersion,
  type WorkQueueThresholdsResponse,
} from '@ute/contract';
import type { Db, DbOrTx } from '../../db/database';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { writeAudit, type Actor } from '../../platform/audit/auditLog';
import { readSettingWithVersion } from '../admins/admins.repository';
import { changeSetting } from '../admins/admins.service';
import { insertNotifications } from '../notifications/notifications.repository';
import { findAdmin, listOverdueAssigned, lockWorkItem, recordExists, recordLabelOf, setAssignee, type WorkItemRow } from './assignments.repository';
import { overdueAtOf, overdueCutoffOf, readThresholds, thresholdsOf, WORK_QUEUE_THRESHOLDS_KEY } from './workQueueThresholds';

/** The signed-in admin making an assignment call: their roles decide which queues' items they may hold. */
export interface WorkItemActor extends Actor {
  adminId: string;
  roles: readonly string[];
}

/** The audit target type of each queue's record: an assignment's entries sit with the record's own. */
const AUDIT_TARGET_OF: Record<WorkItemQueue, AuditTargetType> = {
  pendingUtes: 'ute',
  pendingJobs: 'job',
  uteBookingsAwaitingPayout: 'ute_booking',
  jobBookingsAwaitingPayout: 'job_booking',
  manualPaymentsAwaitingAcceptance: 'payment',
  unansweredQueries: 'customer_query',
  quotesAwaitingPrice: 'shipment',
  disputesNeedingEvidence: 'dispute',
};

/** Whoever may open a queue's list may hold its items (owners open every list). */
export const canHoldItemsOf = (roles: readonly string[], queue: WorkItemQueue): boolean => canCall(roles, WORK_QUEUE_LISTS[queue]);

const auditOf = (row: WorkItemRow | null) =>
  row && { queue: row.queue, recordId: row.recordId, assigneeId: row.assigneeId, assignedBy: row.assignedBy, enteredAt: row.enteredAt.toISOString() };

export interface AssignmentsServiceDeps {
  db: Db;
  /** The clock of the overdue marks and job (tests move it). */
  now?: () => number;
}

/** Assignment of work items and the overdue thresholds (docs/design.md §15). */
export function createAssignmentsService({ db, now = Date.now }: AssignmentsServiceDeps) {
  function toResponse(message: string, row: WorkItemRow, thresholds: WorkQueueThresholds): WorkItemResponse {
    return {
      message,
      data: {
        queue: row.queue,
        recordId: row.recordId,
        enteredAt: row.enteredAt.toISOString(),
        overdueAt: overdueAtOf(thresholds[row.queue], row.enteredAt).toISOString(),
        assigneeId: row.assigneeId,
        assignedAt: row.assignedAt?.toISOString() ?? null,
      },
    };
  }

  /**
   * The item, locked, after the checks every call makes in this order: the caller's roles open the
   * queue (403), the item waits in it (404 for an unknown record; 409 for a record that is not, or no
   * longer, waiting: it needs nobody), it is held by whom the caller expected (409 naming the holder).
   */
  async function lockedItem(tx: DbOrTx, { queue, recordId }: WorkItemParams, actor: WorkItemActor, expectedAssigneeId: string | null): Promise<WorkItemRow> {
    if (!canHoldItemsOf(actor.roles, queue)) throw forbidden(accessTexts.forbidden, 'ROLE');
    const item = await lockWorkItem(tx, queue, recordId);
    if (!item) throw (await recordExists(tx, queue, recordId)) ? conflict(workItemTexts.leftQueue) : notFound('Work item');
    if (item.assigneeId !== expectedAssigneeId) {
      if (!item.assigneeId) throw conflict(workItemTexts.notAssigned);
      const holder = await findAdmin(tx, item.assigneeId);
      throw conflict(item.assigneeId === actor.adminId ? workItemTexts.alreadyYours : workItemTexts.heldBy(holder?.name ?? 'another admin'));
    }
    return item;
  }

  /** In the caller's transaction: tells the assignee, when someone else assigned it to them. */
  async function notifyAssigned(tx: DbOrTx, row: WorkItemRow, actor: WorkItemActor): Promise<void> {
    if (!row.assigneeId || row.assigneeId === actor.adminId) return;
    const [by, label] = await Promise.all([findAdmin(tx, actor.adminId), recordLabelOf(tx, row.queue, row.recordId)]);
    await insertNotifications(tx, [
      {
        recipientId: row.assigneeId,
        kind: 'assigned',
        title: `${by?.name ?? 'An admin'} assigned you ${WORK_QUEUE_LABELS[row.queue].toLowerCase()}: ${label ?? row.recordId.slice(0, 8)}`,
        recordType: WORK_ITEM_RECORD_TYPES[row.queue],
        recordId: row.recordId,
        eventKey: `assigned:${row.queue}:${row.recordId}:${row.assignedAt!.getTime()}`,
      },
    ]);
  }

  async function assignTo(
    params: WorkItemParams,
    assigneeId: string,
    expectedAssigneeId: string | null,
    actor: WorkItemActor,
    message: (name: string) => string,
  ) {
    // 403 before anything about the assignee or the item: a caller who cannot open the queue learns nothing.
    if (!canHoldItemsOf(actor.roles, params.queue)) throw forbidden(accessTexts.forbidden, 'ROLE');
    return db.transaction(async (tx) => {
      const assignee = await findAdmin(tx, assigneeId);
      const refuse = (text: string) => badRequest(text, [{ path: 'assigneeId', message: text }]);
      if (!assignee) throw refuse(workItemTexts.assigneeUnknown);
      if (!assignee.isActive) throw refuse(workItemTexts.assigneeInactive(assignee.name));
      if (!canHoldItemsOf(assignee.roles, params.queue))
        throw refuse(workItemTexts.assigneeCannotOpen(assignee.name, WORK_QUEUE_LABELS[params.queue].toLowerCase()));
      const before = await lockedItem(tx, params, actor, expectedAssigneeId);
      if (before.assigneeId === assigneeId)
        throw conflict(assigneeId === actor.adminId ? workItemTexts.alreadyYours : workItemTexts.alreadyTheirs(assignee.name));
      const row = await setAssignee(tx, params.queue, params.recordId, { assigneeId, assignedBy: actor.adminId });
      await writeAudit(tx, actor, {
        action: 'work-item.assign',
        targetType: AUDIT_TARGET_OF[row.queue],
        targetId: row.recordId,
        before: auditOf(before),
        after: auditOf(row),
      });
      await notifyAssigned(tx, row, actor);
      return toResponse(message(assignee.name), row, await readThresholds(tx));
    });
  }

  /** POST work-items/:queue/:recordId/assign: to an active admin whose roles open the queue's list (400 otherwise). */
  function assign(params: WorkItemParams, body: { assigneeId: string; expectedAssigneeId: string | null }, actor: WorkItemActor): Promise<WorkItemResponse> {
    return assignTo(params, body.assigneeId, body.expectedAssigneeId, actor, workItemTexts.assigned);
  }

  /** POST work-items/:queue/:recordId/take: "Assign to me". */
  function take(params: WorkItemParams, body: { expectedAssigneeId: string | null }, actor: WorkItemActor): Promise<WorkItemResponse> {
    return assignTo(params, actor.adminId, body.expectedAssigneeId, actor, () => workItemTexts.taken);
  }

  /** POST work-items/:queue/:recordId/release: by anyone who may hold it, naming its holder. */
  async function release(params: WorkItemParams, body: { expectedAssigneeId: string | null }, actor: WorkItemActor): Promise<WorkItemResponse> {
    return db.transaction(async (tx) => {
      const before = await lockedItem(tx, params, actor, body.expectedAssigneeId);
      if (!before.assigneeId) throw conflict(workItemTexts.notAssigned);
      const row = await setAssignee(tx, params.queue, params.recordId, null);
      await writeAudit(tx, actor, {
        action: 'work-item.release',
        targetType: AUDIT_TARGET_OF[row.queue],
        targetId: row.recordId,
        before: auditOf(before),
        after: auditOf(row),
      });
      return toResponse(workItemTexts.released, row, await readThresholds(tx));
    });
  }

  /** GET work-queue-thresholds, with the version an owner's change names in If-Match. */
  async function getThresholds(): Promise<WorkQueueThresholdsWithVersion> {
    const { value, version } = await readSettingWithVersion(db, WORK_QUEUE_THRESHOLDS_KEY);
    return { ...thresholdsOf(value), version };
  }

  /** PUT update-work-queue-thresholds (owners, step-up): every queue's threshold at once, audited as a setting. */
  async function updateThresholds(input: WorkQueueThresholds, actor: Actor): Promise<WorkQueueThresholdsResponse> {
    return db.transaction(async (tx) => {
      const { before, version } = await changeSetting(tx, actor, WORK_QUEUE_THRESHOLDS_KEY, JSON.stringify(input));
      await writeAudit(tx, actor, {
        action: 'settings.update',
        targetType: 'settings',
        targetId: WORK_QUEUE_THRESHOLDS_KEY,
        before: thresholdsOf(before),
        after: input,
      });
      return { message: workItemTexts.thresholdsSaved, data: input, version };
    });
  }

  /**
   * The `work-items-overdue` job: each assigned item past its queue's threshold notifies its holder,
   * once per item and assignment (the event key carries when it was assigned). Answers how many it wrote.
   */
  async function notifyOverdue(): Promise<number> {
    const at = new Date(now());
    const thresholds = await readThresholds(db);
    let written = 0;
    for (const queue of WORK_ITEM_QUEUES) {
      const items = await listOverdueAssigned(db, queue, overdueCutoffOf(thresholds[queue], at));
      written += await insertNotifications(
        db,
        items.map((item) => ({
          recipientId: item.assigneeId,
          kind: 'overdue' as const,
          title: `Overdue: ${WORK_QUEUE_LABELS[queue].toLowerCase()}: ${item.label ?? item.recordId.slice(0, 8)}`,
          recordType: WORK_ITEM_RECORD_TYPES[queue],
          recordId: item.recordId,
          eventKey: `overdue:${queue}:${item.recordId}:${item.assignedAt.getTime()}`,
        })),
      );
    }
    return written;
  }

  return { assign, take, release, getThresholds, updateThresholds, notifyOverdue };
}

export type AssignmentsService = ReturnType<typeof createAssignmentsService>;
