import { execFile } from 'node:child_process';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pgliteExtensions, type Database } from './database';

const run = promisify(execFile);

/**
 * A backup is a folder: the database (PGlite data directory tarball, or a pg_dump custom-format
 * file) plus a copy of the uploads. Take it with the api stopped (PGlite) or at any time (PostgreSQL).
 */
export async function backupDatabase(database: Database, options: { databaseUrl?: string; dataDir: string; outDir: string }): Promise<string[]> {
  await mkdir(options.outDir, { recursive: true });
  const written: string[] = [];
  if (database.engine === 'pglite') {
    const file = path.join(options.outDir, 'database.tar.gz');
    await writeFile(file, Buffer.from(await (await database.pglite!.dumpDataDir('gzip')).arrayBuffer()));
    written.push(file);
  } else {
    const file = path.join(options.outDir, 'database.dump');
    await run('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, options.databaseUrl!]);
    written.push(file);
  }
  const uploads = path.join(options.dataDir, 'uploads');
  if (existsSync(uploads)) {
    await cp(uploads, path.join(options.outDir, 'uploads'), { recursive: true });
    written.push(path.join(options.outDir, 'uploads'));
  }
  return written;
}

/** Replaces the database (and uploads) with a backup made by backupDatabase. */
export async function restoreDatabase(options: { databaseUrl?: string; dataDir: string; fromDir: string }): Promise<void> {
  if (options.databaseUrl) {
    await run('pg_restore', ['--clean', '--if-exists', '--no-owner', `--dbname=${options.databaseUrl}`, path.join(options.fromDir, 'database.dump')]);
  } else {
    const pgliteDir = path.join(options.dataDir, 'pglite');
    await rm(pgliteDir, { recursive: true, force: true });
    const tarball = await readFile(path.join(options.fromDir, 'database.tar.gz'));
    const client = await PGlite.create(pgliteDir, { loadDataDir: new Blob([tarball]), extensions: pgliteExtensions });
    await client.close();
  }
  const uploads = path.join(options.fromDir, 'uploads');
  if (existsSync(uploads)) {
    await rm(path.join(options.dataDir, 'uploads'), { recursive: true, force: true });
    await cp(uploads, path.join(options.dataDir, 'uploads'), { recursive: true });
  }
}
