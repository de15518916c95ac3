import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiPaths, type BookingKind, type ManualPaymentListResponse, type MessageResponse, type PaymentListResponse, type PaymentSort } from '@ute/contract';
import { api } from '../../lib/apiClient';
import { queryKeys } from '../../lib/queryKeys';
import { useAdminMutation } from '../../lib/useAdminMutation';

/** Page size of the payment lists (docs/product.md §5). */
export const PAYMENT_PAGE_SIZE = 10;
/** Payer-name search debounce. */
export const PAYMENT_SEARCH_DELAY_MS = 500;
/** Receipt links are signed for 5 minutes; refetching the open list every 4 keeps them loadable. */
const RECEIPT_LINK_REFRESH_MS = 4 * 60_000;

export function useStripePayments(params: { page: number; search: string; sort: PaymentSort }, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.payments.list('stripe', params),
    queryFn: ({ signal }) =>
      api.get<PaymentListResponse>(
        apiPaths.payments,
        { page: params.page, limit: PAYMENT_PAGE_SIZE, search: params.search || undefined, sort: params.sort },
        signal,
      ),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useManualPayments(params: { page: number; search: string; sort: PaymentSort; kind: BookingKind }, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.payments.list('manual', params),
    queryFn: ({ signal }) =>
      api.get<ManualPaymentListResponse>(
        apiPaths.manualPayments,
        { page: params.page, limit: PAYMENT_PAGE_SIZE, kind: params.kind, search: params.search || undefined, sort: params.sort },
        signal,
      ),
    placeholderData: keepPreviousData,
    refetchInterval: RECEIPT_LINK_REFRESH_MS,
    enabled,
  });
}

/** Accept a manual payment: it moves to inProgress and shows a disabled 'Accepted'. */
export function useAcceptPayment() {
  return useAdminMutation({
    mutationFn: (id: string) => api.put<MessageResponse>(apiPaths.acceptManualPayment(id)),
    invalidates: [queryKeys.payments.all],
    rowIdOf: (id) => id,
  });
}
