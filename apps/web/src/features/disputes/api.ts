import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DisputeEvidence, DisputeLossRecovery, DisputeStatusFilter, RouteResponse } from '@ute/contract';
import { api } from '../../lib/apiClient';
import { selectListPage } from '../../lib/listQuery';
import { queryKeys } from '../../lib/queryKeys';
import { workItemQuery } from '../../lib/workItemQuery';
import { useAdminMutation, type MutationCallbacks } from '../../lib/useAdminMutation';

/** Page size: the contract's default of the call. */
export const DISPUTES_PAGE_SIZE = 10;

export interface DisputeListParams {
  /** One status group only; every dispute when absent. */
  status: DisputeStatusFilter | undefined;
  page: number;
  /** The queue's items held by me or nobody ('' = anyone), and 'oldest' first (docs/design.md §15). */
  assigned?: string;
  waitSort?: string;
}

/** GET disputes: open ones by evidence due date (soonest first), closed ones after. */
export const disputeListOptions = (params: DisputeListParams) =>
  queryOptions({
    queryKey: queryKeys.disputes.list(params),
    queryFn: ({ signal }) =>
      api.call('disputes', { query: { page: params.page, limit: DISPUTES_PAGE_SIZE, status: params.status, ...workItemQuery(params) }, signal }),
    select: selectListPage,
    placeholderData: keepPreviousData,
  });

export const useDisputes = (params: DisputeListParams) => useQuery(disputeListOptions(params));

/**
 * GET disputes/{id}: one dispute with its evidence (submitted, the draft, or gathered from the booking
 * now) and its journals. Read afresh each time it is opened: Stripe's events change it behind the screen.
 */
export const useDispute = (id: string) =>
  useQuery({
    queryKey: queryKeys.disputes.dispute(id),
    queryFn: ({ signal }) => api.call('dispute', { params: { id }, signal }),
    select: (response) => response.data,
    refetchOnMount: 'always',
  });

export interface DisputeEvidenceChange {
  id: string;
  evidence: DisputeEvidence;
  /** The dispute's version as the dialog shows it (docs/design.md §14). */
  version?: string;
}

type DisputeAnswer = RouteResponse<'saveDisputeEvidence'>;

/** PUT disputes/{id}/evidence: keeps the admin's draft (nothing goes to Stripe). */
export function useSaveDisputeEvidence(options?: MutationCallbacks<DisputeEvidenceChange, DisputeAnswer>) {
  return useAdminMutation(
    {
      mutationFn: ({ id, evidence, version }: DisputeEvidenceChange) =>
        api.call('saveDisputeEvidence', { params: { id }, body: { evidence }, ifMatch: version }),
      invalidates: [queryKeys.disputes.all],
    },
    options,
  );
}

/** POST disputes/{id}/evidence/submit (step-up): sends the evidence to Stripe, once. */
export function useSubmitDisputeEvidence(options?: MutationCallbacks<DisputeEvidenceChange, DisputeAnswer>) {
  return useAdminMutation(
    {
      mutationFn: ({ id, evidence, version }: DisputeEvidenceChange) =>
        api.call('submitDisputeEvidence', { params: { id }, body: { evidence }, ifMatch: version }),
      invalidates: [queryKeys.disputes.all],
    },
    options,
  );
}

export interface DisputeLossRecoveryChoice {
  id: string;
  recovery: DisputeLossRecovery;
  /** The dispute's version as the dialog shows it (docs/design.md §14). */
  version?: string;
}

/** PUT disputes/{id}/loss-recovery (step-up): who bears a lost dispute's money; it moves the ledger (an owner's balance too). */
export function useChooseDisputeLossRecovery(options?: MutationCallbacks<DisputeLossRecoveryChoice, DisputeAnswer>) {
  return useAdminMutation(
    {
      mutationFn: ({ id, recovery, version }: DisputeLossRecoveryChoice) =>
        api.call('chooseDisputeLossRecovery', { params: { id }, body: { recovery }, ifMatch: version }),
      invalidates: [queryKeys.disputes.all, queryKeys.ledger.all],
    },
    options,
  );
}
