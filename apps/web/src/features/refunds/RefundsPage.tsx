import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { REFUND_REASON_LABELS, type Refund } from '@ute/contract';
import { Button, EmptyState, PagedListView, PageHeader, StatusBadge, TabStrip } from '../../components/ui';
import { screens } from '../../config/screens';
import { formatCentsAud, formatDateTime, orNA } from '../../lib/format';
import { useKeepPageInRange } from '../../lib/useKeepPageInRange';
import { useListParams } from '../../lib/useListParams';
import { REFUNDS_PAGE_SIZE, useRefunds } from './api';
import { ChooseRecoveryDialog } from './ChooseRecoveryDialog';
import { asRefundTab, methodText, recoveryText, REFUND_STATUS_TONES, REFUND_TABS } from './refundListView';

/**
 * Refunds: every refund, newest first, made here or in Stripe's dashboard; the "Recovery to choose"
 * tab lists those whose owner share waits for finance (docs/design.md §9.6), each with Choose recovery.
 */
export function RefundsPage() {
  const [params, setParams] = useListParams(screens.refunds);
  const tab = asRefundTab(params.recovery);
  const refunds = useRefunds({ page: params.page, isUndecidedOnly: tab === 'undecided' });
  const [choosing, setChoosing] = useState<Refund | null>(null);
  useKeepPageInRange(refunds, params.page, REFUNDS_PAGE_SIZE, setParams);
  const undecidedCount = refunds.data?.undecidedCount ?? 0;

  const columns = useMemo<ColumnDef<Refund, unknown>[]>(
    () => [
      { id: 'createdAt', header: 'Date', cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(row.original.createdAt)}</span> },
      { id: 'customer', header: 'Customer', cell: ({ row }) => orNA(row.original.customerName) },
      {
        id: 'booking',
        header: 'Booking',
        cell: ({ row }) => {
          const { bookingKind, bookingId, bookingReference } = row.original;
          if (!bookingKind || !bookingId || !bookingReference) return 'N/A';
          const list = bookingKind === 'ute' ? screens.uteBookings : screens.jobBookings;
          return (
            <Link to={list.href({ open: bookingId })} className="whitespace-nowrap font-medium text-brand-700 underline-offset-2 hover:underline">
              {bookingReference}
            </Link>
          );
        },
      },
      { id: 'amount', header: 'Amount', cell: ({ row }) => <span className="tabular-nums">{formatCentsAud(row.original.amountCents)}</span> },
      { id: 'reason', header: 'Reason', cell: ({ row }) => <span className="block min-w-40">{REFUND_REASON_LABELS[row.original.reason]}</span> },
      {
        id: 'status',
        header: 'Status',
        cell: ({ row }) => <StatusBadge label={row.original.status} tone={REFUND_STATUS_TONES[row.original.status]} />,
      },
      { id: 'method', header: 'Method', cell: ({ row }) => <span className="block min-w-32">{methodText(row.original)}</span> },
      {
        id: 'recovery',
        header: "Owner's share",
        cell: ({ row }) => (
          <span className="block min-w-48">
            {row.original.ownerCents ? `${formatCentsAud(row.original.ownerCents)}: ` : ''}
            {recoveryText(row.original)}
          </span>
        ),
      },
      {
        id: 'actions',
        header: 'Action',
        cell: ({ row }) =>
          row.original.recovery === 'undecided' ? (
            <Button
              size="sm"
              onClick={() => setChoosing(row.original)}
              aria-label={`Choose recovery of ${formatCentsAud(row.original.amountCents)} to ${orNA(row.original.customerName)}`}
            >
              Choose recovery
            </Button>
          ) : null,
      },
    ],
    [],
  );

  return (
    <section>
      <PageHeader title="Refunds" />
      <p className="mb-4 max-w-3xl text-sm text-slate-700">
        Refunds are made from Payment History or a booking. A refund made in Stripe&apos;s dashboard after the owner was paid arrives here by Stripe&apos;s
        webhook, its owner share carried by the platform until you choose how it is recovered.
      </p>
      <TabStrip
        label="Refunds shown"
        value={tab}
        options={REFUND_TABS.map((option) => (option.value === 'undecided' ? { ...option, label: `${option.label} (${undecidedCount})` } : option))}
        onChange={(next) => setParams({ recovery: next === 'undecided' ? 'undecided' : '' })}
      />
      <PagedListView
        list={refunds}
        paging={{ page: params.page, pageSize: REFUNDS_PAGE_SIZE, onPageChange: (page) => setParams({ page }) }}
        columns={columns}
        getRowId={(refund) => refund.id}
        caption={tab === 'undecided' ? 'Refunds whose owner share waits for a recovery choice' : 'Refunds, newest first'}
        empty={<EmptyState title={tab === 'undecided' ? 'No refund waits for a recovery choice' : 'No refunds yet'} />}
      />
      <ChooseRecoveryDialog refund={choosing} onClose={() => setChoosing(null)} />
    </section>
  );
}
