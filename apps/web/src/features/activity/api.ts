import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../lib/apiClient';
import { queryKeys } from '../../lib/queryKeys';

/** Day groups per 'Load more' step on 'All Dates'. */
export const ACTIVITY_DAYS_PER_PAGE = 7;

/** 'latest' (the most recent day), 'all' (every day, loaded on demand) or one day (YYYY-MM-DD). */
export type ActivityFilter = 'latest' | 'all' | (string & {});

export function isDayFilter(filter: ActivityFilter): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(filter);
}

export interface UserActivityParams {
  userId: string;
  filter: ActivityFilter;
}

/**
 * The user's activity for a filter. 'all' pages by day groups with the `before` cursor, so a user
 * with tens of thousands of activities loads a week at a time. Not a ListPage: its pages are day
 * groups with the user, the days to filter by and the count, read by the activity screen itself.
 */
export const userActivityOptions = ({ userId, filter }: UserActivityParams) =>
  infiniteQueryOptions({
    queryKey: queryKeys.activity.list({ userId, filter }),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => {
      const query = isDayFilter(filter) ? { date: filter } : filter === 'all' ? { days: ACTIVITY_DAYS_PER_PAGE, before: pageParam } : { days: 1 };
      return api.call('activities', { params: { userId }, query, signal });
    },
    getNextPageParam: (lastPage) => (filter === 'all' && lastPage.hasMore ? lastPage.data.at(-1)?.date : undefined),
    placeholderData: keepPreviousData,
  });

export const useUserActivity = (params: UserActivityParams) => useInfiniteQuery(userActivityOptions(params));
