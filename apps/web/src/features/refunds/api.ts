import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { RefundListResponse, RefundRecoveryChoice, RouteResponse } from '@ute/contract';
import { api } from '../../lib/apiClient';
import type { ListPage } from '../../lib/listQuery';
import { queryKeys } from '../../lib/queryKeys';
import { useAdminMutation, type MutationCallbacks } from '../../lib/useAdminMutation';

/** Page size: the contract's default of the call. */
export const REFUNDS_PAGE_SIZE = 10;

export type RefundPage = ListPage<RefundListResponse['data'][number]> & { undecidedCount: number };

/** GET refunds: every refund newest first, or (`isUndecidedOnly`) those whose owner share waits for a recovery choice. */
export const refundListOptions = (params: { page: number; isUndecidedOnly: boolean }) =>
  queryOptions({
    queryKey: queryKeys.refunds.list(params),
    queryFn: ({ signal }) =>
      api.call('refunds', { query: { page: params.page, limit: REFUNDS_PAGE_SIZE, recovery: params.isUndecidedOnly ? 'undecided' : undefined }, signal }),
    select: ({ data, totalCount, undecidedCount }): RefundPage => ({ rows: data, totalCount, undecidedCount }),
    placeholderData: keepPreviousData,
  });

export const useRefunds = (params: { page: number; isUndecidedOnly: boolean }) => useQuery(refundListOptions(params));

type ChooseRecovery = { refundId: string; version?: string; recovery: RefundRecoveryChoice };

/** POST refunds/{id}/recovery (a step-up): the correcting journal moves the ledger, a reversal the booking's payout. */
export function useChooseRecovery(options?: MutationCallbacks<ChooseRecovery, RouteResponse<'chooseRefundRecovery'>>) {
  return useAdminMutation(
    {
      mutationFn: ({ refundId, version, recovery }: ChooseRecovery) =>
        api.call('chooseRefundRecovery', { params: { id: refundId }, body: { recovery }, ifMatch: version }),
      invalidates: [queryKeys.refunds.all, queryKeys.ledger.all, queryKeys.bookings.all('ute'), queryKeys.bookings.all('job')],
      rowIdOf: ({ refundId }) => refundId,
    },
    options,
  );
}
