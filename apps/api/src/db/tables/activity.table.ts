import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.table';

export interface ActivityParty {
  firstName: string;
  lastName: string;
}
export interface ActivityTarget {
  uteName?: string;
  uteId?: string;
  jobName?: string;
  jobId?: string;
  amount?: number;
  fullName?: string;
}

export const userActivities = pgTable(
  'user_activities',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    activity: text('activity').notNull(),
    subType: text('sub_type'),
    activityBy: jsonb('activity_by').$type<ActivityParty>(),
    activityTo: jsonb('activity_to').$type<ActivityTarget>(),
    response: jsonb('response'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_activities_user_idx').on(t.userId, t.occurredAt.desc())],
);
