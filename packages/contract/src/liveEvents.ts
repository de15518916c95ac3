import { z } from 'zod';
import { ACTIVITY_TIME_ZONE } from './people';
import { workQueueCountSchema } from './workQueues';

/**
 * Live events (docs/design.md §14): one Server-Sent Event stream per signed-in tab (`GET /events`),
 * fed by every api process from PostgreSQL's NOTIFY. Each event's `event:` name is one of these and
 * its `data:` the JSON below.
 */
export const LIVE_EVENT_NAMES = ['record', 'workQueues', 'notification', 'signedOut', 'resync'] as const;
export type LiveEventName = (typeof LIVE_EVENT_NAMES)[number];

/** How often a quiet stream says it is alive (an SSE comment), under every proxy's idle timeout. */
export const LIVE_EVENTS_HEARTBEAT_MS = 15_000;

/** A record changed: who did what to it and when (from its audit entry; no business data). */
export const recordChangeSchema = z.object({
  /** The audit entry's target type (AUDIT_TARGET_TYPES), e.g. `ute`, `customer_query`. */
  recordType: z.string(),
  recordId: z.string(),
  action: z.string(),
  /** The status the record was given, when the change set one (`Approved`). */
  status: z.string().nullable(),
  adminId: z.string().nullable(),
  /** Null for a change no admin made (a webhook, a job). */
  adminName: z.string().nullable(),
  at: z.string(),
});
export type RecordChange = z.infer<typeof recordChangeSchema>;

export const workQueuesEventSchema = z.array(workQueueCountSchema);

/**
 * Audit actions that read, export or annotate and change no record's state: they are no live change
 * and never make an action stale.
 */
export const UNCHANGING_AUDIT_ACTIONS: readonly string[] = [
  'receipt.read',
  'bank-details.read',
  'batch.download',
  'list.export',
  'note.create',
  'note.edit',
  'note.retract',
  'note.export',
  'audit.export',
  'audit.verify',
  'admin.step-up',
  'admin.sign-in-two-factor',
  'tax-invoice.issue',
];

const CHANGE_VERBS: Readonly<Record<string, string>> = {
  'ute.delete': 'Deleted',
  'job.delete': 'Deleted',
  'quote.send-price': 'Priced',
  'quote.reject': 'Rejected',
  'quote.accept': 'Accepted',
  'shipment.update': 'Edited',
  'shipment.delete': 'Deleted',
  'user.activate': 'Activated',
  'user.deactivate': 'Deactivated',
  'user.delete': 'Deleted',
  'query.reply': 'Answered',
  'query.delete': 'Deleted',
  'payout.start': 'Payout started',
  'payout.succeed': 'Paid out',
  'payout.fail': 'Payout failed',
  'payout.manual': 'Paid out manually',
  'payout.hold': 'Payout held',
  'payout.release': 'Payout released',
  'job-booking.delete': 'Deleted',
  'payment.accept': 'Accepted',
  'refund.create': 'Refunded',
  'refund.succeed': 'Refunded',
  'refund.fail': 'Refund failed',
  'refund.webhook': 'Refunded',
  'refund.recovery': 'Recovery chosen',
  'admin.invite': 'Invited',
  'admin.invite-accept': 'Invitation accepted',
  'admin.roles': 'Roles changed',
  'admin.status': 'Status changed',
  'admin.two-factor-reset': '2FA reset',
  'platform-fee.update': 'Fee changed',
  'business-details.update': 'Changed',
  'saved-view.update': 'Changed',
  'saved-view.delete': 'Deleted',
  'dispute.evidence-draft': 'Evidence drafted',
  'dispute.evidence-submit': 'Evidence submitted',
  'dispute.loss-recovery': 'Loss recovery chosen',
  'batch.approve': 'Approved',
  'batch.paid': 'Marked paid',
  'batch.line-returned': 'Credit returned',
  'batch.cancel': 'Cancelled',
  'faq.update': 'Edited',
  'faq.delete': 'Deleted',
  'blog.update': 'Edited',
  'blog.delete': 'Deleted',
};

/** The change in a word or two, past tense: "Approved", "Deleted", "Changed". */
export function changeVerb(change: Pick<RecordChange, 'action' | 'status'>): string {
  const verb = CHANGE_VERBS[change.action];
  if (verb) return verb;
  return change.action.endsWith('.status') && change.status ? change.status : 'Changed';
}

/** "Approved by Ava", "Paid out by the system". */
export function changedByText(change: Pick<RecordChange, 'action' | 'status' | 'adminName'>): string {
  return `${changeVerb(change)} by ${change.adminName ?? 'the system'}`;
}

const timeOfDay = new Intl.DateTimeFormat('en-AU', { timeZone: ACTIVITY_TIME_ZONE, hour: 'numeric', minute: '2-digit', second: '2-digit', hour12: true });

export const staleTexts = {
  badIfMatch: 'If-Match must be the version of the record, as its list or details gave it',
} as const;

/**
 * The 409 of an action on a record that changed after the admin loaded it (the `If-Match` of
 * docs/design.md §14): "Approved by Ava at 10:32:05 am, after you opened it. Reload to see the change."
 */
export function staleRecordMessage(change: Pick<RecordChange, 'action' | 'status' | 'adminName' | 'at'> | null): string {
  if (!change) return 'This record changed after you opened it. Reload to see the change.';
  return `${changedByText(change)} at ${timeOfDay.format(new Date(change.at))}, after you opened it. Reload to see the change.`;
}
