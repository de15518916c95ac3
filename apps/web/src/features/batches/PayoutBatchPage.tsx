import { useId, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { ArrowLeft, Download } from 'lucide-react';
import { BATCH_MESSAGES, canCall, returnPayoutCreditBodySchema, type PayoutBatch, type PayoutBatchCredit } from '@ute/contract';
import { Button, ConfirmDialog, DataTable, NoteDialog, Spinner, StatusBadge } from '../../components/ui';
import { ACTIONS_COLUMN_ID } from '../../components/ui/DataTable';
import { screens } from '../../config/screens';
import { formatCentsAud, formatDate, formatDateTime, orNA } from '../../lib/format';
import { useSession } from '../../lib/session';
import { errorText } from '../../lib/toast';
import { useBatchStep, useDownloadAba, usePayoutBatch, useReturnCredit } from './api';
import { approveBlockedReason, BATCH_STATUS_TONES, batchSteps, bookingCountText, CREDIT_STATUS_TONES, isReturnable } from './batchView';

function BatchHeader({ batch }: { batch: PayoutBatch }) {
  const settled: [string, string][] = [];
  if (batch.paidAt) settled.push(['Marked paid', `${orNA(batch.paidBy)}, ${formatDateTime(batch.paidAt)}`]);
  if (batch.cancelledAt) settled.push(['Cancelled', `${orNA(batch.cancelledBy)}, ${formatDateTime(batch.cancelledAt)}`]);
  const facts: [string, string][] = [
    ['Processing date', formatDate(batch.processingDate)],
    ['Bookings', String(batch.lineCount)],
    ['Owners (credits)', String(batch.creditCount)],
    ['Total', formatCentsAud(batch.totalCents)],
    ['Prepared', `${orNA(batch.preparedBy)}, ${formatDateTime(batch.preparedAt)}`],
    ['Approved', batch.approvedAt ? `${orNA(batch.approvedBy)}, ${formatDateTime(batch.approvedAt)}` : 'Not yet'],
    ...settled,
    ['File', `${batch.fileName}, downloaded ${batch.downloadCount} ${batch.downloadCount === 1 ? 'time' : 'times'}`],
  ];
  return (
    <div className="mb-5 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">Payout batch {batch.reference}</h1>
        <StatusBadge label={batch.status} tone={BATCH_STATUS_TONES[batch.status]} />
      </div>
      <dl className="mt-3 grid grid-cols-1 gap-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt className="text-slate-600">{term}</dt>
            <dd className="break-words text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 break-all text-xs text-slate-600">SHA-256 of the file as prepared (the approval pins it): {batch.fileSha256}</p>
    </div>
  );
}

/** Approve: disabled for the admin who prepared the batch, saying why beneath it (maker-checker). */
function ApproveButton({ blockedReason, isPending, onApprove }: { blockedReason: string | null; isPending: boolean; onApprove: () => void }) {
  const reasonId = useId();
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <Button variant="success" disabled={isPending || blockedReason !== null} aria-describedby={blockedReason ? reasonId : undefined} onClick={onApprove}>
        {isPending ? 'Approving...' : 'Approve'}
      </Button>
      {blockedReason && (
        <span id={reasonId} className="max-w-64 text-xs text-red-700">
          {blockedReason}
        </span>
      )}
    </span>
  );
}

type Confirming = 'paid' | 'cancel' | null;

/**
 * A payout batch (Payout Batches → a batch): its credits, one per owner as the ABA file pays them, each with
 * its bookings; and the steps its status allows: Approve (another admin than the preparer), Download ABA,
 * Mark paid, Return a credit the bank sent back, Cancel.
 */
