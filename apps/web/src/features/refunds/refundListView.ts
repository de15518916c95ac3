import { REFUND_RECOVERY_LABELS, type Refund } from '@ute/contract';
import type { BadgeTone } from '../../components/ui';

export const REFUND_TABS = [
  { value: 'all', label: 'All refunds' },
  { value: 'undecided', label: 'Recovery to choose' },
] as const;
export type RefundTab = (typeof REFUND_TABS)[number]['value'];

export const asRefundTab = (value: string): RefundTab => (value === 'undecided' ? 'undecided' : 'all');

export const REFUND_STATUS_TONES: Record<Refund['status'], BadgeTone> = { pending: 'yellow', succeeded: 'green', failed: 'red' };

/** Where the money went back and who made it: "Stripe (dashboard)", "Bank transfer NAB-1"... */
export function methodText(refund: Pick<Refund, 'method' | 'source' | 'bankReference'>): string {
  if (refund.method === 'manual') return `Bank transfer${refund.bankReference ? ` ${refund.bankReference}` : ''}`;
  const provider = refund.method === 'stripe' ? 'Stripe' : 'Offline ledger';
  return refund.source === 'stripe_dashboard' ? `${provider} (made in Stripe's dashboard)` : provider;
}

/** The recovery in words, with the transfer reversal's state when there is one. */
export function recoveryText(refund: Pick<Refund, 'recovery' | 'reversalStatus'>): string {
  const label = REFUND_RECOVERY_LABELS[refund.recovery];
  if (refund.recovery !== 'reverse_transfer' || !refund.reversalStatus || refund.reversalStatus === 'succeeded') return label;
  return `${label} (reversal ${refund.reversalStatus})`;
}
