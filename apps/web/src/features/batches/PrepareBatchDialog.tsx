import { useMemo, useState } from 'react';
import type { PayoutBatchCandidate, PreparePayoutBatchResponse } from '@ute/contract';
import { Button, Modal, Spinner } from '../../components/ui';
import { formatCentsAud, formatDate } from '../../lib/format';
import { errorText } from '../../lib/toast';
import { usePayoutBatchCandidates, usePreparePayoutBatch } from './api';
import { bookingCountText } from './batchView';

const keyOf = (candidate: Pick<PayoutBatchCandidate, 'bookingKind' | 'bookingId'>) => `${candidate.bookingKind}:${candidate.bookingId}`;
const checkboxClass = 'h-4 w-4 cursor-pointer rounded border-slate-400 accent-brand-600 disabled:cursor-not-allowed';

/**
 * "Prepare batch": the delivered manual-payment bookings awaiting payout, oldest first; finance picks some or
 * all and the api claims them in one new batch (another admin must approve it). A booking whose owner cannot be
 * paid by bank file says why and cannot be picked. Bookings the api leaves out (taken meanwhile) are listed after.
 */
export function PrepareBatchDialog({ open, onClose, onPrepared }: { open: boolean; onClose: () => void; onPrepared: (batchId: string) => void }) {
  const candidates = usePayoutBatchCandidates(open);
  const [picked, setPicked] = useState<ReadonlySet<string>>(() => new Set());
  const [result, setResult] = useState<PreparePayoutBatchResponse | null>(null);
  const prepare = usePreparePayoutBatch({
    onSuccess: (answer) => {
      setPicked(new Set());
      if (answer.skipped.length === 0) onPrepared(answer.data.id);
      else setResult(answer);
    },
  });

  const rows = useMemo(() => candidates.data?.data ?? [], [candidates.data]);
  const pickable = useMemo(() => rows.filter((row) => row.blockedReason === null), [rows]);
  const chosen = pickable.filter((row) => picked.has(keyOf(row)));
  const allPicked = pickable.length > 0 && chosen.length === pickable.length;
  const totalCents = chosen.reduce((sum, row) => sum + row.amountCents, 0);

  const toggle = (key: string) =>
    setPicked((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const close = () => {
    if (prepare.isPending) return;
    setPicked(new Set());
    setResult(null);
    onClose();
  };
  const handlePrepare = () => prepare.mutate({ bookings: chosen.map((row) => ({ kind: row.bookingKind, id: row.bookingId })) });

  if (result) {
    return (
      <Modal
        open={open}
        onOpenChange={(next) => !next && close()}
        title={`Batch ${result.data.reference} prepared`}
        size="lg"
        footer={
          <Button
            onClick={() => {
              setResult(null);
              onPrepared(result.data.id);
            }}
          >
            Open batch
          </Button>
        }
      >
        <p className="mb-3 text-sm text-slate-800">
          {bookingCountText(result.data.lineCount)} in the batch. {bookingCountText(result.skipped.length)} left out:
        </p>
        <ul className="list-disc space-y-1 pl-5 text-sm text-slate-800">
          {result.skipped.map((item) => (
            <li key={keyOf(item)}>
              <span className="font-mono text-xs">{rows.find((row) => keyOf(row) === keyOf(item))?.bookingReference ?? item.bookingId}</span>: {item.reason}
            </li>
          ))}
        </ul>
      </Modal>
    );
  }

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && close()}
      title="Prepare batch"
      description="Delivered bookings paid by bank transfer and awaiting payout, oldest first. The batch pays each owner one credit; another admin must approve it before its ABA file can be downloaded."
      size="lg"
      footer={
        <>
          <span className="mr-auto self-center text-sm text-slate-800" aria-live="polite">
            {bookingCountText(chosen.length)} selected, {formatCentsAud(totalCents)}
          </span>
          <Button variant="secondary" onClick={close} disabled={prepare.isPending}>
            Cancel
          </Button>
          <Button onClick={handlePrepare} disabled={prepare.isPending || chosen.length === 0}>
            {prepare.isPending ? 'Preparing...' : 'Prepare batch'}
          </Button>
        </>
      }
    >
      {candidates.isPending ? (
        <Spinner label="Loading bookings awaiting payout" />
      ) : candidates.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorText(candidates.error)}
        </p>
      ) : rows.length === 0 ? (
        <p className="text-sm text-slate-700">No delivered manual-payment booking is awaiting payout.</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <caption className="sr-only">Bookings awaiting payout</caption>
            <thead className="bg-slate-100 text-left">
              <tr>
                <th scope="col" className="w-10 px-3 py-2">
                  <input
                    type="checkbox"
                    aria-label="Select all bookings"
                    className={checkboxClass}
                    checked={allPicked}
                    disabled={pickable.length === 0}
                    onChange={() => setPicked(allPicked ? new Set() : new Set(pickable.map(keyOf)))}
                  />
                </th>
                {['Booking', 'Owner', 'BSB', 'Account', 'Amount', 'Booked'].map((header) => (
                  <th key={header} scope="col" className="px-3 py-2 font-semibold text-slate-800">
                    {header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((row) => (
                <tr key={keyOf(row)}>
                  <td className="px-3 py-2">
                    <input
                      type="checkbox"
                      aria-label={`Select ${row.bookingReference}`}
                      className={checkboxClass}
                      checked={picked.has(keyOf(row))}
                      disabled={row.blockedReason !== null}
                      onChange={() => toggle(keyOf(row))}
                    />
                  </td>
                  <td className="whitespace-nowrap px-3 py-2 font-mono text-xs">{row.bookingReference}</td>
                  <td className="px-3 py-2">
                    <span className="block">{row.ownerName}</span>
                    {row.blockedReason && <span className="block text-xs text-red-700">{row.blockedReason}</span>}
                  </td>
                  <td className="whitespace-nowrap px-3 py-2 tabular-nums">{row.bsb ?? 'N/A'}</td>
                  <td className="whitespace-nowrap px-3 py-2 tabular-nums">{row.accountNumberMasked ?? 'N/A'}</td>
                  <td className="whitespace-nowrap px-3 py-2 tabular-nums">{formatCentsAud(row.amountCents)}</td>
                  <td className="whitespace-nowrap px-3 py-2">{formatDate(row.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {candidates.data?.hasMore && <p className="mt-2 text-xs text-slate-700">More bookings await payout: prepare this batch, then another for the rest.</p>}
    </Modal>
  );
}
