import { useState } from 'react';
import { Ban, CirclePause, TriangleAlert } from 'lucide-react';
import { canCall, ownerHoldBodySchema, type OwnerPayoutStatus } from '@ute/contract';
import { Button, NoteDialog } from '../../components/ui';
import { useSession } from '../../lib/session';
import { useHoldOwnerPayouts, useReleaseOwnerPayouts } from './api';
import { holdText } from './ledgerView';

interface PayoutStatusNoticeProps {
  ownerId: string;
  ownerName: string;
  status: OwnerPayoutStatus;
}

/**
 * What stands between an owner and a payout: finance's hold (with its Release), Stripe refusing to pay
 * their account, their bank refusing the last payout. Finance and owners hold and release here.
 */
export function PayoutStatusNotice({ ownerId, ownerName, status }: PayoutStatusNoticeProps) {
  const roles = useSession((session) => session.user?.roles ?? []);
  const canHold = canCall(roles, 'holdOwnerPayouts');
  const canRelease = canCall(roles, 'releaseOwnerPayouts');
  const [isHoldOpen, setIsHoldOpen] = useState(false);
  const hold = useHoldOwnerPayouts({ onSuccess: () => setIsHoldOpen(false) });
  const release = useReleaseOwnerPayouts();
  const onHold = holdText(status);

  return (
    <section aria-labelledby="payouts-heading" className="mb-5 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="payouts-heading" className="mb-2 text-base font-semibold text-slate-900">
        Payouts
      </h2>
      <div className="flex flex-col gap-2 text-sm">
        {onHold ? (
          <div className="flex flex-wrap items-center gap-3 rounded-md bg-amber-50 px-3 py-2 text-amber-900">
            <CirclePause className="h-4 w-4 shrink-0" aria-hidden="true" />
            <p className="min-w-0 flex-1 break-words">{onHold}</p>
            {canRelease && (
              <Button size="sm" variant="secondary" disabled={release.isPending} onClick={() => release.mutate({ ownerId, version: status.version })}>
                {release.isPending ? 'Releasing...' : 'Release hold'}
              </Button>
            )}
          </div>
        ) : (
          <div className="flex flex-wrap items-center gap-3">
            <p className="min-w-0 flex-1 text-slate-700">Payouts to this owner are not on hold.</p>
            {canHold && (
              <Button size="sm" variant="secondary" onClick={() => setIsHoldOpen(true)}>
                Hold payouts
              </Button>
            )}
          </div>
        )}
        {status.payoutsEnabled === false && (
          <p className="flex items-center gap-2 rounded-md bg-red-50 px-3 py-2 text-red-800">
            <Ban className="h-4 w-4 shrink-0" aria-hidden="true" />
            <span className="break-words">Stripe cannot pay this owner&apos;s account: {status.disabledReason ?? 'no reason given'}</span>
          </p>
        )}
        {status.lastPayoutFailure && (
          <p className="flex items-center gap-2 rounded-md bg-red-50 px-3 py-2 text-red-800">
            <TriangleAlert className="h-4 w-4 shrink-0" aria-hidden="true" />
            <span className="break-words">Last bank payout failed: {status.lastPayoutFailure}</span>
          </p>
        )}
      </div>
      <NoteDialog
        open={isHoldOpen}
        title="Hold payouts"
        description={`Transfers to ${ownerName} are refused, with this reason, until the hold is released.`}
        label="Reason"
        schema={ownerHoldBodySchema.shape.reason}
        submitLabel="Hold payouts"
        isPending={hold.isPending}
        onSubmit={(reason) => hold.mutate({ ownerId, version: status.version, body: { reason } })}
        onClose={() => setIsHoldOpen(false)}
      />
    </section>
  );
}
