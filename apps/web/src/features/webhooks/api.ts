import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { RouteResponse, WebhookEventState } from '@ute/contract';
import { api } from '../../lib/apiClient';
import { selectListPage } from '../../lib/listQuery';
import { queryKeys } from '../../lib/queryKeys';
import { useAdminMutation, type MutationCallbacks } from '../../lib/useAdminMutation';

/** Page size: the contract's default of the call. */
export const WEBHOOK_EVENTS_PAGE_SIZE = 10;

export interface WebhookEventListParams {
  /** One state only; all of them when absent. */
  state: WebhookEventState | undefined;
  page: number;
}

export const webhookEventListOptions = (params: WebhookEventListParams) =>
  queryOptions({
    queryKey: queryKeys.webhookEvents.list(params),
    queryFn: ({ signal }) => api.call('webhookEvents', { query: { page: params.page, limit: WEBHOOK_EVENTS_PAGE_SIZE, state: params.state }, signal }),
    select: selectListPage,
    placeholderData: keepPreviousData,
  });

export const useWebhookEvents = (params: WebhookEventListParams) => useQuery(webhookEventListOptions(params));

/** POST webhook-events/{id}/replay: applies the event again now; it may move an owner's ledger, so that refreshes too. */
export function useReplayWebhookEvent(options?: MutationCallbacks<string, RouteResponse<'replayWebhookEvent'>>) {
  return useAdminMutation(
    {
      mutationFn: (id: string) => api.call('replayWebhookEvent', { params: { id } }),
      invalidates: [queryKeys.webhookEvents.all, queryKeys.ledger.all],
      rowIdOf: (id) => id,
    },
    options,
  );
}
