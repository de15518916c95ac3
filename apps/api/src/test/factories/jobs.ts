import type { Db } from '../../db/database';
import { jobs } from '../../db/tables/jobs.table';
import { nextSequence, uniqueReference } from './sequence';

export type JobRow = typeof jobs.$inferSelect;
export type JobValues = Partial<typeof jobs.$inferInsert>;

/**
 * The values of one Pending job with every field filled. Its image names a demo file a seeded test
 * app has on disk; its title has no `%` or `_` and none of the seeded job kinds.
 */
export function buildJob(overrides: JobValues = {}): typeof jobs.$inferInsert {
  const n = nextSequence();
  return {
    jobId: uniqueReference('JOB'),
    title: `Factory job ${n}`,
    description: 'Factory job needed around Sydney. Items are boxed and ready.',
    state: 'NSW',
    location: '10 George St, Sydney',
    workSchedule: ['Mon 7am-3pm'],
    budget: 200,
    images: ['demo-job-1.png'],
    status: 'Pending',
    ...overrides,
  };
}

export async function createJob(db: Db, overrides: JobValues = {}): Promise<JobRow> {
  const [row] = await db.insert(jobs).values(buildJob(overrides)).returning();
  return row;
}

export async function createJobs(db: Db, rows: number | JobValues[]): Promise<JobRow[]> {
  const values = typeof rows === 'number' ? Array.from({ length: rows }, () => buildJob()) : rows.map((overrides) => buildJob(overrides));
  if (values.length === 0) return [];
  return db.insert(jobs).values(values).returning();
}
