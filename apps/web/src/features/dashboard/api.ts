import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/apiClient';
import { queryKeys } from '../../lib/queryKeys';

/** The dashboard's counts, asked for again on every visit. */
export function useDashboard() {
  return useQuery({
    queryKey: queryKeys.dashboard,
    queryFn: ({ signal }) => api.call('dashboard', { signal }),
    staleTime: 0,
  });
}