export function PayoutBatchPage() {
  const { id = '' } = useParams();
  const query = usePayoutBatch(id);
  const roles = useSession((session) => session.user?.roles ?? []);
  const adminId = useSession((session) => session.user?._id);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [toReturn, setToReturn] = useState<PayoutBatchCredit | null>(null);
  const approve = useBatchStep('approvePayoutBatch');
  const markPaid = useBatchStep('markPayoutBatchPaid', { onSettled: () => setConfirming(null) });
  const cancel = useBatchStep('cancelPayoutBatch', { onSettled: () => setConfirming(null) });
  const returnCredit = useReturnCredit({ onSuccess: () => setToReturn(null) });
  const download = useDownloadAba(id);

  const batch = query.data?.data;
  const steps = batch ? batchSteps(batch.status) : null;
  const canReturn = Boolean(steps?.canReturn) && canCall(roles, 'returnPayoutBatchCredit');

  const columns = useMemo<ColumnDef<PayoutBatchCredit, unknown>[]>(
    () => [
      { id: 'owner', header: 'Owner', cell: ({ row }) => <span className="block min-w-32 font-medium">{row.original.ownerName}</span> },
      { id: 'bsb', header: 'BSB', cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{row.original.bsb}</span> },
      { id: 'account', header: 'Account', cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{row.original.accountNumberMasked}</span> },
      { id: 'accountName', header: 'Account name', cell: ({ row }) => <span className="block min-w-32">{row.original.accountName}</span> },
      {
        id: 'bookings',
        header: 'Bookings',
        cell: ({ row }) => (
          <ul className="min-w-28">
            {row.original.lines.map((line) => (
              <li key={line.id} className="whitespace-nowrap font-mono text-xs">
                {line.bookingReference} <span className="font-sans text-slate-600">{formatCentsAud(line.amountCents)}</span>
              </li>
            ))}
          </ul>
        ),
      },
      {
        id: 'amount',
        header: 'Amount',
        cell: ({ row }) => <span className="whitespace-nowrap font-semibold tabular-nums">{formatCentsAud(row.original.amountCents)}</span>,
      },
      {
        id: 'status',
        header: 'Status',
        cell: ({ row }) => (
          <span className="flex min-w-32 flex-col items-start gap-1">
            <StatusBadge label={row.original.status} tone={CREDIT_STATUS_TONES[row.original.status]} />
            {row.original.returnReason && <span className="text-xs text-red-700">{row.original.returnReason}</span>}
          </span>
        ),
      },
      {
        id: ACTIONS_COLUMN_ID,
        header: 'Actions',
        cell: ({ row }) =>
          canReturn && isReturnable(row.original) ? (
            <div className="flex gap-2">
              <Button
                size="sm"
                variant="secondary"
                disabled={returnCredit.isRowPending(row.original.ownerId)}
                aria-label={`Return ${row.original.ownerName}'s credit`}
                onClick={() => setToReturn(row.original)}
              >
                Return
              </Button>
            </div>
          ) : null,
      },
    ],
    [canReturn, returnCredit],
  );

  if (query.isPending) return <Spinner />;
  if (query.isError || !batch || !steps) {
    return (
      <p role="alert" className="text-red-700">
        {errorText(query.error)}
      </p>
    );
  }
  const blockedReason = approveBlockedReason(batch, adminId);

  return (
    <section>
      <Link to={screens.payoutBatches.href()} className="mb-3 inline-flex items-center gap-1 text-sm text-brand-700 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        Payout Batches
      </Link>
      <BatchHeader batch={batch} />
      <div className="mb-5 flex flex-wrap items-start gap-2">
        {steps.canApprove && canCall(roles, 'approvePayoutBatch') && (
          <ApproveButton blockedReason={blockedReason} isPending={approve.isPending} onApprove={() => approve.mutate(batch)} />
        )}
        {steps.canDownload && canCall(roles, 'downloadPayoutBatch') && (
          <Button variant="secondary" disabled={download.isPending} onClick={() => download.mutate()}>
            <Download className="h-4 w-4" aria-hidden="true" />
            {download.isPending ? 'Downloading...' : 'Download ABA'}
          </Button>
        )}
        {steps.canMarkPaid && canCall(roles, 'markPayoutBatchPaid') && <Button onClick={() => setConfirming('paid')}>Mark paid</Button>}
        {steps.canCancel && canCall(roles, 'cancelPayoutBatch') && (
          <Button variant="danger" onClick={() => setConfirming('cancel')}>
            Cancel batch
          </Button>
        )}
      </div>
      {batch.status === 'prepared' && <p className="mb-4 max-w-3xl text-sm text-slate-700">{BATCH_MESSAGES.approveHint}</p>}
      <h2 className="mb-2 text-lg font-semibold text-slate-900">Credits ({bookingCountText(batch.lineCount)})</h2>
      <DataTable
        columns={columns}
        data={query.data.credits}
        getRowId={(credit) => credit.ownerId}
        caption="Credits of the batch, one per owner, as in the file"
      />

      <ConfirmDialog
        open={confirming === 'paid'}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Mark batch paid"
        message={`The bank has paid ${batch.reference}: each booking still in it becomes transferred and its owner's money paid out. Return a credit instead if the bank sent it back.`}
        confirmLabel="Mark paid"
        tone="primary"
        isPending={markPaid.isPending}
        onConfirm={() => markPaid.mutate(batch)}
      />
      <ConfirmDialog
        open={confirming === 'cancel'}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Cancel batch"
        message={`${BATCH_MESSAGES.cancelHint}${batch.downloadCount > 0 ? ` Its file was downloaded ${batch.downloadCount} ${batch.downloadCount === 1 ? 'time' : 'times'}.` : ''}`}
        confirmLabel="Cancel batch"
        cancelLabel="Keep batch"
        isPending={cancel.isPending}
        onConfirm={() => cancel.mutate(batch)}
      />
      <NoteDialog
        open={toReturn !== null}
        title="Return credit"
        description={
          toReturn
            ? `The bank returned ${toReturn.ownerName}'s credit of ${formatCentsAud(toReturn.amountCents)}: its ${bookingCountText(toReturn.lines.length)} go back to awaiting payout.`
            : undefined
        }
        label="Reason"
        schema={returnPayoutCreditBodySchema.shape.reason}
        submitLabel="Mark returned"
        isPending={returnCredit.isPending}
        onSubmit={(reason) => toReturn && returnCredit.mutate({ batchId: batch.id, version: batch.version, ownerId: toReturn.ownerId, reason })}
        onClose={() => setToReturn(null)}
      />
    </section>
  );
}
