import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/apiClient';
import { queryKeys } from '../../lib/queryKeys';
import { useAdminMutation } from '../../lib/useAdminMutation';

/** The bell refreshes this often, and after every mutation (useAdminMutation): there is no live push yet. */
export const NOTIFICATIONS_REFRESH_MS = 30_000;

/** GET notifications: my newest ones and my unread count. */
export function useNotifications() {
  return useQuery({
    queryKey: queryKeys.notifications,
    queryFn: ({ signal }) => api.call('notifications', { signal }),
    refetchInterval: NOTIFICATIONS_REFRESH_MS,
    // A stale bell is no harm: a failed refresh keeps the last answer and tries again in 30 s.
    retry: false,
  });
}

/** POST notifications/:id/read, quietly: opening the record is the feedback. */
export function useReadNotification() {
  return useAdminMutation({
    mutationFn: (id: string) => api.call('readNotification', { params: { id } }),
    invalidates: [queryKeys.notifications],
    silent: true,
  });
}

/** POST notifications/read-all, quietly: the emptied count is the feedback. */
export function useReadAllNotifications() {
  return useAdminMutation({
    mutationFn: () => api.call('readAllNotifications'),
    invalidates: [queryKeys.notifications],
    silent: true,
  });
}
