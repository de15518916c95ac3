import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { createFileStorage, openPostgres, pgliteExtensions, seedDemoData, wrapPglite, type Database } from '@ute/api/bench';
import { createBulkLoader, type Exec } from './loader';

export interface SeedRequest {
  engine: 'postgres' | 'pglite';
  /** PostgreSQL: the database URL; PGlite: the folder of its files. */
  target: string;
  /** DATA_DIR of the app (PGlite's demo images are written there; PostgreSQL stores them in the database). */
  dataDir: string;
  scale: number;
  heavyActivityRows: number;
}

export interface SeedReport {
  counts: Record<string, number>;
  rowsLoaded: number;
  seconds: { migrate: number; load: number; indexes: number; foreignKeys: number; vacuum: number; total: number };
}

interface Connection {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

const span = (from: number, to: number) => Math.round((to - from) / 100) / 10;
const elapsed = (since: number) => span(since, performance.now());

/**
 * Fills an empty database with seedDemoData at the given scale, as fast as this machine allows:
 * secondary indexes and foreign keys are dropped during the load and built again afterwards (the
 * final schema is the migrated one), rows go through the bulk loader, then VACUUM ANALYZE.
 */
/**
 * Indexes kept through the load: the counter triggers read them for every statement (the
 * unanswered-queries counter counts each touched query's replies), and without them each 5,000-row
 * insert of replies would scan all the replies loaded so far.
 */
const INDEXES_THE_TRIGGERS_READ = [
  'query_replies_query_idx',
  // The ledger's triggers (migration 0013) journal each delivery and payment once with `on conflict`
  // on these unique indexes, and check each journal's balance at commit by its lines' journal id.
  'ledger_journals_booking_once_idx',
  'ledger_journals_payout_once_idx',
  'ledger_journals_payment_once_idx',
  'ledger_lines_journal_idx',
  // Their "not journalled yet" look-up by booking id cannot use the partial unique index above (its
  // `payout_id is null` is not implied): without this one each 5,000 bookings scan every journal so far.
  'ledger_journals_booking_idx',
];

/**
 * The ledger triggers look each batch's bookings and payments up in ledger_journals, planned on its
 * statistics. Without fresh ones (autovacuum may be off, as on this machine, and lags anyway) the
 * planner takes the growing table for a few rows and scans all of it for each booking of a batch.
 */
const ANALYZE_JOURNALS_EVERY = 20;

function withFreshJournalStatistics(exec: Exec): Exec {
  let statements = 0;
  return async (text, params) => {
    const result = await exec(text, params);
    statements += 1;
    if (statements % ANALYZE_JOURNALS_EVERY === 0) await exec('analyze ledger_journals', []);
    return result;
  };
}

export async function seedDatabase(request: SeedRequest, log: (line: string) => void): Promise<SeedReport> {
  const start = performance.now();
  let connections: Connection[];
  let exec: Exec;
  let close: () => Promise<void>;
  /** The database the demo images are stored through (the bulk loader only inserts rows). */
  let filesDatabase: Database;
  if (request.engine === 'postgres') {
    const pool = new pg.Pool({
      connectionString: request.target,
      max: 3,
      // Nothing is lost if the machine crashes mid-seed: the run starts over.
      options: '-c synchronous_commit=off -c maintenance_work_mem=256MB',
    });
    pool.on('error', () => {});
    filesDatabase = openPostgres(request.target, 1);
    await filesDatabase.migrate();
    const clients = [await pool.connect(), await pool.connect()];
    connections = clients;
    exec = (text, params) => pool.query(text, params);
    close = async () => {
      for (const client of clients) client.release();
      await pool.end();
      await filesDatabase.close();
    };
  } else {
    const client = await PGlite.create(path.join(request.target), { extensions: pgliteExtensions });
    filesDatabase = wrapPglite(client);
    await filesDatabase.migrate();
    connections = [client];
    exec = (text, params) => client.query(text, params);
    close = () => client.close();
  }
  const migrated = performance.now();
  const main = connections[0];

  const indexes = (
    await main.query(
      `select i.indexname as name, i.indexdef as definition from pg_indexes i
       where i.schemaname = 'public' and not exists (select 1 from pg_constraint c where c.conname = i.indexname and c.connamespace = 'public'::regnamespace)
         -- a partition's index goes and comes back with its parent's (the search tables' halves)
         and not exists (select 1 from pg_inherits h where h.inhrelid = format('public.%I', i.indexname)::regclass)`,
    )
  ).rows.map((index) => ({
    name: String(index.name),
    // A partitioned table's index reads "ON ONLY <parent>", which would build no partition's index.
    definition: String(index.definition).replace(' ON ONLY ', ' ON '),
  }));
  const droppable = indexes.filter((index) => !INDEXES_THE_TRIGGERS_READ.includes(index.name));
  const foreignKeys = (
    await main.query(
      `select conrelid::regclass::text as "table", conname as name, pg_get_constraintdef(oid) as definition
       from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace`,
    )
  ).rows as { table: string; name: string; definition: string }[];
  for (const fk of foreignKeys) await main.query(`alter table ${fk.table} drop constraint "${fk.name}"`);
  for (const index of droppable) await main.query(`drop index "${index.name}"`);
  log(`dropped ${droppable.length} indexes and ${foreignKeys.length} foreign keys for the load`);

  const loadStart = performance.now();
  const loader = createBulkLoader(withFreshJournalStatistics(exec), { batchRows: 5000, inFlight: request.engine === 'postgres' ? 2 : 1 });
  const files = createFileStorage(filesDatabase, { DATA_DIR: request.dataDir });
  const counts = await seedDemoData(loader.db, { files, scale: request.scale, heavyActivityRows: request.heavyActivityRows });
  await loader.flush();
  const loaded = performance.now();
  log(`loaded ${loader.rowsLoaded} rows in ${elapsed(loadStart)} s`);

  // Index builds: one per connection at a time (PostgreSQL builds two at once on two connections).
  const queue = [...droppable];
  await Promise.all(
    connections.map(async (connection) => {
      for (let index = queue.shift(); index; index = queue.shift()) await connection.query(index.definition);
    }),
  );
  const indexed = performance.now();
  log(`built ${droppable.length} indexes in ${elapsed(loaded)} s`);
  for (const fk of foreignKeys) await main.query(`alter table ${fk.table} add constraint "${fk.name}" ${fk.definition}`);
  const constrained = performance.now();
  log(`checked ${foreignKeys.length} foreign keys in ${elapsed(indexed)} s`);
  await main.query('vacuum analyze');
  const vacuumed = performance.now();
  log(`vacuum analyze in ${elapsed(constrained)} s`);
  await close();

  return {
    counts,
    rowsLoaded: loader.rowsLoaded,
    seconds: {
      migrate: span(start, migrated),
      load: span(loadStart, loaded),
      indexes: span(loaded, indexed),
      foreignKeys: span(indexed, constrained),
      vacuum: span(constrained, vacuumed),
      total: elapsed(start),
    },
  };
}
