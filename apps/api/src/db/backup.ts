import { execFile } from 'node:child_process';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { pgliteExtensions, type Database } from './database';

const run = promisify(execFile);

/**
 * A backup is a folder: the database (PGlite data directory tarball, or a pg_dump custom-format
 * file) and the uploads: on PostgreSQL they are rows of stored_files, inside the dump; with PGlite
 * they are files, copied next to it. Take it with the api stopped (PGlite) or at any time (PostgreSQL).
 */
export async function backupDatabase(database: Database, options: { databaseUrl?: string; dataDir: string; outDir: string }): Promise<string[]> {
  await mkdir(options.outDir, { recursive: true });
  const written: string[] = [];
  if (database.engine === 'pglite') {
    const file = path.join(options.outDir, 'database.tar.gz');
    await writeFile(file, Buffer.from(await (await database.pglite!.dumpDataDir('gzip')).arrayBuffer()));
    written.push(file);
    const uploads = path.join(options.dataDir, 'uploads');
    if (existsSync(uploads)) {
      await cp(uploads, path.join(options.outDir, 'uploads'), { recursive: true });
      written.push(path.join(options.outDir, 'uploads'));
    }
  } else {
    const file = path.join(options.outDir, 'database.dump');
    await run('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, options.databaseUrl!]);
    written.push(file);
  }
  return written;
}

/** The schemas a pg_dump file creates (public, which every database has, is not among them). */
async function schemasOfDump(file: string): Promise<string[]> {
  const { stdout } = await run('pg_restore', ['--list', file]);
  return [...stdout.matchAll(/^\d+; \d+ \d+ SCHEMA - (\S+) /gm)].map((match) => match[1]);
}

/** Replaces the database and its uploads with a backup made by backupDatabase. */
export async function restoreDatabase(options: { databaseUrl?: string; dataDir: string; fromDir: string }): Promise<void> {
  if (options.databaseUrl) {
    const file = path.join(options.fromDir, 'database.dump');
    // --clean drops object by object, and cannot drop the constraints that partitions inherit (the job
    // queue's tables, the search tables' halves): the dump's own schemas are dropped whole first, and
    // public's partitioned tables with their partitions; the rest of public is left to --clean.
    const client = new pg.Client({ connectionString: options.databaseUrl });
    await client.connect();
    try {
      for (const schema of await schemasOfDump(file)) await client.query(`drop schema if exists ${client.escapeIdentifier(schema)} cascade`);
      const partitioned = await client.query<{ name: string }>(
        `select relname as name from pg_class where relkind = 'p' and relnamespace = 'public'::regnamespace`,
      );
      for (const { name } of partitioned.rows) await client.query(`drop table if exists public.${client.escapeIdentifier(name)} cascade`);
    } finally {
      await client.end();
    }
    await run('pg_restore', ['--clean', '--if-exists', '--no-owner', `--dbname=${options.databaseUrl}`, file]);
  } else {
    const pgliteDir = path.join(options.dataDir, 'pglite');
    await rm(pgliteDir, { recursive: true, force: true });
    const tarball = await readFile(path.join(options.fromDir, 'database.tar.gz'));
    const client = await PGlite.create(pgliteDir, { loadDataDir: new Blob([tarball]), extensions: pgliteExtensions });
    await client.close();
    const uploads = path.join(options.fromDir, 'uploads');
    if (existsSync(uploads)) {
      await rm(path.join(options.dataDir, 'uploads'), { recursive: true, force: true });
      await cp(uploads, path.join(options.dataDir, 'uploads'), { recursive: true });
    }
  }
}
