import {
  DISPUTE_STATUS_FILTER_LABELS,
  DISPUTE_STATUS_FILTERS,
  disputeDaysLeft,
  formatDate,
  type DisputeLossRecovery,
  type DisputeStatusFilter,
  type DisputeSummary,
} from '@ute/contract';
import type { BadgeTone } from '../../components/ui';

/** The Status filter's choices: all, then each group. */
export const DISPUTE_STATUS_OPTIONS: { value: '' | DisputeStatusFilter; label: string }[] = [
  { value: '', label: 'All' },
  ...DISPUTE_STATUS_FILTERS.map((value) => ({ value, label: DISPUTE_STATUS_FILTER_LABELS[value] })),
];

/** The URL's status, or none (every dispute) for anything else. */
export const asDisputeStatusFilter = (value: string): DisputeStatusFilter | undefined => DISPUTE_STATUS_FILTERS.find((status) => status === value);

/** Stripe's status in words: `needs_response` reads "needs response". */
export const disputeStatusLabel = (status: string) => status.replaceAll('_', ' ');

/** Waiting for us yellow, with Stripe blue, won green, lost red, other ends grey. */
export function disputeStatusTone(dispute: Pick<DisputeSummary, 'status' | 'statusGroup'>): BadgeTone {
  if (dispute.status === 'won') return 'green';
  if (dispute.status === 'lost') return 'red';
  if (dispute.statusGroup === 'closed') return 'grey';
  return dispute.statusGroup === 'needs_response' ? 'yellow' : 'blue';
}

/** Stripe's reason in words: `product_not_received` reads "product not received". */
export const disputeReasonLabel = (reason: string) => reason.replaceAll('_', ' ');

/** What is left of the time to answer, while an answer is awaited: "3 days left", "Due today", "Overdue by 2 days". */
export function daysLeftText(dispute: Pick<DisputeSummary, 'evidenceDueBy' | 'statusGroup'>, now = new Date()): { text: string; isOverdue: boolean } | null {
  if (dispute.statusGroup !== 'needs_response') return null;
  const days = disputeDaysLeft(dispute.evidenceDueBy, now);
  if (days === null) return null;
  if (days < 0) return { text: `Overdue by ${-days} ${-days === 1 ? 'day' : 'days'}`, isOverdue: true };
  if (days === 0) return { text: 'Due today', isOverdue: false };
  return { text: `${days} ${days === 1 ? 'day' : 'days'} left`, isOverdue: false };
}

export const dueDateText = (evidenceDueBy: string | null) => formatDate(evidenceDueBy, 'No due date');

const RECOVERY_DONE: Record<DisputeLossRecovery, string> = { absorb: 'Borne by the platform', owner_balance: 'Charged to the owner' };

/** A lost dispute's recovery, in words; null while it is not lost. */
export function lossRecoveryText(dispute: Pick<DisputeSummary, 'status' | 'lossRecovery'>): string | null {
  if (dispute.status !== 'lost') return null;
  return dispute.lossRecovery ? RECOVERY_DONE[dispute.lossRecovery] : 'Recovery to choose';
}

/** The ledger's accounts in words, for a dispute's journals. */
export const LEDGER_ACCOUNT_LABELS: Record<string, string> = {
  platform_cash: 'Platform cash',
  disputes_pending: 'Disputes pending',
  platform_expense: 'Platform expense',
  adjustments: "Owner's adjustments (owed by the owner)",
};
export const ledgerAccountLabel = (account: string) => LEDGER_ACCOUNT_LABELS[account] ?? account;
