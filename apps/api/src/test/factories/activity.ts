import type { Db } from '../../db/database';
import { userActivities } from '../../db/tables/activity.table';

export type ActivityValues = { userId: string } & Partial<typeof userActivities.$inferInsert>;

/** Activities of users (a logged-in of now unless told), inserted in chunks of multi-row inserts. */
export async function createActivities(db: Db, rows: ActivityValues[], chunkSize = 2000): Promise<void> {
  for (let i = 0; i < rows.length; i += chunkSize) {
    await db.insert(userActivities).values(rows.slice(i, i + chunkSize).map((row) => ({ activity: 'logged-in', ...row })));
  }
}
