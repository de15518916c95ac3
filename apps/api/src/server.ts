import { buildApp } from './app';
import { openDatabase } from './db/database';
import { lockDataDir } from './db/dataDirLock';
import { prepareDatabase } from './bootstrap';
import { loadConfig } from './plugins/config';
import { startBackgroundJobs } from './backgroundJobs';

async function main(): Promise<void> {
  const config = loadConfig();
  const unlock = config.DATABASE_URL ? () => {} : lockDataDir(config.DATA_DIR);
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const app = await buildApp({ config, database });

  let isClosing = false;
  const close = async (signal: string) => {
    if (isClosing) return;
    isClosing = true;
    app.log.info({ signal }, 'closing');
    try {
      await app.close();
      await database.close();
    } finally {
      unlock();
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void close('SIGTERM'));
  process.on('SIGINT', () => void close('SIGINT'));

  try {
    await prepareDatabase(database, config, app.log);
    await app.ready();
    await startBackgroundJobs(app.ctx);
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    app.log.error({ err: error }, 'start failed');
    await database.close().catch(() => {});
    unlock();
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error((error as Error).message);
  process.exit(1);
});
