import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { createFileStorage, migrationsFolder, openPostgres, pgliteExtensions, wrapPglite, writeDemoImages } from '@ute/api/bench';
import type { BenchOptions, EngineName } from './args';
import type { SeedReport, SeedRequest } from './seeding';

const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(benchDir, '..');

export interface PreparedData {
  engine: EngineName;
  /** PostgreSQL: the bench database's name. */
  database?: string;
  /** PostgreSQL URL of the bench database, or the PGlite folder. */
  target: string;
  dataDir: string;
  scale: number;
  /** Where the data came from this run: seeded now, or copied from the seeded template of an earlier run. */
  source: 'seeded' | 'template';
  seed: SeedReport;
  /** Seconds this run spent getting the data ready (seeding, or copying the template and migrating). */
  seconds: number;
}

/** Changes to the generator, the loader or the sizes make a new template. */
function templateKey(scale: number, heavyActivityRows: number): string {
  const hash = createHash('sha256');
  for (const file of ['apps/api/src/seed/seed.ts', 'bench/lib/loader.ts', 'bench/lib/seeding.ts']) hash.update(readFileSync(path.join(repoRoot, file)));
  hash.update(`scale=${scale};heavy=${heavyActivityRows};v1`);
  return hash.digest('hex').slice(0, 12);
}

/** ANALYZE of the whole database, as a seeded one gets it. */
async function analyze(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('analyze');
  } finally {
    await client.end();
  }
}

/** The template's applied migrations must be the first ones of this checkout; newer ones are applied on the copy. */
function migrationsArePrefix(applied: string[]): boolean {
  const local = readMigrationFiles({ migrationsFolder }).map((migration) => migration.hash);
  return applied.length <= local.length && applied.every((hash, index) => hash === local[index]);
}

async function runSeedChild(request: SeedRequest, log: (line: string) => void): Promise<SeedReport> {
  // The generator keeps every row in memory: give the child most of the machine's memory.
  const heapMb = Math.max(2048, Math.min(16_384, Math.floor((os.totalmem() / 1024 / 1024) * 0.6)));
  const child = spawn(process.execPath, [`--max-old-space-size=${heapMb}`, '--import', 'tsx', path.join(benchDir, 'seed-child.ts'), JSON.stringify(request)], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) log(line.trimEnd());
  });
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`seeding ${request.engine} failed (exit ${code})`);
  const lastLine = stdout.trim().split('\n').pop() ?? '';
  return JSON.parse(lastLine) as SeedReport;
}

function withDatabase(url: string, name: string): string {
  const next = new URL(url);
  next.pathname = `/${name}`;
  return next.toString();
}

/**
 * The PostgreSQL bench database at `scale` (default --pg-scale) named `database` (default --bench-db):
 * copied from the template of an earlier run when one matches, otherwise seeded (and kept as template).
 */
export async function preparePostgres(
  baseOptions: BenchOptions,
  log: (line: string) => void,
  variant: { scale?: number; database?: string } = {},
): Promise<PreparedData> {
  const start = performance.now();
  const options = { ...baseOptions, pgScale: variant.scale ?? baseOptions.pgScale, benchDatabase: variant.database ?? baseOptions.benchDatabase };
  const dataDir = mkTempDataDir(options.benchDatabase);
  const url = withDatabase(options.databaseUrl, options.benchDatabase);
  const database = options.benchDatabase;
  // One template per scale: a quick run keeps the full run's template.
  const templatePrefix = `${options.benchDatabase}_tpl_s${options.pgScale}_`;
  const template = `${templatePrefix}${templateKey(options.pgScale, options.heavyActivityRows)}`;
  const admin = new pg.Client({ connectionString: options.databaseUrl });
  await admin.connect();
  try {
    const version = Number((await admin.query<{ v: string }>(`select current_setting('server_version_num') as v`)).rows[0].v);
    const strategy = version >= 150000 ? ' strategy = file_copy' : '';
    await admin.query(`drop database if exists ${options.benchDatabase} with (force)`);

    const templateRow = (
      await admin.query<{ comment: string | null }>(`select shobj_description(oid, 'pg_database') as comment from pg_database where datname = $1`, [template])
    ).rows[0];
    if (options.cache && !options.fresh && templateRow?.comment) {
      log(`copying the seeded template ${template}`);
      await admin.query(`create database ${options.benchDatabase} template ${template}${strategy}`);
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const applied = (await client.query<{ hash: string }>('select hash from drizzle.__drizzle_migrations order by created_at')).rows.map((row) => row.hash);
      await client.end();
      if (migrationsArePrefix(applied)) {
        const migrating = openPostgres(url, 2);
        await migrating.migrate();
        await migrating.close();
        // Tables a newer migration made or filled have no statistics yet (autovacuum is off here).
        if (applied.length < readMigrationFiles({ migrationsFolder }).length) await analyze(url);
        // The demo images are rows of the template, copied with it.
        return {
          engine: 'postgres',
          database,
          target: url,
          dataDir,
          scale: options.pgScale,
          source: 'template',
          seed: JSON.parse(templateRow.comment) as SeedReport,
          seconds: elapsed(start),
        };
      }
      log('the template was migrated with other migrations: seeding again');
      await admin.query(`drop database if exists ${options.benchDatabase} with (force)`);
      await admin.query(`drop database if exists ${template} with (force)`);
    }

    await admin.query(`create database ${options.benchDatabase}`);
    log(`seeding PostgreSQL ${options.benchDatabase} at scale ${options.pgScale}`);
    const seed = await runSeedChild({ engine: 'postgres', target: url, dataDir, scale: options.pgScale, heavyActivityRows: options.heavyActivityRows }, log);
    if (options.cache) {
      const old = await admin.query<{ datname: string }>(`select datname from pg_database where starts_with(datname, $1)`, [templatePrefix]);
      for (const row of old.rows) await admin.query(`drop database if exists ${row.datname} with (force)`);
      log(`keeping a copy as template ${template} for the next run (--no-cache to skip)`);
      await admin.query(`create database ${template} template ${options.benchDatabase}${strategy}`);
      await admin.query(`comment on database ${template} is ${pg.escapeLiteral(JSON.stringify(seed))}`);
    }
    return { engine: 'postgres', database, target: url, dataDir, scale: options.pgScale, source: 'seeded', seed, seconds: elapsed(start) };
  } finally {
    await admin.end();
  }
}

