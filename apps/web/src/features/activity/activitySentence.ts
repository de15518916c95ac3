import { formatAud, REJECTION_REASON_LABELS, type ActivityRecord, type RejectionReason } from '@ute/contract';

export const UNKNOWN_USER = 'Unknown User';

/** "{first} {last}", or the fallback (the page's user, else 'Unknown User') when the record has no name. */
export function activityPersonName(record: Pick<ActivityRecord, 'activityBy'>, fallback?: string): string {
  const name = `${record.activityBy?.firstName ?? ''} ${record.activityBy?.lastName ?? ''}`.trim();
  return name || fallback?.trim() || UNKNOWN_USER;
}

/** The activity type as a label: hyphens become spaces ('create-ute-booking' → 'create ute booking'). */
export function activityLabel(activity: string): string {
  return activity.replaceAll('-', ' ');
}

/** The entry's time, taken from its key that holds AM or PM ('10:32 AM'); '' when there is none. */
export function activityTimeOf(entry: Record<string, unknown>): string {
  return Object.keys(entry).find((key) => /\b(AM|PM)\b/i.test(key)) ?? '';
}

/** A free `response` value as text: a string or number as is, a person by name, else 'N/A'. */
function responseText(response: unknown): string {
  if (typeof response === 'string' && response.trim()) return response.trim();
  if (typeof response === 'number') return String(response);
  if (response && typeof response === 'object') {
    const value = response as Record<string, unknown>;
    const person = `${typeof value.firstName === 'string' ? value.firstName : ''} ${typeof value.lastName === 'string' ? value.lastName : ''}`.trim();
    if (person) return person;
    for (const key of ['fullName', 'name', 'uteName', 'jobName']) {
      if (typeof value[key] === 'string' && (value[key] as string).trim()) return (value[key] as string).trim();
    }
  }
  return 'N/A';
}

function text(value: string | undefined | null): string {
  return value?.trim() || 'N/A';
}

function amountText(amount: number | undefined | null): string {
  return typeof amount === 'number' ? formatAud(amount) : 'N/A';
}

/** The listing a moderation decision was about: 'UTE Red Hilux (ID: UTE-000123)' or 'job Tip run (ID: JOB-000045)'. */
function listingText(to: NonNullable<ActivityRecord['activityTo']>): string {
  return to.jobId ? `job ${text(to.jobName)} (ID: ${to.jobId})` : `UTE ${text(to.uteName)} (ID: ${text(to.uteId)})`;
}

/** ': <reason>. Note: <note>.' of a rejection's `response` ({ reason, note }); '.' without a reason. */
function rejectionText(response: unknown): string {
  const { reason, note } = (response ?? {}) as { reason?: unknown; note?: unknown };
  const label = typeof reason === 'string' && reason in REJECTION_REASON_LABELS ? REJECTION_REASON_LABELS[reason as RejectionReason] : null;
  if (!label) return '.';
  return typeof note === 'string' && note.trim() ? `: ${label}. Note: ${note.trim()}` : `: ${label}.`;
}

/**
 * The sentence of docs/product.md for one activity, with the person's name first.
 * Amounts are dollars, shown as AUD (A$250.00); a missing value reads 'N/A'.
 */
export function activitySentence(record: ActivityRecord, fallbackName?: string): string {
  const name = activityPersonName(record, fallbackName);
  const to = record.activityTo ?? {};
  const type = record.type ?? null;
  const response = record.response;
  switch (record.activity) {
    case 'logged-in':
      return `${name} logged in.`;
    case 'logged-out':
      return `${name} logged out.`;
    case 'add-ute':
      return `${name} added a new UTE ${text(to.uteName)} (ID: ${text(to.uteId)}).`;
    case 'add-job':
      return `${name} added a new job ${text(to.jobName)} (ID: ${text(to.jobId)}).`;
    case 'create-ute-booking':
      return `${name} booked the UTE ${text(to.uteName)} for ${amountText(to.amount)}.`;
    case 'ute-accept-booking':
      return `${name} accepted the booking request for ${responseText(response)} from ${text(to.fullName)}.`;
    case 'ute-reject-booking':
      return `${name} rejected the booking request for ${responseText(response)} from ${text(to.fullName)}.`;
    case 'initiate-manual-payment':
      return `${name} initiated a manual ${type === 'manualUTEPayment' ? 'UTE' : 'job'} payment for ${text(to.uteName)} of ${amountText(to.amount)}.`;
    case 'initiate-stripe-ute-payment':
      return `${name} initiated a Stripe ${type === 'utePayment' ? 'UTE' : 'job'} payment of ${amountText(to.amount)}.`;
    case 'initiate-stripe-job-payment':
      return `${name} initiated a payment of ${amountText(to.amount)} for the UTE ${to.uteName?.trim() || responseText(response)} on the job ${text(to.jobName)}.`;
    case 'uteOwner-apply-for-job':
      return to.jobName?.trim() ? `${name} applied for the job ${to.jobName.trim()}.` : `${name} applied for a job.`;
    case 'ute-dispatched':
      return `${name} dispatched the UTE ${responseText(response)} for the job ${text(to.jobName)}.`;
    case 'otp-send':
      return type === 'JobOtpSend'
        ? `${name} sent a delivery OTP for the job ${text(to.jobName)} using the UTE ${responseText(response)}.`
        : `${name} sent a delivery OTP for the UTE ${text(to.uteName)} to ${responseText(response)}.`;
    case 'completed':
      return type === 'UteTaskCompleted'
        ? `${name} completed the UTE task ${text(to.uteName)} for ${response === undefined || response === null ? text(to.fullName) : responseText(response)}.`
        : `${name} completed the job ${text(to.jobName)} using the UTE ${response === undefined || response === null ? text(to.uteName) : responseText(response)}.`;
    case 'job-request-rejected':
      return to.jobName?.trim() ? `${name} rejected the request for the job ${to.jobName.trim()}.` : `${name} rejected a job request.`;
    case 'listing-approved':
      return `${name}'s ${listingText(to)} was approved.`;
    case 'listing-rejected':
      return `${name}'s ${listingText(to)} was rejected${rejectionText(response)}`;
    default:
      return `${name} performed the activity ${activityLabel(record.activity)}.`;
  }
}
