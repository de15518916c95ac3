import cluster from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { openDatabase, type Database } from './db/database';
import { lockDataDir } from './db/dataDirLock';
import { prepareDatabase } from './bootstrap';
import { loadConfig, type Config } from './plugins/config';
import { startBackgroundJobs } from './backgroundJobs';
import { runWorkers } from './workers';

/** The one line for an address the api cannot listen on: nothing is broken in the api, so no stack. */
function describeListenFailure(error: unknown, { PORT, HOST }: Config): string | null {
  const { code, syscall } = error as NodeJS.ErrnoException;
  if (syscall !== 'listen') return null;
  if (code === 'EADDRINUSE') return `Port ${PORT} is already in use: stop the other process or set PORT`;
  if (code === 'EACCES') return `Port ${PORT} needs privileges this process does not have: set PORT to 1024 or above`;
  if (code === 'EADDRNOTAVAIL') return `HOST ${HOST} is not an address of this machine: set HOST (0.0.0.0 listens on all of them)`;
  return null;
}

async function main(): Promise<void> {
  const config = loadConfig();
  if (config.API_WORKERS > 1 && cluster.isPrimary) return runWorkers(config);
  const unlock = config.DATABASE_URL ? () => {} : lockDataDir(config.DATA_DIR);
  const opened: { database?: Database; app?: FastifyInstance } = {};
  const report = (message: string, error: unknown) =>
    opened.app ? opened.app.log.error({ err: error }, message) : console.error(`${message}: ${(error as Error).message}`);
  let isStopping = false;

  // Each step begins only if no signal came meanwhile; a stop waits for the step under way (a
  // migration is never cut short, and the job queue's start completes, so that it can be stopped).
  const starting = (async () => {
    const database = (opened.database = await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      poolSize: config.DATABASE_POOL_SIZE,
    }));
    if (isStopping) return;
    const app = (opened.app = await buildApp({ config, database }));
    if (isStopping) return;
    await prepareDatabase(database, config, app.log);
    if (isStopping) return;
    await app.ready();
    if (isStopping) return;
    if (config.SCHEDULED_JOBS) await startBackgroundJobs(app.ctx);
    if (isStopping) return;
    await app.listen({ port: config.PORT, host: config.HOST });
  })();

  let stopping: Promise<void> | null = null;
  /**
   * The one way out, in any state (starting, failed to start, serving): the app first (its onClose
   * stops the job queue, which waits for the jobs under way), then the database, then the lock.
   */
  const stop = (exitCode: number): Promise<void> =>
    (stopping ??= (async () => {
      isStopping = true;
      let code = exitCode;
      await starting.catch(() => {});
      try {
        await opened.app?.close();
      } catch (error) {
        report('closing the app failed', error);
        code = 1;
      }
      try {
        await opened.database?.close();
      } catch (error) {
        report('closing the database failed', error);
        code = 1;
      }
      unlock();
      process.exit(code);
    })());

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      opened.app?.log.info({ signal }, 'closing');
      void stop(0);
    });
  }

  try {
    await starting;
  } catch (error) {
    if (isStopping) return; // a signal came during the start: stop() closes and exits
    const listenFailure = describeListenFailure(error, config);
    if (listenFailure) console.error(listenFailure);
    else report('start failed', error);
    await stop(1);
  }
}

main().catch((error: unknown) => {
  console.error((error as Error).message);
  process.exit(1);
});
