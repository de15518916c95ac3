import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { RateLimitStore } from './rateLimiter';

/** What the store needs of the app's Drizzle client (lib/ is below db/, so not its Db type). */
type SqlClient = Pick<PgDatabase<PgQueryResultHKT>, 'execute'>;

/**
 * Throttling counters in the UNLOGGED table rate_limits (migration 0005), shared by every api process
 * on the database: a deployment of several processes needs PostgreSQL alone. Each call is one
 * statement, so it is atomic however many processes run it at once.
 */
export class PostgresRateLimitStore implements RateLimitStore {
  /**
   * About one hit in `hitsPerSweep` also deletes the expired counters, so the table holds little
   * more than the live windows.
   */
  constructor(
    private readonly db: SqlClient,
    private readonly hitsPerSweep = 1000,
  ) {}

  private async rows<T>(query: SQL): Promise<T[]> {
    return ((await this.db.execute(query)) as unknown as { rows: T[] }).rows;
  }

  async hit(key: string, windowMs: number): Promise<number> {
    // The upsert locks the row: parallel hits on one key take turns, so each gets its own count.
    // A window that has run out starts again at this hit.
    const [row] = await this.rows<{ count: number }>(sql`
      insert into rate_limits as r (key, count, expires_at)
      values (${key}, 1, now() + make_interval(secs => ${windowMs}::double precision / 1000))
      on conflict (key) do update set
        count = case when r.expires_at <= now() then 1 else r.count + 1 end,
        expires_at = case when r.expires_at <= now() then excluded.expires_at else r.expires_at end
      returning count`);
    if (Math.random() * this.hitsPerSweep < 1) await this.deleteExpired();
    return row.count;
  }

  async release(key: string): Promise<void> {
    await this.db.execute(sql`update rate_limits set count = count - 1 where key = ${key} and expires_at > now() and count > 0`);
  }

  async count(key: string): Promise<number> {
    const [row] = await this.rows<{ count: number }>(sql`select count from rate_limits where key = ${key} and expires_at > now()`);
    return row?.count ?? 0;
  }

  async reset(key: string): Promise<void> {
    await this.db.execute(sql`delete from rate_limits where key = ${key}`);
  }

  private async deleteExpired(): Promise<void> {
    // The hit has counted already; a sweep that fails is left to a later one.
    await this.db.execute(sql`delete from rate_limits where expires_at <= now()`).catch(() => {});
  }
}
