import { useMemo, useState, type ReactNode } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { refundedLabel, WORK_QUEUE_LABELS, type BookingKind, type PaymentKind } from '@ute/contract';
import { ActiveFilter, Button, EmptyState, ExportCsvButton, PagedListView, PageHeader, TabStrip } from '../../components/ui';
import { screens } from '../../config/screens';
import type { FilterValues } from '../../config/urlFilters';
import { RefundDialog, SavedViewTabs, type RefundTarget } from '../../domain';
import { WorkItemCell, WorkItemFilters } from '../../domain/workItems';
import { downloadFile } from '../../lib/apiClient';
import { useKeepPageInRange } from '../../lib/useKeepPageInRange';
import { createdDayLabel, hasCreatedDays } from '../../lib/createdDayFilter';
import { queryKeys } from '../../lib/queryKeys';
import { useListParams } from '../../lib/useListParams';
import { openedRowLabel, userFilterLabel } from '../../lib/useOpenedRow';
import { BOOKING_PAGE_SIZE, bookingExportPathOf, bookingListQuery, countBookings, useBookings, useStripeTransfer, type BookingOf } from './api';
import { BOOKING_TABS, bookingEmptyText } from './bookingView';
import { ManualPaymentDialog, type ManualPaymentTarget } from './ManualPaymentDialog';
import { PayoutSplitDialog, type PayoutSplitTarget } from './PayoutSplitDialog';
import { PayoutProviderNote } from './PayoutProviderNote';
import { TransferButton } from './TransferButton';

const asTab = (value: string): PaymentKind => (value === 'manual' ? 'manual' : 'stripe');
/** Bookings with a transaction id are the Stripe tab's, those without the Manual tab's (decision 10). */
const paymentKindOf = (booking: { transactionId: string | null }): PaymentKind => (booking.transactionId ? 'stripe' : 'manual');
const referenceOf = (booking: { uteBookingId: string } | { jobBookingId: string }) => ('uteBookingId' in booking ? booking.uteBookingId : booking.jobBookingId);

/** What a booking list shows from its URL filters: the list call's parameters and the filters that span both tabs. */
function bookingListParamsOf(params: FilterValues<typeof screens.uteBookings.filters>) {
  const tab = asTab(params.tab);
  // The work queue spans both tabs: the rows then say which way each is paid (decision 10).
  const isAwaitingPayout = params.awaitingPayout === 'true';
  // One booking opened by its link (a search hit), or one user's bookings (the user page's link), show whichever tab they are on.
  const isOneBooking = params.open !== '';
  const isOneUser = params.user !== '';
  // Analytics' drill-down (a day's bookings, of one status) counts both tabs: the list shows them all too.
  const isDrillDown = hasCreatedDays(params) || params.bookingStatus !== '';
  const isAcrossTabs = isAwaitingPayout || isOneBooking || isOneUser || isDrillDown;
  const listParams = {
    payment: isAcrossTabs ? undefined : tab,
    isAwaitingPayout,
    id: params.open,
    userId: params.user,
    status: params.bookingStatus,
    createdFrom: params.createdFrom,
    createdTo: params.createdTo,
    assigned: params.assigned,
    waitSort: params.waitSort,
  };
  return { tab, isAwaitingPayout, isOneBooking, isOneUser, isAcrossTabs, listParams };
}

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
 * A booking screen (Ute Bookings, Job Bookings): the Stripe and Manual tabs (or, filtered to its work
 * queue, the bookings of both awaiting payout), the list with its pager, and Transfer, which pays
 * out through the api for a Stripe booking and opens the Manual Payment dialog for a manual one.
 */
