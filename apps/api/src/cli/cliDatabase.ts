import { openDatabase, type Database } from '../db/database';
import { lockDataDir } from '../db/dataDirLock';
import { loadConfig, type Config } from '../plugins/config';

/** Opens the configured database for a command-line task, with the same lock the api takes. */
export async function withCliDatabase<T>(task: (database: Database, config: Config) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const unlock = config.DATABASE_URL ? () => {} : lockDataDir(config.DATA_DIR);
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await database.migrate();
    return await task(database, config);
  } finally {
    await database.close();
    unlock();
  }
}
