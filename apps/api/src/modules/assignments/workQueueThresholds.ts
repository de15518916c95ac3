import {
  BUSINESS_HOURS,
  DEFAULT_WORK_QUEUE_THRESHOLDS,
  WORK_ITEM_QUEUES,
  workQueueThresholdSchema,
  type WorkItemQueue,
  type WorkQueueThreshold,
  type WorkQueueThresholds,
} from '@ute/contract';
import type { DbOrTx } from '../../db/database';
import { addBusinessTime, subtractBusinessTime } from '../../lib/businessHours';
// The thresholds are one row of the owners' settings, read and written as the admins module does.
import { readSetting } from '../admins/admins.repository';

/** The admin_settings key of the overdue thresholds (a JSON object by queue). */
export const WORK_QUEUE_THRESHOLDS_KEY = 'work_queue_thresholds';

const HOUR_MS = 60 * 60_000;

/** The stored thresholds over the defaults: a queue never stored, or stored unreadable, has its default. */
export function thresholdsOf(stored: string | undefined): WorkQueueThresholds {
  let parsed: Record<string, unknown> = {};
  try {
    parsed = stored ? (JSON.parse(stored) as Record<string, unknown>) : {};
  } catch {
    parsed = {};
  }
  return Object.fromEntries(
    WORK_ITEM_QUEUES.map((queue) => {
      const found = workQueueThresholdSchema.safeParse(parsed[queue]);
      return [queue, found.success ? found.data : DEFAULT_WORK_QUEUE_THRESHOLDS[queue]];
    }),
  ) as WorkQueueThresholds;
}

export async function readThresholds(db: DbOrTx): Promise<WorkQueueThresholds> {
  return thresholdsOf(await readSetting(db, WORK_QUEUE_THRESHOLDS_KEY));
}

/** When an item that entered at `enteredAt` becomes overdue. */
export function overdueAtOf(threshold: WorkQueueThreshold, enteredAt: Date): Date {
  const duration = threshold.hours * HOUR_MS;
  return threshold.isBusinessHours ? addBusinessTime(enteredAt, duration, BUSINESS_HOURS) : new Date(enteredAt.getTime() + duration);
}

/** The latest entry time already overdue at `now`: the queue's items entered at or before it are overdue. */
export function overdueCutoffOf(threshold: WorkQueueThreshold, now: Date): Date {
  const duration = threshold.hours * HOUR_MS;
  return threshold.isBusinessHours ? subtractBusinessTime(now, duration, BUSINESS_HOURS) : new Date(now.getTime() - duration);
}

/** Every queue's cut-off at `now`. */
export const overdueCutoffsOf = (thresholds: WorkQueueThresholds, now: Date): Record<WorkItemQueue, Date> =>
  Object.fromEntries(WORK_ITEM_QUEUES.map((queue) => [queue, overdueCutoffOf(thresholds[queue], now)])) as Record<WorkItemQueue, Date>;
