import { queryOptions, useQuery } from '@tanstack/react-query';
import { ANALYTICS_GROUP_ROUTES, type AnalyticsGroup, type AnalyticsQuery } from '@ute/contract';
import { api } from '../../lib/apiClient';
import { queryKeys } from '../../lib/queryKeys';

/** One group's numbers over a range: its own call (ANALYTICS_GROUP_ROUTES), kept fresh for five minutes. */
export const analyticsGroupOptions = (group: AnalyticsGroup, query: AnalyticsQuery) =>
  queryOptions({
    queryKey: queryKeys.analytics(group, query),
    queryFn: ({ signal }) => api.call(ANALYTICS_GROUP_ROUTES[group], { query, signal }),
    staleTime: 5 * 60_000,
  });

export const useAnalyticsGroup = (group: AnalyticsGroup, query: AnalyticsQuery) => useQuery(analyticsGroupOptions(group, query));
