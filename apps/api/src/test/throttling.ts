import { sql } from 'drizzle-orm';
import { PostgresRateLimitStore } from '../lib/postgresRateLimiter';
import { MemoryRateLimitStore } from '../lib/rateLimiter';
import type { TestApp } from './testApp';

/** Forgets every throttling counter of the test app, in the store its engine uses (in-process on PGlite, the rate_limits table on PostgreSQL). */
export async function clearThrottling(t: TestApp): Promise<void> {
  const { limits } = t.app.ctx;
  if (limits instanceof PostgresRateLimitStore) await t.database.db.execute(sql`delete from rate_limits`);
  else if (limits instanceof MemoryRateLimitStore) (limits as unknown as { entries: Map<string, unknown> }).entries.clear();
  else throw new Error('clearThrottling knows the in-process and PostgreSQL stores only');
}
