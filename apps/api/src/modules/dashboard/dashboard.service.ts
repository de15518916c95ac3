import type { DashboardCounts } from '@ute/contract';
import type { Db } from '../../db/database';
import { countDashboard } from './dashboard.repository';

export interface DashboardServiceDeps {
  db: Db;
}

export function createDashboardService({ db }: DashboardServiceDeps) {
  /** The seven numbers of the dashboard. */
  async function getCounts(): Promise<DashboardCounts> {
    return countDashboard(db);
  }

  return { getCounts };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
