import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OwnerBalanceSort, OwnerLedgerResponse, RouteBody, RouteResponse } from '@ute/contract';
import { api } from '../../lib/apiClient';
import { selectListPage, type ListPage } from '../../lib/listQuery';
import { queryKeys } from '../../lib/queryKeys';
import { useAdminMutation, type MutationCallbacks } from '../../lib/useAdminMutation';

/** Page sizes: the contract's defaults of each call. */
export const BALANCES_PAGE_SIZE = 10;
export const OWNER_LEDGER_PAGE_SIZE = 20;

export interface BalanceListParams {
  sort: OwnerBalanceSort;
  /** The period paid out is counted in (calendar days, Sydney time); all time when both are empty. */
  from: string;
  to: string;
  isNegativeOnly: boolean;
}

/** The list's query without its page: the list's call and its CSV export send the same. */
export const balanceListQuery = (params: BalanceListParams) => ({
  sort: params.sort,
  from: params.from || undefined,
  to: params.to || undefined,
  negative: params.isNegativeOnly ? ('true' as const) : undefined,
});

export const balanceListOptions = (params: BalanceListParams & { page: number }) =>
  queryOptions({
    queryKey: queryKeys.ledger.balances(params),
    queryFn: ({ signal }) => api.call('ownerBalances', { query: { page: params.page, limit: BALANCES_PAGE_SIZE, ...balanceListQuery(params) }, signal }),
    select: selectListPage,
    placeholderData: keepPreviousData,
  });

export const useOwnerBalances = (params: BalanceListParams & { page: number }) => useQuery(balanceListOptions(params));

/** A page of an owner's ledger, the owner's balances (the page's header) and what stands between them and a payout. */
export type OwnerLedgerPage = ListPage<OwnerLedgerResponse['data'][number]> & Pick<OwnerLedgerResponse, 'owner' | 'payoutStatus'>;

const selectOwnerLedgerPage = ({ owner, payoutStatus, data, totalCount }: OwnerLedgerResponse): OwnerLedgerPage => ({
  owner,
  payoutStatus,
  rows: data,
  totalCount,
});

export const ownerLedgerOptions = (ownerId: string, page: number) =>
  queryOptions({
    queryKey: queryKeys.ledger.owner(ownerId, page),
    queryFn: ({ signal }) => api.call('ownerLedger', { params: { id: ownerId }, query: { page, limit: OWNER_LEDGER_PAGE_SIZE }, signal }),
    select: selectOwnerLedgerPage,
    placeholderData: keepPreviousData,
  });

export const useOwnerLedger = (ownerId: string, page: number) => useQuery(ownerLedgerOptions(ownerId, page));

/** The owner's hold as the page shows it: its version travels as If-Match (docs/design.md §14). */
export interface OwnerHoldRef {
  ownerId: string;
  version?: string;
}

export interface HoldOwnerPayouts extends OwnerHoldRef {
  body: RouteBody<'holdOwnerPayouts'>;
}

/** PUT owner-payout-hold/{id}: finance stops transfers to the owner, saying why (the Transfer refusal repeats it). */
export function useHoldOwnerPayouts(options?: MutationCallbacks<HoldOwnerPayouts, RouteResponse<'holdOwnerPayouts'>>) {
  return useAdminMutation(
    {
      mutationFn: ({ ownerId, version, body }: HoldOwnerPayouts) => api.call('holdOwnerPayouts', { params: { id: ownerId }, body, ifMatch: version }),
      invalidates: [queryKeys.ledger.all],
    },
    options,
  );
}

/** PUT owner-payout-release/{id}: the hold comes off; transfers to the owner go through again. */
export function useReleaseOwnerPayouts(options?: MutationCallbacks<OwnerHoldRef, RouteResponse<'releaseOwnerPayouts'>>) {
  return useAdminMutation(
    {
      mutationFn: ({ ownerId, version }: OwnerHoldRef) => api.call('releaseOwnerPayouts', { params: { id: ownerId }, ifMatch: version }),
      invalidates: [queryKeys.ledger.all],
    },
    options,
  );
}
