import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  apiPaths,
  type BookingKind,
  type JobBooking,
  type JobBookingListResponse,
  type PaymentKind,
  type RouteResponse,
  type UteBooking,
  type UteBookingListResponse,
} from '@ute/contract';
import { api } from '../../lib/apiClient';
import type { RecordRef } from '../../lib/recordRef';
import { createdDayQuery, type CreatedDayParams } from '../../lib/createdDayFilter';
import { workItemQuery } from '../../lib/workItemQuery';
import type { ListPage } from '../../lib/listQuery';
import { queryKeys } from '../../lib/queryKeys';
import { useAdminMutation, type MutationCallbacks } from '../../lib/useAdminMutation';

/** Page size of the booking lists (docs/product.md §5). */
export const BOOKING_PAGE_SIZE = 10;

/** The booking rows of each kind. */
interface BookingsOf {
  ute: UteBooking;
  job: JobBooking;
}
export type BookingOf<K extends BookingKind> = BookingsOf[K];
export type BookingListResponseOf<K extends BookingKind> = Omit<UteBookingListResponse | JobBookingListResponse, 'data'> & { data: BookingOf<K>[] };

/** One tab of a booking list, or (`payment` undefined) its work queue (`isAwaitingPayout`) or one booking (`id`, a search hit) across both tabs. */
export interface BookingListParams extends Partial<CreatedDayParams> {
  payment: PaymentKind | undefined;
  isAwaitingPayout: boolean;
  id?: string;
  /** Only the bookings this user made or received as owner (the user page's link), across both tabs. */
  userId?: string;
  /** Only the bookings in this status, exactly as stored (Analytics' drill-down, `?bookingStatus=`). */
  status?: string;
  /** The AwaitingPayout queue's items held by me or nobody ('' = anyone), and 'oldest' first (docs/design.md §15). */
  assigned?: string;
  waitSort?: string;
}

/** The list's query without its page: the list's call and its CSV export send the same. */
export const bookingListQuery = (params: BookingListParams) => ({
  payment: params.payment,
  awaitingPayout: params.isAwaitingPayout ? ('true' as const) : undefined,
  id: params.id || undefined,
  userId: params.userId || undefined,
  status: params.status || undefined,
  ...createdDayQuery(params),
  ...workItemQuery(params),
});

/** The CSV export of each kind's list. */
export const bookingExportPathOf = (kind: BookingKind) => (kind === 'ute' ? apiPaths.uteBookingsExport : apiPaths.jobBookingsExport);

/** A page of bookings, and who pays the Stripe tab's payouts out (the note above the list). */
export type BookingPage<K extends BookingKind> = ListPage<BookingOf<K>> & Pick<BookingListResponseOf<K>, 'payoutProvider'>;

const selectBookingPage = <K extends BookingKind>({ data, totalCount, payoutProvider }: BookingListResponseOf<K>): BookingPage<K> => ({
  rows: data,
  totalCount,
  payoutProvider,
});

export const bookingListOptions = <K extends BookingKind>(kind: K, params: BookingListParams & { page: number }) =>
  queryOptions({
    queryKey: queryKeys.bookings.list({ kind, ...params }),
    queryFn: ({ signal }) => {
      const query = { page: params.page, limit: BOOKING_PAGE_SIZE, ...bookingListQuery(params) };
      const bookings = kind === 'ute' ? api.call('uteBookings', { query, signal }) : api.call('jobBookings', { query, signal });
      // Each kind's list answers that kind's rows: TypeScript cannot narrow K from `kind`.
      return bookings as Promise<BookingListResponseOf<K>>;
    },
    select: selectBookingPage<K>,
    placeholderData: keepPreviousData,
  });

export const useBookings = <K extends BookingKind>(kind: K, params: BookingListParams & { page: number }) => useQuery(bookingListOptions(kind, params));

/** How many bookings of a kind the list has with these filters (a saved view's tab): the list's own call, one row. */
export const countBookings = (kind: BookingKind, params: BookingListParams, signal: AbortSignal) => {
  const query = { page: 1, limit: 1, ...bookingListQuery(params) };
  return (kind === 'ute' ? api.call('uteBookings', { query, signal }) : api.call('jobBookings', { query, signal })).then((response) => response.totalCount);
};

export function useBankAccount(ownerId: string | null) {
  return useQuery({
    queryKey: queryKeys.bookings.bankAccount(ownerId),
    queryFn: ({ signal }) => api.call('bankAccount', { params: { ownerId: ownerId! }, signal }),
    enabled: ownerId !== null,
    staleTime: 0,
    gcTime: 0,
  });
}

/**
 * GET payout-split: what a delivered booking's money splits into (gross, the platform's fee, the GST
 * in it, the owner's net). Fails with 409 while the booking is not delivered; the dialog then falls
 * back to the booking's amount, so no retry.
 */
export function usePayoutSplit(kind: BookingKind, bookingId: string | null) {
  return useQuery({
    queryKey: queryKeys.ledger.payoutSplit(kind, bookingId ?? ''),
    queryFn: ({ signal }) => api.call('payoutSplit', { params: { kind, bookingId: bookingId! }, signal }),
    enabled: bookingId !== null,
    select: (response) => response.data,
    retry: false,
  });
}

/** `version`: the booking's as its row showed it (docs/design.md §14). */
type StripeTransfer = { ownerId: string; bookingId: string; version?: string };

/** Stripe tab: the api sends the payout through Stripe (or the offline ledger), exactly once. */
export function useStripeTransfer(kind: BookingKind, options?: MutationCallbacks<StripeTransfer, RouteResponse<'stripeTransfer'>>) {
  return useAdminMutation(
    {
      mutationFn: ({ ownerId, bookingId, version }: StripeTransfer) =>
        api.call('stripeTransfer', { params: { uteOwnerId: ownerId, bookingId }, ifMatch: version }),
      invalidates: [queryKeys.bookings.all(kind), queryKeys.ledger.all],
      rowIdOf: ({ bookingId }) => bookingId,
    },
    options,
  );
}

/** Manual tab: records that the owner was paid by bank transfer. */
export function useManualTransfer(kind: BookingKind, options?: MutationCallbacks<RecordRef, RouteResponse<'manualTransfer'>>) {
  return useAdminMutation(
    {
      mutationFn: ({ id, version }: RecordRef) => api.call('manualTransfer', { params: { bookingId: id }, body: { kind }, ifMatch: version }),
      invalidates: [queryKeys.bookings.all(kind), queryKeys.ledger.all],
      rowIdOf: ({ id }) => id,
    },
    options,
  );
}

export function useDeleteJobBooking(options?: MutationCallbacks<RecordRef, RouteResponse<'deleteJobBooking'>>) {
  return useAdminMutation(
    {
      mutationFn: ({ id, version }: RecordRef) => api.call('deleteJobBooking', { params: { id }, ifMatch: version }),
      // A delivered booking deleted before its payout withdraws what its owner was owed.
      invalidates: [queryKeys.bookings.all('job'), queryKeys.dashboard, queryKeys.ledger.all],
      rowIdOf: ({ id }) => id,
    },
    options,
  );
}
