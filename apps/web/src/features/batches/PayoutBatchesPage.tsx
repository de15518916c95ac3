import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { FilePlus2 } from 'lucide-react';
import { canCall, type PayoutBatch } from '@ute/contract';
import { Button, EmptyState, PagedListView, PageHeader, StatusBadge } from '../../components/ui';
import { screens } from '../../config/screens';
import { formatCentsAud, formatDate, formatDateTime, orNA } from '../../lib/format';
import { useSession } from '../../lib/session';
import { useKeepPageInRange } from '../../lib/useKeepPageInRange';
import { useListParams } from '../../lib/useListParams';
import { PAYOUT_BATCHES_PAGE_SIZE, usePayoutBatches } from './api';
import { BATCH_STATUS_TONES } from './batchView';
import { PrepareBatchDialog } from './PrepareBatchDialog';

const BATCH_COLUMNS: ColumnDef<PayoutBatch, unknown>[] = [
  {
    id: 'reference',
    header: 'Batch',
    cell: ({ row }) => (
      <Link to={screens.payoutBatch.href({ id: row.original.id })} className="whitespace-nowrap font-medium text-brand-700 underline-offset-2 hover:underline">
        {row.original.reference}
      </Link>
    ),
  },
  { id: 'status', header: 'Status', cell: ({ row }) => <StatusBadge label={row.original.status} tone={BATCH_STATUS_TONES[row.original.status]} /> },
  { id: 'lines', header: 'Bookings', cell: ({ row }) => <span className="tabular-nums">{row.original.lineCount}</span> },
  { id: 'credits', header: 'Owners', cell: ({ row }) => <span className="tabular-nums">{row.original.creditCount}</span> },
  { id: 'total', header: 'Total', cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatCentsAud(row.original.totalCents)}</span> },
  { id: 'processingDate', header: 'Processing date', cell: ({ row }) => <span className="whitespace-nowrap">{formatDate(row.original.processingDate)}</span> },
  {
    id: 'prepared',
    header: 'Prepared',
    cell: ({ row }) => (
      <span className="block min-w-40 break-all">
        {orNA(row.original.preparedBy)}
        <span className="block text-xs text-slate-600">{formatDateTime(row.original.preparedAt)}</span>
      </span>
    ),
  },
  {
    id: 'approved',
    header: 'Approved',
    cell: ({ row }) =>
      row.original.approvedAt ? (
        <span className="block min-w-40 break-all">
          {orNA(row.original.approvedBy)}
          <span className="block text-xs text-slate-600">{formatDateTime(row.original.approvedAt)}</span>
        </span>
      ) : (
        'N/A'
      ),
  },
  {
    id: 'settled',
    header: 'Paid or cancelled',
    cell: ({ row }) => {
      const { paidAt, paidBy, cancelledAt, cancelledBy } = row.original;
      const at = paidAt ?? cancelledAt;
      if (!at) return 'N/A';
      return (
        <span className="block min-w-40 break-all">
          {orNA(paidAt ? paidBy : cancelledBy)}
          <span className="block text-xs text-slate-600">{formatDateTime(at)}</span>
        </span>
      );
    },
  },
];

/**
 * Payout Batches: bank-file payouts of manual-payment bookings. One admin prepares a batch, another approves
 * it (maker-checker), then its ABA file is downloaded, uploaded to the bank and the batch marked paid.
 */
export function PayoutBatchesPage() {
  const [params, setParams] = useListParams(screens.payoutBatches);
  const batches = usePayoutBatches(params.page);
  const roles = useSession((session) => session.user?.roles ?? []);
  const canPrepare = canCall(roles, 'preparePayoutBatch') && canCall(roles, 'payoutBatchCandidates');
  const [isPreparing, setIsPreparing] = useState(false);
  const navigate = useNavigate();

  useKeepPageInRange(batches, params.page, PAYOUT_BATCHES_PAGE_SIZE, setParams);

  return (
    <section>
      <PageHeader title="Payout Batches">
        {canPrepare && (
          <Button onClick={() => setIsPreparing(true)}>
            <FilePlus2 className="h-4 w-4" aria-hidden="true" />
            Prepare batch
          </Button>
        )}
      </PageHeader>
      <p className="mb-4 max-w-3xl text-sm text-slate-700">
        A batch pays owners of bookings paid by bank transfer through one ABA file. The admin who prepares a batch cannot approve it: another finance admin or
        an owner checks and approves it, and only then can its file be downloaded for the bank.
      </p>
      <PagedListView
        list={batches}
        columns={BATCH_COLUMNS}
        getRowId={(batch) => batch.id}
        caption="Payout batches, newest first"
        empty={<EmptyState title="No payout batch yet" description={canPrepare ? 'Prepare batch picks the bookings awaiting payout.' : undefined} />}
        paging={{ page: params.page, pageSize: PAYOUT_BATCHES_PAGE_SIZE, onPageChange: (page) => setParams({ page }) }}
      />
      <PrepareBatchDialog
        open={isPreparing}
        onClose={() => setIsPreparing(false)}
        onPrepared={(batchId) => {
          setIsPreparing(false);
          void navigate(screens.payoutBatch.href({ id: batchId }));
        }}
      />
    </section>
  );
}
