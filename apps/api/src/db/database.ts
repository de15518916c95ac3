import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';
import { migrationsFolder } from '../lib/paths';
import { installJobQueue, type SqlExecutor } from '../lib/jobQueue';
import { sqlText, type SqlText } from './sqlText';

export type Schema = typeof schema;
/** Drizzle over either engine: both share the PgDatabase API. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** The tables (Drizzle's migrations) and the job queue's schema. */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** Raw SQL for the job queue (lib/jobQueue.ts), on the same connections as the app. */
  sqlExecutor: SqlExecutor;
  /** PGlite only: the client (backups dump its data directory). */
  pglite?: PGlite;
  /** PostgreSQL only: the connection string (backups). */
  url?: string;
}

export const pgliteExtensions = { pg_trgm };

/** PGlite runs a script of several statements with exec, and one statement with values with query. */
function pgliteExecutor(client: PGlite): SqlExecutor {
  return {
    executeSql: async (text, values) => {
      if (values && values.length > 0) return client.query(text, values);
      try {
        const results = await client.exec(text);
        return results.at(-1) ?? { rows: [] };
      } catch (error) {
        // A script that failed inside its BEGIN would leave the one connection in an aborted
        // transaction (outside one, rollback only warns).
        await client.exec('rollback').catch(() => {});
        throw error;
      }
    },
  };
}

/**
 * Raw SQL on `db`'s own connection: inside a transaction, its connection, so what the job queue
 * writes there (lib/jobQueue.ts, SendOptions.executor) commits or rolls back with it. Drizzle keeps
 * the connection as its session's client (a pg Pool or PoolClient, a PGlite or its Transaction);
 * all of them answer query(text, values) with { rows }. Typed internal, like sqlText.
 */
export function sqlExecutorOf(db: DbOrTx): SqlExecutor {
  const { client } = (db as unknown as { session: { client: { query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> } } }).session;
  return { executeSql: (text, values) => client.query(text, values) };
}

/** Drizzle's renderer of statements, as its dialect has it (typed internal). */
interface StatementRenderer {
  sqlToQuery(query: SQL, invokeSource?: string): SqlText;
}

/**
 * `db` with every statement Drizzle builds (its select, insert, update and delete builders, execute)
 * rendered by sqlText: the same text and parameters for about a third of the CPU (a five-join select
 * of 40 fields: 97 → 17 µs). Drizzle renders what sqlText leaves to it, and what it renders for
 * another purpose (`invokeSource`: index definitions, with their values inlined).
 */
export function renderedBySqlText<TDb extends Db>(db: TDb): TDb {
  const { dialect } = db as unknown as { dialect: StatementRenderer };
  const drizzleRendering = dialect.sqlToQuery.bind(dialect);
  dialect.sqlToQuery = (query, invokeSource) => (invokeSource === undefined ? sqlText(query) : drizzleRendering(query, invokeSource));
  return db;
}

export function wrapPglite(client: PGlite): Database {
  const db = renderedBySqlText(drizzlePglite({ client, schema }) as unknown as Db);
  const sqlExecutor = pgliteExecutor(client);
  return {
    db,
    engine: 'pglite',
    pglite: client,
    sqlExecutor,
    migrate: async () => {
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder });
      await installJobQueue(sqlExecutor);
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

export async function openPglite(dataDir: string): Promise<Database> {
  const dir = path.join(dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir, { extensions: pgliteExtensions });
  return wrapPglite(client);
}

/** An arbitrary constant naming the migration lock among PostgreSQL's advisory locks. */
const MIGRATION_LOCK_KEY = 7_310_452_019;

export function openPostgres(connectionString: string, poolSize = 10): Database {
  const pool = new pg.Pool({ connectionString, max: poolSize, connectionTimeoutMillis: 5000 });
  // An idle client losing its connection (server restart) must not crash the process.
  pool.on('error', () => {});
  const db = renderedBySqlText(drizzlePg({ client: pool, schema }) as unknown as Db);
  return {
    db,
    engine: 'postgres',
    url: connectionString,
    sqlExecutor: { executeSql: (text, values) => pool.query(text, values) },
    migrate: async () => {
      // Processes starting together against a new database take turns: neither Drizzle's migrator
      // nor pg-boss's installer may run twice at once.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
        await installJobQueue({ executeSql: (text, values) => client.query(text, values) });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    close: async () => {
      await pool.end();
    },
  };
}

export async function openDatabase(options: { databaseUrl?: string; dataDir: string; poolSize?: number }): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.poolSize) : openPglite(options.dataDir);
}

/**
 * Whether statements sent on `db` at once run at once: a PostgreSQL pool does, PGlite's one
 * connection and a transaction (one connection) take them in turn.
 */
export function runsStatementsAtOnce(db: DbOrTx): boolean {
  return (db as { $client?: unknown }).$client instanceof pg.Pool;
}

/** Rows of a raw SQL query (its text rendered by sqlText, see renderedBySqlText); both drivers answer with `{ rows }`. */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
