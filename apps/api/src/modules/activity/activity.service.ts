import type { ActivityDayGroup, ActivityQuery, ActivityRecord, ActivityResponse } from '@ute/contract';
import type { Db } from '../../db/database';
import { notFound } from '../../lib/errors';
import { findLiveUser } from '../users/users.repository';
import * as repo from './activity.repository';

function toRecord(row: repo.ActivityRow, fallbackBy: { firstName: string; lastName: string }): ActivityRecord {
  return {
    _id: row.id,
    occurredAt: row.occurredAt,
    activity: row.activity,
    activityBy: row.activityBy ?? fallbackBy,
    activityTo: row.activityTo ?? null,
    response: row.response ?? null,
    type: row.subType,
  };
}

export interface ActivityServiceDeps {
  db: Db;
}

export function createActivityService({ db }: ActivityServiceDeps) {
  /**
   * A user's activity as day groups (Australia/Sydney calendar days), paged by day: `days` groups
   * older than `before`, or the one day `date`. The date list comes from one GROUP BY over the
   * (user_id, occurred_at) index, and only the rows of the answered days are read, so a user with
   * tens of thousands of activities costs about as much as one with a few.
   */
  async function getUserActivities(userId: string, query: ActivityQuery): Promise<ActivityResponse> {
    const user = await findLiveUser(db, userId);
    if (!user) throw notFound('User');
    const name = { firstName: user.firstName, lastName: user.lastName };
    const dates = await repo.countActivitiesByDay(db, userId);
    const totalCount = dates.reduce((sum, day) => sum + day.count, 0);

    let window: repo.ActivityDayCount[];
    let hasMore: boolean;
    if (query.date) {
      window = dates.filter((day) => day.date === query.date);
      hasMore = false;
    } else {
      const before = query.before;
      const candidates = before ? dates.filter((day) => day.date < before) : dates;
      window = candidates.slice(0, query.days);
      hasMore = candidates.length > query.days;
    }

    const data: ActivityDayGroup[] = window.map((day) => ({ date: day.date, count: day.count, activities: [] }));
    if (window.length > 0) {
      const groups = new Map(data.map((group) => [group.date, group]));
      const rows = await repo.findActivitiesInDays(db, userId, window[window.length - 1].date, window[0].date);
      for (const row of rows) groups.get(row.day)?.activities.push({ [row.time]: toRecord(row, name) });
    }
    return { data, user: name, dates, totalCount, hasMore };
  }

  return { getUserActivities };
}

export type ActivityService = ReturnType<typeof createActivityService>;
