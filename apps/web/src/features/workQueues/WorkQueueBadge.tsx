import { Link } from 'react-router';
import { WORK_QUEUE_LABELS, type WorkQueue } from '@ute/contract';
import { workQueueHref } from './workQueueLinks';

/** What the pill shows; the accessible name always carries the exact count. */
export const badgeText = (count: number) => (count > 99 ? '99+' : String(count));

/**
 * A sidebar entry's count of waiting rows, as a link to its list filtered to them. Nothing when no
 * row waits. Named "12 waiting: Pending utes" so it reads apart from the entry beside it.
 */
export function WorkQueueBadge({ queue, count, onNavigate }: { queue: WorkQueue; count: number | undefined; onNavigate?: () => void }) {
  if (!count || count <= 0) return null;
  const label = WORK_QUEUE_LABELS[queue];
  return (
    <Link
      to={workQueueHref(queue)}
      onClick={onNavigate}
      aria-label={`${count} waiting: ${label}`}
      title={`${label}: ${count}`}
      className="min-w-6 rounded-full bg-red-600 px-1.5 py-0.5 text-center text-xs font-semibold tabular-nums text-white hover:bg-red-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
    >
      {badgeText(count)}
    </Link>
  );
}
