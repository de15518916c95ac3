import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QuoteListResponse, RouteResponse, Shipment, ShipmentUpdateBody } from '@ute/contract';
import { api } from '../../lib/apiClient';
import type { RecordRef } from '../../lib/recordRef';
import type { ListPage } from '../../lib/listQuery';
import { workItemQuery } from '../../lib/workItemQuery';
import { queryKeys } from '../../lib/queryKeys';
import { useAdminMutation, type MutationCallbacks } from '../../lib/useAdminMutation';

/** docs/product.md: the quotes list asks for 10 per page. */
export const QUOTES_PAGE_SIZE = 10;

export interface QuoteListParams {
  /** Only the quotes still waiting for a price (the quotesAwaitingPrice work queue). */
  isAwaitingPrice: boolean;
  /** The queue's items held by me or nobody ('' = anyone), and 'oldest' first (docs/design.md §15). */
  assigned?: string;
  waitSort?: string;
}

/** The list's query without its page: the list's call and its CSV export send the same. */
export const quoteListQuery = (params: QuoteListParams) => ({
  awaitingPrice: params.isAwaitingPrice ? ('true' as const) : undefined,
  ...workItemQuery(params),
});

const selectQuotePage = ({ data, totalCounts }: QuoteListResponse): ListPage<Shipment> => ({ rows: data, totalCount: totalCounts });

export const quoteListOptions = (params: QuoteListParams & { page: number }) =>
  queryOptions({
    queryKey: queryKeys.quotes.list(params),
    queryFn: ({ signal }) => api.call('quotes', { query: { ...quoteListQuery(params), page: params.page, limit: QUOTES_PAGE_SIZE }, signal }),
    select: selectQuotePage,
    placeholderData: keepPreviousData,
  });

export const useQuotes = (params: QuoteListParams & { page: number }) => useQuery(quoteListOptions(params));

/** How many quotes the list has with these filters (a saved view's tab): the list's own call, one row. */
export const countQuotes = (params: QuoteListParams, signal: AbortSignal) =>
  api.call('quotes', { query: { ...quoteListQuery(params), page: 1, limit: 1 }, signal }).then((response) => response.totalCounts);

export function useShipment(id: string) {
  return useQuery({
    queryKey: queryKeys.quotes.shipment(id),
    queryFn: ({ signal }) => api.call('shipment', { params: { id }, signal }),
    select: (response) => response.data,
  });
}

export function useAcceptQuote(options?: MutationCallbacks<RecordRef, RouteResponse<'acceptQuote'>>) {
  return useAdminMutation(
    {
      mutationFn: ({ id, version }: RecordRef) => api.call('acceptQuote', { params: { id }, ifMatch: version }),
      invalidates: [queryKeys.quotes.all],
      rowIdOf: ({ id }) => id,
    },
    options,
  );
}

export function useRejectQuote(options?: MutationCallbacks<RecordRef, RouteResponse<'rejectQuote'>>) {
  return useAdminMutation(
    {
      mutationFn: ({ id, version }: RecordRef) => api.call('rejectQuote', { params: { id }, ifMatch: version }),
      invalidates: [queryKeys.quotes.all],
      rowIdOf: ({ id }) => id,
    },
    options,
  );
}

type QuotePrice = RecordRef & { email?: string; price: string };

export function useSendQuotePrice(options?: MutationCallbacks<QuotePrice, RouteResponse<'sendQuotePrice'>>) {
  return useAdminMutation(
    {
      mutationFn: ({ id, email, price, version }: QuotePrice) =>
        api.call('sendQuotePrice', { params: { id }, body: { ...(email ? { email } : {}), price }, ifMatch: version }),
      invalidates: [queryKeys.quotes.all],
      rowIdOf: ({ id }) => id,
    },
    options,
  );
}

/** `version`: the shipment's as the page shows it (docs/design.md §14). */
export function useUpdateShipment(id: string, options?: MutationCallbacks<ShipmentUpdateBody & { version?: string }, RouteResponse<'updateShipment'>>) {
  return useAdminMutation(
    {
      mutationFn: ({ version, ...body }: ShipmentUpdateBody & { version?: string }) => api.call('updateShipment', { params: { id }, body, ifMatch: version }),
      invalidates: [queryKeys.quotes.all],
    },
    options,
  );
}
