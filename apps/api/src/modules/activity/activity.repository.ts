import { sql } from 'drizzle-orm';
import { ACTIVITY_TIME_ZONE } from '@ute/contract';
import { queryRows, type DbOrTx } from '../../db/database';
import type { ActivityParty, ActivityTarget } from '../../db/tables/activity.table';

/** A constant, not user input: inlined so the GROUP BY expression matches the SELECT one. */
const zone = sql.raw(`'${ACTIVITY_TIME_ZONE}'`);

export interface ActivityDayCount {
  date: string;
  count: number;
}

/** Every calendar day with activity, newest first: one GROUP BY over user_activities_user_idx. */
export async function countActivitiesByDay(db: DbOrTx, userId: string): Promise<ActivityDayCount[]> {
  return queryRows<ActivityDayCount>(
    db,
    sql`select ((occurred_at at time zone ${zone})::date)::text as "date", count(*)::int as "count"
        from user_activities
        where user_id = ${userId}
        group by 1
        order by 1 desc`,
  );
}

export interface ActivityRow {
  id: string;
  activity: string;
  subType: string | null;
  activityBy: ActivityParty | null;
  activityTo: ActivityTarget | null;
  response: unknown;
  occurredAt: string;
  day: string;
  time: string;
}

/** The activities of the calendar days from..to (inclusive), newest first: one index range scan. */
export async function findActivitiesInDays(db: DbOrTx, userId: string, from: string, to: string): Promise<ActivityRow[]> {
  return queryRows<ActivityRow>(
    db,
    sql`select id::text as "id", activity, sub_type as "subType", activity_by as "activityBy", activity_to as "activityTo",
          response, to_char(occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "occurredAt",
          to_char(occurred_at at time zone ${zone}, 'YYYY-MM-DD') as "day",
          to_char(occurred_at at time zone ${zone}, 'FMHH12:MI AM') as "time"
        from user_activities
        where user_id = ${userId}
          and occurred_at >= (${from}::date::timestamp at time zone ${zone})
          and occurred_at < ((${to}::date + 1)::timestamp at time zone ${zone})
        order by occurred_at desc, id desc`,
  );
}
