import {
  formatCentsAud,
  REFUND_MESSAGES,
  REFUND_RECOVERY_CHOICES,
  REFUND_RECOVERY_LABELS,
  refundExceedsMessage,
  refundPartsOf,
  type RefundRecovery,
  type RefundRecoveryChoice,
  type RefundSummary,
} from '@ute/contract';

/** Dollars as typed ("25", "25.5", "25.50", "1,025.50") in cents; null when it is not an amount. */
export function centsOfDollars(text: string): number | null {
  const match = /^\s*\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  return Number(match[1].replaceAll(',', '')) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Cents as the amount field shows them: 2550 -> "25.50". */
export const dollarsOfCents = (cents: number): string => (cents / 100).toFixed(2);

/** Why the amount cannot be refunded, or null: a positive amount, at most what is left. */
export function amountError(text: string, remainingCents: number): string | null {
  const cents = centsOfDollars(text);
  if (cents === null || cents < 1) return REFUND_MESSAGES.amountFormInvalid;
  if (cents > remainingCents) return refundExceedsMessage(remainingCents);
  return null;
}

/** Where the owner's share goes, in words, by the recovery it will have. */
const OWNER_SHARE_NOTES: Record<RefundRecovery, string> = {
  none: '',
  not_paid_yet: 'taken off their payout of this booking',
  reverse_transfer: 'taken back from their Stripe transfer',
  owner_balance: 'charged to their balance, offset against their next payouts',
  absorb: 'borne by the platform',
  undecided: 'to be chosen',
};

export interface PreviewRow {
  label: string;
  value: string;
}

/**
 * What a refund of `amountCents` takes from each part of the booking's money (the api journals the
 * same, refundPartsOf): the fee and its GST in proportion, the owner's share and where it goes.
 */
export function refundPreview(summary: RefundSummary, amountCents: number, recovery: RefundRecoveryChoice | null): PreviewRow[] {
  const parts = refundPartsOf(summary.split, summary.bookedRefundedCents, amountCents);
  const rows: PreviewRow[] = [];
  if (parts.bookedCents > 0) {
    rows.push({ label: 'Platform fee refunded', value: `${formatCentsAud(parts.feeCents)} (GST ${formatCentsAud(parts.gstCents)})` });
    const shareRecovery: RefundRecovery = summary.isOwnerPaid ? (recovery ?? 'undecided') : 'not_paid_yet';
    rows.push({ label: "Owner's share", value: `${formatCentsAud(parts.ownerCents)}: ${OWNER_SHARE_NOTES[shareRecovery]}` });
  }
  if (parts.unbookedCents > 0) {
    const why = summary.booking ? 'the booking is not delivered yet' : 'no booking';
    rows.push({ label: 'From customer funds', value: `${formatCentsAud(parts.unbookedCents)} (${why})` });
  }
  return rows;
}

/** The owner's share of a refund of `amountCents` (the reversal must cover it). */
export const ownerShareOf = (summary: RefundSummary, amountCents: number): number =>
  refundPartsOf(summary.split, summary.bookedRefundedCents, amountCents).ownerCents;

/** The recovery choices, each with whether it can be had now and why not. */
export function recoveryOptions(summary: RefundSummary, amountCents: number): { value: RefundRecoveryChoice; label: string; disabledReason: string | null }[] {
  const reversible = summary.booking?.reversibleCents ?? 0;
  return REFUND_RECOVERY_CHOICES.map((value) => {
    let disabledReason: string | null = null;
    if (value === 'reverse_transfer') {
      if (reversible <= 0) disabledReason = REFUND_MESSAGES.notReversible;
      else if (reversible < ownerShareOf(summary, amountCents)) disabledReason = REFUND_MESSAGES.reversalTooSmall;
    }
    return { value, label: REFUND_RECOVERY_LABELS[value], disabledReason };
  });
}
