import { canCall, WORK_QUEUE_LISTS, type RouteResponse, type WorkItemQueue } from '@ute/contract';
import type { QueryKey } from '@tanstack/react-query';
import { api } from '../../lib/apiClient';
import { useAdminMutation } from '../../lib/useAdminMutation';
import { useMentionableAdmins } from '../notes/notesApi';

/** A list row's item: its queue and record, and who the screen last saw holding it. */
export interface WorkItemRef {
  queue: WorkItemQueue;
  recordId: string;
  /** The holder as the list last read it: the api answers 409 naming the holder when it changed since. */
  expectedAssigneeId: string | null;
}

type WorkItemResult = RouteResponse<'takeWorkItem'>;

/**
 * Take, assign and release (docs/design.md §15), refreshing `invalidates` (the list), the sidebar's
 * counts and the inbox (useAdminMutation) after each.
 */
export function useWorkItemActions(invalidates: QueryKey[]) {
  const take = useAdminMutation<WorkItemRef, WorkItemResult>({
    mutationFn: ({ queue, recordId, expectedAssigneeId }) => api.call('takeWorkItem', { params: { queue, recordId }, body: { expectedAssigneeId } }),
    invalidates,
  });
  const assign = useAdminMutation<WorkItemRef & { assigneeId: string }, WorkItemResult>({
    mutationFn: ({ queue, recordId, expectedAssigneeId, assigneeId }) =>
      api.call('assignWorkItem', { params: { queue, recordId }, body: { assigneeId, expectedAssigneeId } }),
    invalidates,
  });
  const release = useAdminMutation<WorkItemRef, WorkItemResult>({
    mutationFn: ({ queue, recordId, expectedAssigneeId }) => api.call('releaseWorkItem', { params: { queue, recordId }, body: { expectedAssigneeId } }),
    invalidates,
  });
  return { take, assign, release, isPending: take.isPending || assign.isPending || release.isPending };
}

/** The active admins (names for the holder marks), and those who may hold the queue's items (whose roles open its list). */
export function useWorkItemAdmins(queue: WorkItemQueue, isEnabled = true) {
  const admins = useMentionableAdmins(isEnabled);
  const all = admins.data ?? [];
  return { all, assignable: all.filter((admin) => canCall(admin.roles, WORK_QUEUE_LISTS[queue])) };
}
