import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type RouteBody, type RouteResponse } from '@ute/contract';
import { api, downloadFile } from '../../lib/apiClient';
import { selectListPage } from '../../lib/listQuery';
import { queryKeys } from '../../lib/queryKeys';
import type { RecordRef } from '../../lib/recordRef';
import { notifyError } from '../../lib/toast';
import { useAdminMutation, type MutationCallbacks } from '../../lib/useAdminMutation';

/** Page size: the contract's default of the call. */
export const PAYOUT_BATCHES_PAGE_SIZE = 10;

/** A batch change moves bookings (awaiting payout, transferring, transferred) and owners' money: all of it refreshes. */
const BATCH_CHANGES = [queryKeys.payoutBatches.all, queryKeys.bookings.all('ute'), queryKeys.bookings.all('job'), queryKeys.ledger.all];

/** GET payout-batches: newest first. */
export const payoutBatchListOptions = (page: number) =>
  queryOptions({
    queryKey: queryKeys.payoutBatches.list({ page }),
    queryFn: ({ signal }) => api.call('payoutBatches', { query: { page, limit: PAYOUT_BATCHES_PAGE_SIZE }, signal }),
    select: selectListPage,
    placeholderData: keepPreviousData,
  });

export const usePayoutBatches = (page: number) => useQuery(payoutBatchListOptions(page));

/** GET payout-batches/{id}: the batch and its credits (one per owner). */
export const usePayoutBatch = (id: string) =>
  useQuery({ queryKey: queryKeys.payoutBatches.batch(id), queryFn: ({ signal }) => api.call('payoutBatch', { params: { id }, signal }) });

/** GET payout-batches/candidates: what a new batch may take; read fresh each time the dialog opens. */
export const usePayoutBatchCandidates = (isOpen: boolean) =>
  useQuery({
    queryKey: queryKeys.payoutBatches.candidates,
    queryFn: ({ signal }) => api.call('payoutBatchCandidates', { signal }),
    enabled: isOpen,
    staleTime: 0,
  });

/** POST payout-batches/prepare (step-up): the answer names the new batch and the bookings left out. */
export function usePreparePayoutBatch(options?: MutationCallbacks<RouteBody<'preparePayoutBatch'>, RouteResponse<'preparePayoutBatch'>>) {
  return useAdminMutation(
    { mutationFn: (body: RouteBody<'preparePayoutBatch'>) => api.call('preparePayoutBatch', { body }), invalidates: BATCH_CHANGES },
    options,
  );
}

type BatchStep = 'approvePayoutBatch' | 'markPayoutBatchPaid' | 'cancelPayoutBatch';

/** Approve, Mark paid, Cancel: one call on the batch each (all step-up), on the version the page shows. */
export function useBatchStep(step: BatchStep, options?: MutationCallbacks<RecordRef, RouteResponse<BatchStep>>) {
  return useAdminMutation(
    { mutationFn: ({ id, version }: RecordRef) => api.call(step, { params: { id }, ifMatch: version }), invalidates: BATCH_CHANGES, rowIdOf: ({ id }) => id },
    options,
  );
}

export interface ReturnCredit {
  batchId: string;
  /** The batch's version as the page shows it (If-Match). */
  version?: string;
  ownerId: string;
  reason: string;
}

/** POST payout-batches/{id}/credits/{ownerId}/return (step-up): the bank returned an owner's credit. */
export function useReturnCredit(options?: MutationCallbacks<ReturnCredit, RouteResponse<'returnPayoutBatchCredit'>>) {
  return useAdminMutation(
    {
      mutationFn: ({ batchId, ownerId, reason, version }: ReturnCredit) =>
        api.call('returnPayoutBatchCredit', { params: { id: batchId, ownerId }, body: { reason }, ifMatch: version }),
      invalidates: BATCH_CHANGES,
      rowIdOf: ({ ownerId }) => ownerId,
    },
    options,
  );
}

/**
 * GET payout-batches/{id}/aba (step-up): saves the approved file under the api's name (payout-batch-0001.aba).
 * Each download is audited and counted, so the batch refreshes after it.
 */
export function useDownloadAba(batchId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => downloadFile(apiPaths.downloadPayoutBatch(batchId), {}, () => {}),
    onError: notifyError,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.payoutBatches.all }),
  });
}
