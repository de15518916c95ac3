import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { backupDatabase, restoreDatabase } from '../db/backup';
import { openPglite, openPostgres, queryRows, type Database } from '../db/database';
import { createFileStorage } from '../platform/storage/fileStorage';
import { makeDemoPng } from '../seed/png';
import { createTestApp, engine } from '../test/testApp';

const work = mkdtempSync(path.join(os.tmpdir(), 'ute-backup-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const countsOf = (database: Database) =>
  queryRows<{ users: number; utes: number; payments: number }>(
    database.db,
    sql`select (select count(*)::int from users) as users, (select count(*)::int from utes) as utes, (select count(*)::int from payments) as payments`,
  ).then((rows) => rows[0]);

describe(`backup and restore (${engine})`, () => {
  it('restores exactly what was backed up, database and uploads', async () => {
    const t = await createTestApp({ seeded: true });
    const backupDir = path.join(work, 'backup');
    let before: Awaited<ReturnType<typeof countsOf>>;
    if (engine === 'pglite') {
      // Back up the PGlite of the test app through a data directory of its own, as the CLI does.
      const dataDir = path.join(work, 'data');
      const fileCopy = await openPglite(dataDir);
      await fileCopy.migrate();
      const { seedDemoData } = await import('../seed/seed');
      await seedDemoData(fileCopy.db, { files: createFileStorage(fileCopy, { DATA_DIR: dataDir }) });
      before = await countsOf(fileCopy);
      await backupDatabase(fileCopy, { dataDir, outDir: backupDir });
      await fileCopy.db.execute(sql`delete from user_activities`);
      await fileCopy.db.execute(sql`delete from payments`);
      await fileCopy.close();
      rmSync(path.join(dataDir, 'uploads'), { recursive: true, force: true });
      await restoreDatabase({ dataDir, fromDir: backupDir });
      const restored = await openPglite(dataDir);
      expect(await countsOf(restored)).toEqual(before);
      await restored.close();
      expect(readdirSync(path.join(dataDir, 'uploads/ute-images')).length).toBeGreaterThan(0);
    } else {
      // The uploads are rows of the database: one stored before the backup and removed after it is served again once restored.
      const image = makeDemoPng(40, 30, [12, 34, 56]);
      const uploaded = await t.app.ctx.files.save('blogImages', image, 'png');
      const url = t.database.url;
      const database = openPostgres(url!, 2);
      before = await countsOf(database);
      await backupDatabase(database, { databaseUrl: url, dataDir: t.dataDir, outDir: backupDir });
      await database.db.execute(sql`delete from user_activities`);
      await database.db.execute(sql`delete from payments`);
      await t.app.ctx.files.remove('blogImages', uploaded);
      expect((await t.app.inject({ method: 'GET', url: `/blogImg/${uploaded}` })).statusCode).toBe(404);
      await database.close();
      await restoreDatabase({ databaseUrl: url, dataDir: t.dataDir, fromDir: backupDir });
      const restored = openPostgres(url!, 2);
      expect(await countsOf(restored)).toEqual(before);
      await restored.close();
      const served = await t.app.inject({ method: 'GET', url: `/blogImg/${uploaded}` });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.rawPayload.equals(image)).toBe(true);
    }
    await t.close();
  }, 120_000);
});