export async function preparePglite(options: BenchOptions, log: (line: string) => void): Promise<PreparedData> {
  const start = performance.now();
  const dataDir = mkTempDataDir('pglite');
  const folder = path.join(dataDir, 'pglite');
  const cacheRoot = path.join(os.tmpdir(), 'ute-bench-cache');
  const cachePrefix = `pglite-s${options.pgliteScale}-`;
  const cacheDir = path.join(cacheRoot, `${cachePrefix}${templateKey(options.pgliteScale, options.heavyActivityRows)}`);
  const cacheReport = path.join(cacheDir, 'seed-report.json');

  if (options.cache && !options.fresh && existsSync(cacheReport)) {
    log(`copying the seeded PGlite files of an earlier run (${cacheDir})`);
    cpSync(path.join(cacheDir, 'pglite'), folder, { recursive: true });
    const client = await PGlite.create(folder, { extensions: pgliteExtensions });
    const applied = (await client.query<{ hash: string }>('select hash from drizzle.__drizzle_migrations order by created_at')).rows.map((row) => row.hash);
    if (migrationsArePrefix(applied)) {
      await wrapPglite(client).migrate();
      // PGlite's demo images are files in DATA_DIR, not in the cached database.
      await writeDemoImages(createFileStorage(wrapPglite(client), { DATA_DIR: dataDir }));
      await client.close();
      return {
        engine: 'pglite',
        target: folder,
        dataDir,
        scale: options.pgliteScale,
        source: 'template',
        seed: JSON.parse(readFileSync(cacheReport, 'utf8')) as SeedReport,
        seconds: elapsed(start),
      };
    }
    await client.close();
    log('the cached PGlite files were migrated with other migrations: seeding again');
    rmSync(folder, { recursive: true, force: true });
  }

  mkdirSync(folder, { recursive: true });
  log(`seeding PGlite at scale ${options.pgliteScale} in ${folder}`);
  const seed = await runSeedChild({ engine: 'pglite', target: folder, dataDir, scale: options.pgliteScale, heavyActivityRows: options.heavyActivityRows }, log);
  if (options.cache) {
    if (existsSync(cacheRoot))
      for (const entry of readdirSync(cacheRoot)) if (entry.startsWith(cachePrefix)) rmSync(path.join(cacheRoot, entry), { recursive: true, force: true });
    cpSync(folder, path.join(cacheDir, 'pglite'), { recursive: true });
    writeFileSync(cacheReport, JSON.stringify(seed));
  }
  return { engine: 'pglite', target: folder, dataDir, scale: options.pgliteScale, source: 'seeded', seed, seconds: elapsed(start) };
}

export async function dropBenchDatabase(options: BenchOptions, database: string): Promise<void> {
  const admin = new pg.Client({ connectionString: options.databaseUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${database} with (force)`);
  await admin.end();
}

function mkTempDataDir(name: string): string {
  const dir = path.join(os.tmpdir(), `ute-bench-${name}-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return dir;
}

export function removeDataDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

const elapsed = (since: number) => Math.round((performance.now() - since) / 100) / 10;
