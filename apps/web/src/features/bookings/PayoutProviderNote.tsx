import type { PayoutProviderName } from '@ute/contract';
import { Info } from 'lucide-react';
import { payoutProviderNote } from './bookingView';

/** Which payout provider is active (Stripe or the offline ledger). */
export function PayoutProviderNote({ provider }: { provider: PayoutProviderName | undefined }) {
  if (!provider) return null;
  return (
    <p
      data-testid="payout-provider-note"
      className={`mb-4 flex items-start gap-2 rounded-md border px-3 py-2 text-sm ${provider === 'stripe' ? 'border-blue-200 bg-blue-50 text-blue-900' : 'border-amber-300 bg-amber-50 text-amber-900'}`}
    >
      <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <span>{payoutProviderNote(provider)}</span>
    </p>
  );
}
