import { visibleWorkQueues, type DashboardCounts, type WorkQueueCount } from '@ute/contract';
import type { Db } from '../../db/database';
import { countDashboard, countWorkQueues } from './dashboard.repository';

export interface DashboardServiceDeps {
  db: Db;
}

export function createDashboardService({ db }: DashboardServiceDeps) {
  /** The seven numbers of the dashboard. */
  async function getCounts(): Promise<DashboardCounts> {
    return countDashboard(db);
  }

  /** The work queues whose lists an admin holding `roles` may open, and how many rows wait in each. */
  async function getWorkQueues(roles: readonly string[]): Promise<WorkQueueCount[]> {
    return countWorkQueues(db, visibleWorkQueues(roles));
  }

  return { getCounts, getWorkQueues };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
