import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from './db/database';
import type { Config } from './plugins/config';
import { createFileStorage } from './platform/storage/fileStorage';
import { countAdmins, upsertAdmin } from './modules/auth/auth.repository';
import { hashPassword } from './modules/auth/passwords';
import { randomToken } from './lib/secrets';
import { isDatabaseEmpty, seedDemoData } from './seed/seed';
import { refreshDirtyDays } from './modules/analytics/analytics.repository';

/** Migrations, the configured admin, and demo data on a fresh embedded database. */
export async function prepareDatabase(database: Database, config: Config, log: FastifyBaseLogger): Promise<void> {
  await database.migrate();
  // PGlite runs no autovacuum: refresh the planner's statistics at every start.
  if (database.engine === 'pglite') await database.db.execute(sql`analyze`);
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    await upsertAdmin(database.db, config.ADMIN_EMAIL, await hashPassword(config.ADMIN_PASSWORD));
    log.info({ email: config.ADMIN_EMAIL.toLowerCase() }, 'admin from ADMIN_EMAIL is ready');
  } else if ((await countAdmins(database.db)) === 0) {
    const password = randomToken(12);
    await upsertAdmin(database.db, 'admin@example.com', await hashPassword(password));
    // Printed once, on purpose: there is no other way to learn it.
    console.log(`\n  First start: sign in as admin@example.com with password ${password}\n  (set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own)\n`);
  }
  const shouldSeed = config.SEED_DEMO ?? database.engine === 'pglite';
  if (shouldSeed && (await isDatabaseEmpty(database.db))) {
    const started = Date.now();
    const counts = await seedDemoData(database.db, { files: createFileStorage(database, config) });
    // Analytics' rollups of the demo data now, not at the job's first run.
    await refreshDirtyDays(database.db);
    log.info({ ...counts, ms: Date.now() - started }, 'demo data created');
  }
}
