import { REJECTION_REASON_LABELS, type RejectionReason } from '@ute/contract';
import type { OutgoingMail } from '../mailer';

/**
 * Every mail a lister gets about a moderation decision, in one file: the ute or job they listed was
 * approved, or rejected with a reason (and the admin's note). Plain words, the listing named as the
 * lister knows it (its name and reference), no links that could be mistaken for phishing.
 */

export type ListingKind = 'ute' | 'job';

export interface ListingNotice {
  kind: ListingKind;
  /** The lister's email and first name. */
  to: string;
  firstName: string;
  /** The ute's name or the job's title, as listed; the reference (UTE-000123, JOB-000045). */
  listingName: string | null;
  reference: string;
}

export interface RejectionNotice extends ListingNotice {
  /** Null when the admin gave none (the spec's single call sends no reason). */
  reason: RejectionReason | null;
  note: string | null;
}

const KIND_NAMES: Record<ListingKind, string> = { ute: 'ute', job: 'job' };

const greeting = (firstName: string) => `Hi ${firstName.trim() || 'there'},`;

/** "your ute “Red Hilux” (UTE-000123)", or "your ute UTE-000123" when it has no name. */
function listingPhrase({ kind, listingName, reference }: ListingNotice): string {
  const name = listingName?.trim();
  return name ? `your ${KIND_NAMES[kind]} “${name}” (${reference})` : `your ${KIND_NAMES[kind]} ${reference}`;
}

const SIGN_OFF = ['', 'The Ute Marketplace team'];

export function approvalNoticeMail(notice: ListingNotice): OutgoingMail {
  return {
    to: notice.to,
    subject: `Your ${KIND_NAMES[notice.kind]} listing ${notice.reference} is approved`,
    body: [
      greeting(notice.firstName),
      '',
      `Good news: we have checked ${listingPhrase(notice)} and it is now approved. It is live on the marketplace and people can book it.`,
      ...SIGN_OFF,
    ].join('\n'),
  };
}

export function rejectionNoticeMail(notice: RejectionNotice): OutgoingMail {
  const note = notice.note?.trim();
  return {
    to: notice.to,
    subject: `Your ${KIND_NAMES[notice.kind]} listing ${notice.reference} was not approved`,
    body: [
      greeting(notice.firstName),
      '',
      `We have checked ${listingPhrase(notice)} and could not approve it.`,
      ...(notice.reason ? ['', `The reason: ${REJECTION_REASON_LABELS[notice.reason]}.`] : []),
      ...(note ? ['', `A note from our team: ${note}`] : []),
      '',
      `You can fix this in the app and submit the ${KIND_NAMES[notice.kind]} again; we will look at it once more.`,
      ...SIGN_OFF,
    ].join('\n'),
  };
}
