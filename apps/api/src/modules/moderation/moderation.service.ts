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
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/database';
import { runBulk } from '../../lib/bulk';
import type { RateLimitStore } from '../../lib/rateLimiter';
import type { Config } from '../../plugins/config';
import { createMailQuota, type MailQuota } from '../../plugins/mailQuota';
import type { Actor } from '../../platform/audit/auditLog';
import type { CoalescedOutcome, Mailer } from '../../platform/mail/mailer';
import { approvalNoticeMail, rejectionNoticeMail, type ListingKind } from '../../platform/mail/templates/listingNotices';
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

/** What telling the lister came to, for the one who asked (see Mailer.enqueueCoalesced); null when nobody was there to tell. */
export type ListingNoticeOutcome = CoalescedOutcome | null;

/**
 * Tells the lister about a moderation decision, inside the decision's transaction (which holds the
 * listing's row lock): an entry in their activity (`listing-approved` / `listing-rejected`, with the
 * reason), one per decision, and their notice mail, coalesced per listing (createListingNotices).
 * `mayAddMail` is whether a new mail is within the acting admin's quota.
 */
export async function recordListingDecision(
  tx: DbOrTx,
  mailer: Mailer,
  decision: ListingDecision & { listingId: string },
  options: { windowSeconds: number; mayAddMail: boolean },
): Promise<ListingNoticeOutcome> {
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
  return mailer.enqueueCoalesced(tx, mail, { key: listingNoticeKey(decision.kind, decision.listingId), ...options });
}

/** The outbox key that a listing's notices share. */
export const listingNoticeKey = (kind: ListingKind, listingId: string): string => `listing:${kind}:${listingId}`;

export interface ListingNoticesDeps {
  mailer: Mailer;
  mailQuota: MailQuota;
  /** LISTING_NOTICE_WINDOW_SECONDS: how long a listing's notice is held for later decisions to replace. */
  windowSeconds: number;
  log: FastifyBaseLogger;
}

/**
 * A listing's notices to its lister (README, "Bulk moderation and notices to listers"), for the utes and jobs services.
 *
 * Coalesced: at most one mail per listing per decision window. The first decision's notice is held
 * in the outbox for the window; every later decision within it replaces the held text (the last
 * decision wins), and one that comes back to what the lister was last sent withdraws it, so
 * approve, reject, approve within a window sends one "approved" mail, or none if the lister had been
 * told "approved" already. A decision after the window starts a new one. The lister's activity keeps
 * one entry per decision: it is the record of what was decided, the mail only the news.
 *
 * Counted: every new notice mail takes a place in the acting admin's hourly mail quota
 * (MAILS_PER_ADMIN_PER_HOUR, the counter of replies and price mails); a decision that only replaces
 * or withdraws a held notice sends no further mail and takes none. Past the quota the decision is
 * still made, saved and audited, and only its notice is left out (logged as a warning); the lister's
 * activity entry is still written. Replies and price mails answer 429 past the quota because the mail
 * is the whole action there; a moderation decision is not about the mail, and refusing it would let
 * a mail counter stop an admin from taking a bad listing down. The spam-relay bound is the same.
 */
export function createListingNotices({ mailer, mailQuota, windowSeconds, log }: ListingNoticesDeps) {
  /**
   * Runs a decision (its own transaction, which calls `tell` once the listing is locked) with its
   * notice: the quota place is reserved before, the held mail written with its job, and the
   * place given back when the decision added no mail (or failed).
   */
  async function decideWithNotice<T>(
    actor: Actor,
    decide: (tell: (tx: DbOrTx, decision: ListingDecision & { listingId: string }) => Promise<void>) => Promise<T>,
  ): Promise<T> {
    const reservation = await mailQuota.reserve(actor.adminId);
    const told: { outcome: ListingNoticeOutcome; decision?: ListingDecision & { listingId: string } } = { outcome: null };
    let result: T;
    try {
      result = await decide(async (tx, decision) => {
        told.decision = decision;
        told.outcome = await recordListingDecision(tx, mailer, decision, { windowSeconds, mayAddMail: reservation.isAllowed });
      });
    } catch (error) {
      await reservation.release();
      throw error;
    }
    const { outcome, decision } = told;
    if (outcome?.kind !== 'held') await reservation.release();
    if (outcome?.kind === 'not-allowed' && decision)
      log.warn(
        { adminId: actor.adminId, kind: decision.kind, listingId: decision.listingId },
        'listing notice not sent: the admin has used up the hourly mail quota',
      );
    return result;
  }

  return { decideWithNotice };
}

export type ListingNotices = ReturnType<typeof createListingNotices>;

/** What the notices are built from: the app's mailer, rate-limit store, settings and log. */
export interface ListingNoticeSources {
  mailer: Mailer;
  limits: RateLimitStore;
  config: Pick<Config, 'MAILS_PER_ADMIN_PER_HOUR' | 'LISTING_NOTICE_WINDOW_SECONDS'>;
  log: FastifyBaseLogger;
}

/** The notices as the utes and jobs routes build them, from the app's mailer, rate-limit store and settings. */
export function listingNoticesOf({ mailer, limits, config, log }: ListingNoticeSources): ListingNotices {
  return createListingNotices({
    mailer,
    mailQuota: createMailQuota(limits, config.MAILS_PER_ADMIN_PER_HOUR),
    windowSeconds: config.LISTING_NOTICE_WINDOW_SECONDS,
    log,
  });
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
