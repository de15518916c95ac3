import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SEARCH_TERM_MAX_LENGTH, SEARCH_TERM_MIN_LENGTH, type SearchGroup } from '@ute/contract';
import { api } from '../../lib/apiClient';
import { queryKeys } from '../../lib/queryKeys';
import { OPEN_ROW_PARAM } from '../../lib/useOpenedRow';

/** How long typing must pause before the search is sent. */
export const GLOBAL_SEARCH_DELAY_MS = 250;

/** The screen each group's hit opens, on that row (its list filtered to it, its details open). */
const GROUP_SCREENS: Record<SearchGroup, string> = {
  users: '/all-users',
  utes: '/ute-list',
  jobs: '/job-list',
  uteBookings: '/booking-list',
  jobBookings: '/job-booking-list',
  queries: '/queries',
};

export const hitLinkOf = (group: SearchGroup, id: string) => `${GROUP_SCREENS[group]}?${OPEN_ROW_PARAM}=${encodeURIComponent(id)}`;

/** Whether the term is one the api takes (trimmed, 2 to 100 characters). */
export const isSearchable = (term: string) => term.trim().length >= SEARCH_TERM_MIN_LENGTH && term.trim().length <= SEARCH_TERM_MAX_LENGTH;

/** The hits for `term` in every group the admin may open; nothing is asked for a term too short. */
export function useGlobalSearch(term: string) {
  const q = term.trim();
  return useQuery({
    queryKey: queryKeys.globalSearch(q),
    queryFn: ({ signal }) => api.call('globalSearch', { query: { q }, signal }),
    select: (response) => response.data,
    enabled: isSearchable(q),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
