import { useEffect, useMemo, useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import type { PaymentKind, UteBooking } from '@ute/contract';
import { DataTable, EmptyState, PageHeader, Pager, StatusBadge, TabStrip, bookingTone } from '../../components/ui';
import { formatAud } from '../../lib/format';
import { errorText } from '../../lib/toast';
import { useListParams } from '../../lib/useListParams';
import { BOOKING_PAGE_SIZE, useStripeTransfer, useUteBookings } from './api';
import { BOOKING_TABS, bookingEmptyText, formatAddress, personName, transferLabel } from './bookingView';
import { ManualPaymentDialog, type ManualPaymentTarget } from './ManualPaymentDialog';
import { PayoutProviderNote } from './PayoutProviderNote';
import { TransferButton } from './TransferButton';

const asTab = (value: string): PaymentKind => (value === 'manual' ? 'manual' : 'stripe');

export function UteBookingsPage() {
  const [params, setParams] = useListParams({ page: 1, tab: 'stripe' });
  const tab = asTab(params.tab);
  const bookings = useUteBookings({ page: params.page, payment: tab });
  const stripeTransfer = useStripeTransfer('ute');
  const [manualTarget, setManualTarget] = useState<ManualPaymentTarget | null>(null);

  const totalCount = bookings.data?.totalCount ?? 0;
  const rows = useMemo(() => bookings.data?.data ?? [], [bookings.data]);

  useEffect(() => {
    if (bookings.isPlaceholderData || !bookings.data) return;
    const lastPage = Math.max(1, Math.ceil(totalCount / BOOKING_PAGE_SIZE));
    if (params.page > lastPage) setParams({ page: lastPage }, { replace: true });
  }, [bookings.data, bookings.isPlaceholderData, totalCount, params.page, setParams]);

  const columns = useMemo<ColumnDef<UteBooking, unknown>[]>(
    () => [
      { id: 'bookingBy', header: 'User Name', cell: ({ row }) => <span className="whitespace-nowrap">{personName(row.original.bookingBy)}</span> },
      { id: 'uteName', header: 'Ute Name', cell: ({ row }) => <span className="whitespace-nowrap">{row.original.uteName}</span> },
      { id: 'amount', header: 'Amount', cell: ({ row }) => formatAud(row.original.amount) },
      { id: 'actualAmount', header: 'Actual Amount', cell: ({ row }) => formatAud(row.original.actualAmount) },
      { id: 'requestAmount', header: 'Request Amount', cell: ({ row }) => formatAud(row.original.requestAmount) },
      { id: 'status', header: 'Status', cell: ({ row }) => <StatusBadge label={row.original.status} tone={bookingTone(row.original.status)} /> },
      { id: 'pickupAddress', header: 'Pickup Address', cell: ({ row }) => <span className="block min-w-40">{formatAddress(row.original.pickupAddress)}</span> },
      { id: 'dropAddress', header: 'Drop Address', cell: ({ row }) => <span className="block min-w-40">{formatAddress(row.original.dropAddress)}</span> },
      { id: 'uteBookingId', header: 'Ute Booking ID', cell: ({ row }) => <span className="whitespace-nowrap">{row.original.uteBookingId}</span> },
      { id: 'isTransfered', header: 'Is-Transfered', cell: ({ row }) => <span className="whitespace-nowrap">{transferLabel(row.original)}</span> },
      {
        id: 'actions',
        header: 'Actions',
        cell: ({ row }) => {
          const booking = row.original;
          return (
            <TransferButton
              booking={booking}
              isPending={stripeTransfer.isRowPending(booking._id)}
              onTransfer={() =>
                tab === 'stripe'
                  ? stripeTransfer.mutate({ ownerId: booking.uteBy, bookingId: booking._id })
                  : setManualTarget({ bookingId: booking._id, ownerId: booking.uteBy, amount: booking.amount })
              }
            />
          );
        },
      },
    ],
    [stripeTransfer, tab],
  );

  return (
    <section>
      <PageHeader title="Ute Bookings" />
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
            caption="Ute bookings"
            empty={<EmptyState title={bookingEmptyText(tab)} />}
          />
          <Pager page={params.page} pageSize={BOOKING_PAGE_SIZE} totalCount={totalCount} onPageChange={(page) => setParams({ page })} />
        </>
      )}
      <ManualPaymentDialog kind="ute" target={manualTarget} onClose={() => setManualTarget(null)} />
    </section>
  );
}