export function BookingList<K extends BookingKind>({ kind, title, caption, columns, isTransferBlocked, moreActions, children }: BookingListProps<K>) {
  const [params, setParams] = useListParams(kind === 'ute' ? screens.uteBookings : screens.jobBookings);
  const { tab, isAwaitingPayout, isOneBooking, isOneUser, isAcrossTabs, listParams } = bookingListParamsOf(params);
  const bookings = useBookings(kind, { ...listParams, page: params.page });
  const stripeTransfer = useStripeTransfer(kind);
  const [manualTarget, setManualTarget] = useState<ManualPaymentTarget | null>(null);
  const [splitTarget, setSplitTarget] = useState<PayoutSplitTarget | null>(null);
  const [refundTarget, setRefundTarget] = useState<RefundTarget | null>(null);
  useKeepPageInRange(bookings, params.page, BOOKING_PAGE_SIZE, setParams);

  const columnsWithActions = useMemo<ColumnDef<BookingOf<K>, unknown>[]>(
    () => [
      // The wait, holder and Assign menu (docs/design.md §15): on the AwaitingPayout queue's list.
      ...(isAwaitingPayout
        ? [
            {
              id: 'workItem',
              header: 'Waiting',
              cell: ({ row }: { row: { original: BookingOf<K> } }) => (
                <WorkItemCell
                  queue={kind === 'ute' ? 'uteBookingsAwaitingPayout' : 'jobBookingsAwaitingPayout'}
                  recordId={row.original._id}
                  item={row.original.workItem}
                  label={`booking ${referenceOf(row.original)}`}
                  invalidates={[queryKeys.bookings.all(kind)]}
                />
              ),
            },
          ]
        : []),
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
                paymentKindOf(booking) === 'stripe'
                  ? stripeTransfer.mutate({ ownerId: booking.uteBy, bookingId: booking._id, version: booking.version })
                  : setManualTarget({ bookingId: booking._id, version: booking.version, ownerId: booking.uteBy, amount: booking.amount })
              }
            />
          );
          // A delivered booking's split (gross, fee, GST, the owner's net), before or after it is paid.
          const reference = referenceOf(booking);
          const split = booking.status === 'delivered' && (
            <Button
              size="sm"
              variant="secondary"
              aria-label={`Payout split of ${reference}`}
              onClick={() => setSplitTarget({ bookingId: booking._id, reference })}
            >
              Split
            </Button>
          );
          // A refund of the booking's payment (docs/design.md §9.6), and what was refunded so far.
          const refunded = refundedLabel(booking.refundedCents, Math.round(booking.amount * 100));
          return (
            <div className="flex flex-col gap-1">
              {/* Four buttons wrap onto two lines rather than push the pinned column off a phone's screen. */}
              <div className="flex max-w-56 flex-wrap items-start gap-1.5">
                {transfer}
                {split}
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={`Refund ${reference}`}
                  onClick={() => setRefundTarget({ bookingKind: kind, bookingId: booking._id })}
                >
                  Refund
                </Button>
                {moreActions?.(booking, { isTransferPending })}
              </div>
              {refunded && <span className="text-xs text-slate-600">{refunded}</span>}
            </div>
          );
        },
      },
    ],
    [columns, stripeTransfer, isTransferBlocked, moreActions, kind, isAwaitingPayout],
  );

  return (
    <section>
      <PageHeader title={title}>
        <ExportCsvButton path={bookingExportPathOf(kind)} query={bookingListQuery(listParams)} download={downloadFile} totalRows={bookings.data?.totalCount} />
      </PageHeader>
      <SavedViewTabs
        list={kind === 'ute' ? 'uteBookings' : 'jobBookings'}
        filters={kind === 'ute' ? screens.uteBookings.filters : screens.jobBookings.filters}
        countKey={queryKeys.bookings.all(kind)}
        countOf={(filters, signal) => countBookings(kind, bookingListParamsOf(filters).listParams, signal)}
      />
      {isOneBooking && <ActiveFilter label={openedRowLabel('booking')} onClear={() => setParams({ open: '' })} />}
      {isOneUser && <ActiveFilter label={userFilterLabel('bookings')} onClear={() => setParams({ user: '' })} />}
      {hasCreatedDays(params) && <ActiveFilter label={createdDayLabel(params)} onClear={() => setParams({ createdFrom: '', createdTo: '' })} />}
      {params.bookingStatus && <ActiveFilter label={`Status: ${params.bookingStatus}`} onClear={() => setParams({ bookingStatus: '' })} />}
      {isAwaitingPayout ? (
        <ActiveFilter
          label={WORK_QUEUE_LABELS[kind === 'ute' ? 'uteBookingsAwaitingPayout' : 'jobBookingsAwaitingPayout']}
          onClear={() => setParams({ awaitingPayout: '', assigned: '', waitSort: '' })}
        />
      ) : (
        !isAcrossTabs && <TabStrip label="Payment type" value={tab} options={BOOKING_TABS} onChange={(next) => setParams({ tab: next })} />
      )}
      {isAwaitingPayout && <WorkItemFilters values={params} onChange={setParams} />}
      <PayoutProviderNote provider={bookings.data?.payoutProvider} />
      <PagedListView
        list={bookings}
        paging={{ page: params.page, pageSize: BOOKING_PAGE_SIZE, onPageChange: (page) => setParams({ page }) }}
        columns={columnsWithActions}
        getRowId={(booking) => booking._id}
        caption={caption}
        empty={<EmptyState title={isAwaitingPayout ? 'No bookings awaiting payout' : bookingEmptyText(tab)} />}
      />
      <ManualPaymentDialog kind={kind} target={manualTarget} onClose={() => setManualTarget(null)} />
      <PayoutSplitDialog kind={kind} target={splitTarget} onClose={() => setSplitTarget(null)} />
      <RefundDialog target={refundTarget} onClose={() => setRefundTarget(null)} />
      {children}
    </section>
  );
}
