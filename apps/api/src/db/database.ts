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

export type Schema = typeof schema;
/** Drizzle over either engine: both share the PgDatabase API. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the client (backups dump its data directory). */
  pglite?: PGlite;
  /** PostgreSQL only: the connection string (backups). */
  url?: string;
}

export const pgliteExtensions = { pg_trgm };

export function wrapPglite(client: PGlite): Database {
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    engine: 'pglite',
    pglite: client,
    migrate: async () => {
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder });
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

export function openPostgres(connectionString: string, poolSize = 10): Database {
  const pool = new pg.Pool({ connectionString, max: poolSize, connectionTimeoutMillis: 5000 });
  // An idle client losing its connection (server restart) must not crash the process.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    engine: 'postgres',
    url: connectionString,
    migrate: async () => {
      await migratePg(drizzlePg({ client: pool, schema }), { migrationsFolder });
    },
    close: async () => {
      await pool.end();
    },
  };
}

export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}

/** Rows of a raw SQL query; both drivers answer with `{ rows }`. */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
