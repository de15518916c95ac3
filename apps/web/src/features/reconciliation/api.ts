import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ReconciliationDiscrepancy, RouteBody, RouteResponse } from '@ute/contract';
import { api } from '../../lib/apiClient';
import { selectListPage, selectWholeList, type ListPage } from '../../lib/listQuery';
import { queryKeys } from '../../lib/queryKeys';
import { useAdminMutation, type MutationCallbacks } from '../../lib/useAdminMutation';

/** Page size: the contract's default of the call. */
export const RECONCILIATION_RUNS_PAGE_SIZE = 10;

/** GET reconciliation-runs: the runs, newest first. */
export const reconciliationRunListOptions = (page: number) =>
  queryOptions({
    queryKey: queryKeys.reconciliation.list({ page }),
    queryFn: ({ signal }) => api.call('reconciliationRuns', { query: { page, limit: RECONCILIATION_RUNS_PAGE_SIZE }, signal }),
    select: selectListPage,
    placeholderData: keepPreviousData,
  });

export const useReconciliationRuns = (page: number) => useQuery(reconciliationRunListOptions(page));

/** GET reconciliation-runs/{id}: one run and its discrepancies (answered whole). */
export const reconciliationRunOptions = (runId: string) =>
  queryOptions({
    queryKey: queryKeys.reconciliation.run(runId),
    queryFn: ({ signal }) => api.call('reconciliationRun', { params: { id: runId }, signal }),
  });

/** The run itself (its page's header). */
export const useReconciliationRun = (runId: string) => useQuery({ ...reconciliationRunOptions(runId), select: (response) => response.data });

/** The run's discrepancies, as a list (the api answers them whole). */
export const useRunDiscrepancies = (runId: string) =>
  useQuery({
    ...reconciliationRunOptions(runId),
    select: ({ discrepancies }): ListPage<ReconciliationDiscrepancy> => selectWholeList({ data: discrepancies }),
  });

/** POST reconcile-now: one run over the last two days, now (audited); its answer is the new run. */
export function useRunReconciliation(options?: MutationCallbacks<void, RouteResponse<'runReconciliation'>>) {
  return useAdminMutation({ mutationFn: () => api.call('runReconciliation'), invalidates: [queryKeys.reconciliation.all] }, options);
}

export interface ExplainDiscrepancy {
  discrepancyId: string;
  body: RouteBody<'explainDiscrepancy'>;
}

/** PUT reconciliation-discrepancies/{id}/explain: closes a discrepancy with finance's note; the run's open count follows. */
export function useExplainDiscrepancy(options?: MutationCallbacks<ExplainDiscrepancy, RouteResponse<'explainDiscrepancy'>>) {
  return useAdminMutation(
    {
      mutationFn: ({ discrepancyId, body }: ExplainDiscrepancy) => api.call('explainDiscrepancy', { params: { id: discrepancyId }, body }),
      invalidates: [queryKeys.reconciliation.all],
      rowIdOf: ({ discrepancyId }) => discrepancyId,
    },
    options,
  );
}
