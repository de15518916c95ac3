import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ShipmentUpdateBody } from '@ute/contract';
import { api } from '../../lib/apiClient';
import { queryKeys } from '../../lib/queryKeys';
import { useAdminMutation } from '../../lib/useAdminMutation';

/** docs/product.md: the quotes list asks for 10 per page. */
export const QUOTES_PAGE_SIZE = 10;

/** The list's query without its page: the list's call and its CSV export send the same. */
export const quoteListQuery = (isAwaitingPrice: boolean) => ({ awaitingPrice: isAwaitingPrice ? ('true' as const) : undefined });

/** `isAwaitingPrice`: only the quotes still waiting for a price (the quotesAwaitingPrice work queue). */
export function useQuotes(page: number, isAwaitingPrice = false) {
  return useQuery({
    queryKey: queryKeys.quotes.list(page, isAwaitingPrice),
    queryFn: ({ signal }) => api.call('quotes', { query: { ...quoteListQuery(isAwaitingPrice), page, limit: QUOTES_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useShipment(id: string) {
  return useQuery({
    queryKey: queryKeys.quotes.shipment(id),
    queryFn: ({ signal }) => api.call('shipment', { params: { id }, signal }),
    select: (response) => response.data,
  });
}

export function useAcceptQuote(onSuccess: (id: string) => void) {
  return useAdminMutation({
    mutationFn: (id: string) => api.call('acceptQuote', { params: { id } }),
    invalidates: [queryKeys.quotes.all],
    rowIdOf: (id) => id,
    onSuccess: (_result, id) => onSuccess(id),
  });
}

export function useRejectQuote(onSettled: () => void) {
  return useAdminMutation({
    mutationFn: (id: string) => api.call('rejectQuote', { params: { id } }),
    invalidates: [queryKeys.quotes.all],
    rowIdOf: (id) => id,
    onSuccess: onSettled,
    onError: onSettled,
  });
}

export function useSendQuotePrice(onSettled: () => void) {
  return useAdminMutation({
    mutationFn: ({ id, email, price }: { id: string; email?: string; price: string }) =>
      api.call('sendQuotePrice', { params: { id }, body: { ...(email ? { email } : {}), price } }),
    invalidates: [queryKeys.quotes.all],
    rowIdOf: ({ id }) => id,
    onSuccess: onSettled,
    onError: onSettled,
  });
}

export function useUpdateShipment(id: string) {
  return useAdminMutation({
    mutationFn: (body: ShipmentUpdateBody) => api.call('updateShipment', { params: { id }, body }),
    invalidates: [queryKeys.quotes.all],
  });
}
