import type { AssignedFilter } from '@ute/contract';

/**
 * A queue-filtered list's holder filter and order as its call takes them (docs/design.md §15): the
 * URL's `assigned` (me | none; anything else is anyone) and `waitSort` (oldest; anything else is the
 * list's own order).
 */
export const workItemQuery = (params: { assigned?: string; waitSort?: string }) => ({
  assigned: params.assigned === 'me' || params.assigned === 'none' ? (params.assigned as AssignedFilter) : undefined,
  waitSort: params.waitSort === 'oldest' ? ('oldest' as const) : undefined,
});
