import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BookingKind, PaymentSort, RouteResponse } from '@ute/contract';
import { api } from '../../lib/apiClient';
import type { RecordRef } from '../../lib/recordRef';
import { selectListPage } from '../../lib/listQuery';
import { queryKeys } from '../../lib/queryKeys';
import { workItemQuery } from '../../lib/workItemQuery';
import { useAdminMutation, type MutationCallbacks } from '../../lib/useAdminMutation';

/** Page size of the payment lists (docs/product.md §5). */
export const PAYMENT_PAGE_SIZE = 10;
/** Payer-name search debounce. */
export const PAYMENT_SEARCH_DELAY_MS = 500;
/** Receipt links are signed for 5 minutes; refetching the open list every 4 keeps them loadable. */
const RECEIPT_LINK_REFRESH_MS = 4 * 60_000;

export interface StripePaymentListParams {
  search: string;
  sort: PaymentSort;
  /** Only the payments this user made (the user page's link). */
  userId?: string;
}

export interface ManualPaymentListParams extends StripePaymentListParams {
  /** Ute or job payments; both (with isAwaitingAcceptance) when undefined. */
  kind: BookingKind | undefined;
  isAwaitingAcceptance: boolean;
  /** The queue's items held by me or nobody ('' = anyone), and 'oldest' first (docs/design.md §15). */
  assigned?: string;
  waitSort?: string;
}

/** The Stripe list's query without its page: the list's call and its CSV export send the same. */
export const stripePaymentListQuery = (params: StripePaymentListParams) => ({
  search: params.search || undefined,
  sort: params.sort,
  userId: params.userId || undefined,
});

/** The manual list's query without its page. */
export const manualPaymentListQuery = (params: ManualPaymentListParams) => ({
  ...stripePaymentListQuery(params),
  kind: params.kind,
  awaitingAcceptance: params.isAwaitingAcceptance ? ('true' as const) : undefined,
  ...workItemQuery(params),
});

export const stripePaymentListOptions = (params: StripePaymentListParams & { page: number }) =>
  queryOptions({
    queryKey: queryKeys.payments.list({ tab: 'stripe', ...params }),
    queryFn: ({ signal }) => api.call('payments', { query: { page: params.page, limit: PAYMENT_PAGE_SIZE, ...stripePaymentListQuery(params) }, signal }),
    select: selectListPage,
    placeholderData: keepPreviousData,
  });

export const useStripePayments = (params: StripePaymentListParams & { page: number }, enabled: boolean) =>
  useQuery({ ...stripePaymentListOptions(params), enabled });

/** Manual payments of one kind, or (`kind` undefined, `isAwaitingAcceptance`) the work queue of both kinds. */
export const manualPaymentListOptions = (params: ManualPaymentListParams & { page: number }) =>
  queryOptions({
    queryKey: queryKeys.payments.list({ tab: 'manual', ...params }),
    queryFn: ({ signal }) => api.call('manualPayments', { query: { page: params.page, limit: PAYMENT_PAGE_SIZE, ...manualPaymentListQuery(params) }, signal }),
    select: selectListPage,
    placeholderData: keepPreviousData,
    refetchInterval: RECEIPT_LINK_REFRESH_MS,
  });

export const useManualPayments = (params: ManualPaymentListParams & { page: number }, enabled: boolean) =>
  useQuery({ ...manualPaymentListOptions(params), enabled });

/** How many payments a tab has with these filters (a saved view's tab): the tab's own call, one row. */
export const countPayments = (
  params: { tab: 'stripe'; stripe: StripePaymentListParams } | { tab: 'manual'; manual: ManualPaymentListParams },
  signal: AbortSignal,
) =>
  (params.tab === 'stripe'
    ? api.call('payments', { query: { page: 1, limit: 1, ...stripePaymentListQuery(params.stripe) }, signal })
    : api.call('manualPayments', { query: { page: 1, limit: 1, ...manualPaymentListQuery(params.manual) }, signal })
  ).then((response) => response.totalCount);

/** Accept a manual payment: it moves to inProgress and shows a disabled 'Accepted'. */
export function useAcceptPayment(options?: MutationCallbacks<RecordRef, RouteResponse<'acceptManualPayment'>>) {
  return useAdminMutation(
    {
      mutationFn: ({ id, version }: RecordRef) => api.call('acceptManualPayment', { params: { id }, ifMatch: version }),
      invalidates: [queryKeys.payments.all],
      rowIdOf: ({ id }) => id,
    },
    options,
  );
}
