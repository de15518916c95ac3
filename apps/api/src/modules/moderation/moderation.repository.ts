import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { userActivities, type ActivityTarget } from '../../db/tables/activity.table';
import { users } from '../../db/tables/users.table';

export interface Lister {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
}

/** The live user who listed a ute or a job, if any. */
export async function findLister(db: DbOrTx, userId: string): Promise<Lister | undefined> {
  const [row] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return row;
}

export async function insertDecisionActivity(
  db: DbOrTx,
  entry: { lister: Lister; activity: string; target: ActivityTarget; response: Record<string, unknown> | null },
): Promise<void> {
  await db.insert(userActivities).values({
    userId: entry.lister.id,
    activity: entry.activity,
    activityBy: { firstName: entry.lister.firstName, lastName: entry.lister.lastName },
    activityTo: entry.target,
    response: entry.response,
  });
}
