import { isWorkItemQueue, visibleWorkQueues, type DashboardCounts, type WorkItemQueue, type WorkQueueCount } from '@ute/contract';
import type { Db } from '../../db/database';
import { readQueueAges } from '../assignments/assignments.repository';
import { overdueCutoffsOf, readThresholds } from '../assignments/workQueueThresholds';
import { countDashboard, countWorkQueues } from './dashboard.repository';

export interface DashboardServiceDeps {
  db: Db;
  /** The clock of the overdue counts (tests move it). */
  now?: () => number;
}

/** Who asks for the work queues: their roles choose the queues, their id counts "mine". */
export interface WorkQueueReader {
  id: string;
  roles: readonly string[];
}

export function createDashboardService({ db, now = Date.now }: DashboardServiceDeps) {
  /** The seven numbers of the dashboard. */
  async function getCounts(): Promise<DashboardCounts> {
    return countDashboard(db);
  }

  /**
   * The work queues whose lists the admin may open: how many rows wait in each (the counters), how
   * many are assigned to them, how many are overdue and which waited longest (work_items, §15). Reads
   * indexed rows only and depends on nothing of a request, so it can be pushed to every tab whenever a
   * counter changes. Roles alone (no id) answer no "mine".
   */
  async function getWorkQueues(reader: WorkQueueReader | readonly string[]): Promise<WorkQueueCount[]> {
    const { id, roles } = 'roles' in reader ? reader : { id: null, roles: reader };
    const queues = visibleWorkQueues(roles);
    const itemQueues = queues.filter((queue): queue is WorkItemQueue => isWorkItemQueue(queue));
    const at = new Date(now());
    const [counts, thresholds] = await Promise.all([countWorkQueues(db, queues), itemQueues.length > 0 ? readThresholds(db) : null]);
    const cutoffs = thresholds ? overdueCutoffsOf(thresholds, at) : null;
    const ages = cutoffs
      ? await readQueueAges(
          db,
          id ?? '00000000-0000-0000-0000-000000000000',
          itemQueues.map((queue) => ({ queue, cutoff: cutoffs[queue] })),
        )
      : [];
    const agesOf = new Map(ages.map((age) => [age.queue as string, age]));
    return counts.map((count) => {
      const age = agesOf.get(count.queue);
      return {
        ...count,
        mine: id && age ? age.mine : 0,
        overdue: age?.overdue ?? 0,
        oldest: age?.oldest ? { recordId: age.oldest.recordId, label: age.oldest.label, enteredAt: age.oldest.enteredAt.toISOString() } : null,
      };
    });
  }

  return { getCounts, getWorkQueues };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
