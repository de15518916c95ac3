import { useEffect, useMemo, useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import type { JobBooking, PaymentKind } from '@ute/contract';
import { Button, ConfirmDialog, DataTable, EmptyState, PageHeader, Pager, StatusBadge, TabStrip, bookingTone } from '../../components/ui';
import { formatAud, formatDateTime } from '../../lib/format';
import { errorText } from '../../lib/toast';
import { useListParams } from '../../lib/useListParams';
import { BOOKING_PAGE_SIZE, useDeleteJobBooking, useJobBookings, useStripeTransfer } from './api';
import { BOOKING_TABS, bookingEmptyText, personName, transferLabel } from './bookingView';
import { ManualPaymentDialog, type ManualPaymentTarget } from './ManualPaymentDialog';
import { PayoutProviderNote } from './PayoutProviderNote';
import { TransferButton } from './TransferButton';

const asTab = (value: string): PaymentKind => (value === 'manual' ? 'manual' : 'stripe');

export function JobBookingsPage() {
  const [params, setParams] = useListParams({ page: 1, tab: 'stripe' });
  const tab = asTab(params.tab);
  const bookings = useJobBookings({ page: params.page, payment: tab });
  const stripeTransfer = useStripeTransfer('job');
  const [manualTarget, setManualTarget] = useState<ManualPaymentTarget | null>(null);
  const [toDelete, setToDelete] = useState<JobBooking | null>(null);
  const deleteBooking = useDeleteJobBooking({ onSuccess: () => setToDelete(null) });

  const totalCount = bookings.data?.totalCount ?? 0;
  const rows = useMemo(() => bookings.data?.data ?? [], [bookings.data]);

  useEffect(() => {
    if (bookings.isPlaceholderData || !bookings.data) return;
    const lastPage = Math.max(1, Math.ceil(totalCount / BOOKING_PAGE_SIZE));
    if (params.page > lastPage) setParams({ page: lastPage }, { replace: true });
  }, [bookings.data, bookings.isPlaceholderData, totalCount, params.page, setParams]);

  const columns = useMemo<ColumnDef<JobBooking, unknown>[]>(
    () => [
      { id: 'jobTitle', header: 'Job Name', cell: ({ row }) => <span className="block min-w-40">{row.original.jobTitle}</span> },
      { id: 'uteOwner', header: 'Ute Owner', cell: ({ row }) => <span className="whitespace-nowrap">{personName(row.original.uteOwner)}</span> },
      { id: 'uteName', header: 'Ute Name', cell: ({ row }) => <span className="whitespace-nowrap">{row.original.uteName}</span> },
      { id: 'amount', header: 'Amount', cell: ({ row }) => formatAud(row.original.amount) },
      { id: 'status', header: 'Status', cell: ({ row }) => <StatusBadge label={row.original.status} tone={bookingTone(row.original.status)} /> },
      { id: 'createdAt', header: 'Created At', cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(row.original.createdAt)}</span> },
      { id: 'jobBookingId', header: 'Job Booking ID', cell: ({ row }) => <span className="whitespace-nowrap">{row.original.jobBookingId}</span> },
      { id: 'isTransfered', header: 'Is-Transfered', cell: ({ row }) => <span className="whitespace-nowrap">{transferLabel(row.original)}</span> },
      {
        id: 'actions',
        header: 'Actions',
        cell: ({ row }) => {
          const booking = row.original;
          const isDeleting = deleteBooking.isRowPending(booking._id);
          return (
            <div className="flex gap-1.5">
              <TransferButton
                booking={booking}
                isPending={stripeTransfer.isRowPending(booking._id)}
                disabled={isDeleting}
                onTransfer={() =>
                  tab === 'stripe'
                    ? stripeTransfer.mutate({ ownerId: booking.uteBy, bookingId: booking._id })
                    : setManualTarget({ bookingId: booking._id, ownerId: booking.uteBy, amount: booking.amount })
                }
              />
              <Button
                size="sm"
                variant="secondary"
                disabled={isDeleting || booking.isTransferring || stripeTransfer.isRowPending(booking._id)}
                onClick={() => setToDelete(booking)}
              >
                Delete
              </Button>
            </div>
          );
        },
      },
    ],
    [stripeTransfer, deleteBooking, tab],
  );

  return (
    <section>
      <PageHeader title="Job Bookings" />
      <TabStrip label="Payment type" value={tab} options={BOOKING_TABS} onChange={(next) => setParams({ tab: next })} />
      <PayoutProviderNote provider={bookings.data?.payoutProvider} />
      {bookings.isError && !bookings.data ? (
        <p role="alert" className="text-red-700">
          {errorText(bookings.error, 'server')}
        </p>
      ) : (
        <>
          <DataTable
            columns={columns}
            data={rows}
            getRowId={(booking) => booking._id}
            isLoading={bookings.isPending}
            caption="Job bookings"
            empty={<EmptyState title={bookingEmptyText(tab)} />}
          />
          <Pager page={params.page} pageSize={BOOKING_PAGE_SIZE} totalCount={totalCount} onPageChange={(page) => setParams({ page })} />
        </>
      )}
      <ManualPaymentDialog kind="job" target={manualTarget} onClose={() => setManualTarget(null)} />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && !deleteBooking.isPending && setToDelete(null)}
        title="Delete Job Booking"
        message={`Are you sure you want to delete this job booking${toDelete ? ` (${toDelete.jobBookingId})` : ''}?`}
        confirmLabel="Delete"
        pendingLabel="Processing..."
        isPending={deleteBooking.isPending}
        onConfirm={() => toDelete && deleteBooking.mutate(toDelete._id)}
      />
    </section>
  );
}
