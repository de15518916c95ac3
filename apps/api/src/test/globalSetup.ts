import { writeFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { pgliteExtensions, wrapPglite } from '../db/database';
import { createFileStorage } from '../platform/storage/fileStorage';
import { seedDemoData } from '../seed/seed';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplates: { empty: string; seeded: string };
  }
}

/**
 * A fresh PGlite takes seconds to start and migrate, so it is done once per run: each test file
 * then loads a copy of these data directories (STACK-NOTES.md).
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ute-pglite-templates-'));
  const client = await PGlite.create({ extensions: pgliteExtensions });
  const database = wrapPglite(client);
  await database.migrate();
  const empty = path.join(dir, 'empty.tar.gz');
  await writeFile(empty, Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer()));
  await seedDemoData(database.db, { files: createFileStorage(database, { DATA_DIR: path.join(dir, 'files') }) });
  const seeded = path.join(dir, 'seeded.tar.gz');
  await writeFile(seeded, Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplates', { empty, seeded });
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
