import { useMemo, useState, type ReactNode } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import type { BookingKind, PaymentKind } from '@ute/contract';
import { EmptyState, ListView, PageHeader, Pager, TabStrip } from '../../components/ui';
import { errorText } from '../../lib/toast';
import { useKeepPageInRange } from '../../lib/useKeepPageInRange';
import { useListParams } from '../../lib/useListParams';
import { BOOKING_PAGE_SIZE, useBookings, useStripeTransfer, type BookingOf } from './api';
import { BOOKING_TABS, bookingEmptyText } from './bookingView';
import { ManualPaymentDialog, type ManualPaymentTarget } from './ManualPaymentDialog';
import { PayoutProviderNote } from './PayoutProviderNote';
import { TransferButton } from './TransferButton';

const asTab = (value: string): PaymentKind => (value === 'manual' ? 'manual' : 'stripe');

export interface BookingListProps<K extends BookingKind> {
  kind: K;
  title: string;
  caption: string;
  /** The booking's own columns; the Actions column comes after them. */
  columns: ColumnDef<BookingOf<K>, unknown>[];
  /** Transfer waits while another action of the row runs. */
  isTransferBlocked?: (booking: BookingOf<K>) => boolean;
  /** Buttons after Transfer in the Actions column. */
  moreActions?: (booking: BookingOf<K>, row: { isTransferPending: boolean }) => ReactNode;
  /** The dialogs of those actions. */
  children?: ReactNode;
}

/**
 * A booking screen (Ute Bookings, Job Bookings): the Stripe and Manual tabs, the list with its
 * pager, and Transfer, which pays out through the api on the Stripe tab and opens the Manual
 * Payment dialog on the Manual tab.
 */
export function BookingList<K extends BookingKind>({ kind, title, caption, columns, isTransferBlocked, moreActions, children }: BookingListProps<K>) {
  const [params, setParams] = useListParams({ page: 1, tab: 'stripe' });
  const tab = asTab(params.tab);
  const bookings = useBookings(kind, { page: params.page, payment: tab });
  const stripeTransfer = useStripeTransfer(kind);
  const [manualTarget, setManualTarget] = useState<ManualPaymentTarget | null>(null);
  useKeepPageInRange(bookings, params.page, BOOKING_PAGE_SIZE, setParams);

  const rows = useMemo(() => bookings.data?.data ?? [], [bookings.data]);

  const columnsWithActions = useMemo<ColumnDef<BookingOf<K>, unknown>[]>(
    () => [
      ...columns,
      {
        id: 'actions',
        header: 'Actions',
        cell: ({ row }) => {
          const booking = row.original;
          const isTransferPending = stripeTransfer.isRowPending(booking._id);
          const transfer = (
            <TransferButton
              booking={booking}
              isPending={isTransferPending}
              disabled={isTransferBlocked?.(booking) ?? false}
              onTransfer={() =>
                tab === 'stripe'
                  ? stripeTransfer.mutate({ ownerId: booking.uteBy, bookingId: booking._id })
                  : setManualTarget({ bookingId: booking._id, ownerId: booking.uteBy, amount: booking.amount })
              }
            />
          );
          if (!moreActions) return transfer;
          return (
            <div className="flex gap-1.5">
              {transfer}
              {moreActions(booking, { isTransferPending })}
            </div>
          );
        },
      },
    ],
    [columns, stripeTransfer, tab, isTransferBlocked, moreActions],
  );

  return (
    <section>
      <PageHeader title={title} />
      <TabStrip label="Payment type" value={tab} options={BOOKING_TABS} onChange={(next) => setParams({ tab: next })} />
      <PayoutProviderNote provider={bookings.data?.payoutProvider} />
      <ListView
        error={bookings.isError && !bookings.data ? errorText(bookings.error) : undefined}
        columns={columnsWithActions}
        data={rows}
        getRowId={(booking) => booking._id}
        isLoading={bookings.isPending}
        caption={caption}
        empty={<EmptyState title={bookingEmptyText(tab)} />}
        pager={
          <Pager page={params.page} pageSize={BOOKING_PAGE_SIZE} totalCount={bookings.data?.totalCount ?? 0} onPageChange={(page) => setParams({ page })} />
        }
      />
      <ManualPaymentDialog kind={kind} target={manualTarget} onClose={() => setManualTarget(null)} />
      {children}
    </section>
  );
}
