import {
  LISTING_DECISION_ACTIVITIES,
  REJECTION_REASONS,
  toListingStatus,
  type BulkResponse,
  type ListingBulkBody,
  type ListingRejection,
  type MessageResponse,
  type Rejection,
  type RejectionReason,
  type SettableListingStatus,
} from '@ute/contract';
import type { DbOrTx } from '../../db/database';
import { runBulk } from '../../lib/bulk';
import type { Mailer } from '../mail/mailer';
import { approvalNoticeMail, rejectionNoticeMail, type ListingKind } from './listingNotices';
import * as repo from './moderation.repository';

const isRejectionReason = (value: string | null): value is RejectionReason => (REJECTION_REASONS as readonly (string | null)[]).includes(value);

/** A stored ute's or job's rejection as the details dialog shows it: only while it is Rejected, and only with a reason. */
export function rejectionOf(row: { status: string; rejectionReason: string | null; rejectionNote: string | null }): ListingRejection | null {
  if (toListingStatus(row.status) !== 'Rejected' || !isRejectionReason(row.rejectionReason)) return null;
  return { reason: row.rejectionReason, note: row.rejectionNote };
}

export interface ListingDecision {
  kind: ListingKind;
  /** The user who listed it (utes.owner_id, jobs.posted_by); nobody is told when null or deleted. */
  listerId: string | null;
  listingName: string | null;
  reference: string;
  status: SettableListingStatus;
  /** With a rejection: why (the single call may leave it out, as the spec's call sends no body). */
  rejection: Rejection | null;
}

/**
 * Tells the lister about a moderation decision, inside the decision's transaction: an entry in their
 * activity (`listing-approved` / `listing-rejected`, with the reason) and their notice mail in the
 * outbox, so both exist exactly when the decision does. Returns the mail's outbox id, to be sent once
 * the transaction has committed (Mailer.deliverSoon), or null when there is nobody to tell.
 */
export async function recordListingDecision(tx: DbOrTx, mailer: Mailer, decision: ListingDecision): Promise<string | null> {
  if (!decision.listerId) return null;
  const lister = await repo.findLister(tx, decision.listerId);
  if (!lister) return null;
  const target =
    decision.kind === 'ute'
      ? { uteName: decision.listingName ?? undefined, uteId: decision.reference }
      : { jobName: decision.listingName ?? undefined, jobId: decision.reference };
  const isApproval = decision.status === 'Approved';
  await repo.insertDecisionActivity(tx, {
    lister,
    activity: isApproval ? LISTING_DECISION_ACTIVITIES.approved : LISTING_DECISION_ACTIVITIES.rejected,
    target,
    response: decision.rejection ? { kind: decision.kind, reason: decision.rejection.reason, note: decision.rejection.note ?? null } : { kind: decision.kind },
  });
  const notice = { kind: decision.kind, to: lister.email, firstName: lister.firstName, listingName: decision.listingName, reference: decision.reference };
  const mail = isApproval
    ? approvalNoticeMail(notice)
    : rejectionNoticeMail({ ...notice, reason: decision.rejection?.reason ?? null, note: decision.rejection?.note ?? null });
  return mailer.enqueue(tx, mail);
}

/** The single-row actions of a listing module (utes, jobs) that its bulk call repeats. */
export interface ListingActions {
  setStatus: (id: string, status: SettableListingStatus, rejection: Rejection | null) => Promise<MessageResponse>;
  remove: (id: string) => Promise<MessageResponse>;
}

/** POST utes/bulk and jobs/bulk: each listing in turn, as its single call would (its own transaction, audit entry and notice). */
export function runListingBulk(body: ListingBulkBody, actions: ListingActions): Promise<BulkResponse> {
  const rejection = body.reason ? { reason: body.reason, note: body.note } : null;
  return runBulk(body.ids, async (id) => {
    if (body.action === 'delete') return (await actions.remove(id)).message;
    return (await actions.setStatus(id, body.action === 'approve' ? 'Approved' : 'Rejected', rejection)).message;
  });
}
