import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { storedFiles } from '../db/tables/files.table';
import { FILE_AREAS, type FileArea } from '../platform/storage/fileStorage';
import type { TestApp } from './testApp';

/**
 * Every upload the test app's storage holds, as `<area folder>/<name>`, sorted: the files under
 * DATA_DIR/uploads (anything there, not only the areas) on PGlite, the rows of stored_files on PostgreSQL.
 */
export async function listStoredFiles(t: TestApp): Promise<string[]> {
  if (t.database.engine === 'postgres') {
    const rows = await t.database.db.select({ area: storedFiles.area, name: storedFiles.name }).from(storedFiles);
    return rows.map((row) => `${row.area}/${row.name}`).sort();
  }
  const uploads = path.join(t.dataDir, 'uploads');
  return readdirSync(uploads, { recursive: true, encoding: 'utf8' })
    .filter((name) => statSync(path.join(uploads, name)).isFile())
    .map((name) => name.split(path.sep).join('/'))
    .sort();
}

/** The names the storage holds in one area, sorted. */
export async function listStoredNames(t: TestApp, area: FileArea): Promise<string[]> {
  const prefix = `${FILE_AREAS[area].folder}/`;
  return (await listStoredFiles(t)).filter((file) => file.startsWith(prefix)).map((file) => file.slice(prefix.length));
}
