import { Link } from 'react-router';
import { WORK_QUEUE_LABELS, type WorkQueue, type WorkQueueCount } from '@ute/contract';
import { waitText } from '../../domain/workItems';
import { useWorkQueueDetail } from './api';
import { myWorkQueueHref, workQueueHref } from './workQueueLinks';

/** What the pill shows; the accessible name always carries the exact count. */
export const badgeText = (count: number) => (count > 99 ? '99+' : String(count));

/** The tooltip: the queue, its count, what is overdue and the item that has waited longest. */
export function badgeTitleOf(queue: WorkQueue, count: number, detail: Pick<WorkQueueCount, 'overdue' | 'oldest'> | undefined, now = Date.now()): string {
  const parts = [`${WORK_QUEUE_LABELS[queue]}: ${count}`];
  if (detail?.overdue) parts.push(`${detail.overdue} overdue`);
  if (detail?.oldest) parts.push(`oldest: ${detail.oldest.label ?? 'an item'}, waiting ${waitText(detail.oldest.enteredAt, now)}`);
  return parts.join(' · ');
}

export interface WorkQueueBadgeProps {
  queue: WorkQueue;
  count: number | undefined;
  onNavigate?: () => void;
  /** Mine, overdue and the oldest (docs/design.md §15); read from the work-queues call when not given. */
  detail?: Pick<WorkQueueCount, 'mine' | 'overdue' | 'oldest'>;
  now?: number;
}

/**
 * A sidebar entry's count of waiting rows, as a link to its list filtered to them, red, or amber when
 * an item is overdue; beside it, the count of those assigned to me ("3 mine: Pending utes"). Nothing
 * when no row waits. Named "12 waiting: Pending utes" so it reads apart from the entry beside it.
 */
export function WorkQueueBadge({ queue, count, onNavigate, detail, now }: WorkQueueBadgeProps) {
  const read = useWorkQueueDetail(queue);
  const known = detail ?? read.data;
  if (!count || count <= 0) return null;
  const label = WORK_QUEUE_LABELS[queue];
  const overdue = known?.overdue ?? 0;
  const mine = known?.mine ?? 0;
  const tone = overdue > 0 ? 'bg-amber-500 text-slate-950 hover:bg-amber-600' : 'bg-red-600 text-white hover:bg-red-700';
  return (
    <span className="flex items-center gap-1">
      {mine > 0 && (
        <Link
          to={myWorkQueueHref(queue)}
          onClick={onNavigate}
          aria-label={`${mine} mine: ${label}`}
          title={`Assigned to me: ${mine}`}
          className="min-w-6 rounded-full border border-brand-600 bg-white px-1.5 py-0.5 text-center text-xs font-semibold tabular-nums text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          {badgeText(mine)}
        </Link>
      )}
      <Link
        to={workQueueHref(queue)}
        onClick={onNavigate}
        aria-label={`${count} waiting${overdue > 0 ? `, ${overdue} overdue` : ''}: ${label}`}
        title={badgeTitleOf(queue, count, known, now)}
        className={`min-w-6 rounded-full px-1.5 py-0.5 text-center text-xs font-semibold tabular-nums focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${tone}`}
      >
        {badgeText(count)}
      </Link>
    </span>
  );
}
