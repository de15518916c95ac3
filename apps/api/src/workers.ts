import cluster, { type Worker } from 'node:cluster';
import { loadSigningSecret } from './lib/secrets';
import type { Config } from './plugins/config';

/** A worker that died while serving is replaced after this pause, so a crash loop costs little. */
const REPLACE_DELAY_MS = 1000;

/**
 * API_WORKERS above 1 (PostgreSQL only): this process serves nothing itself. It starts that many api
 * processes (node:cluster), which share its PORT: it accepts each connection and hands it to the next
 * worker in turn. Each worker is a whole api (server.ts): its own connection pool, job queue worker
 * and live-events listener, as processes behind a load balancer are (README, "Run several api
 * processes"). Node.js runs an api's JavaScript on one thread, so one process uses one core, and on
 * a machine with more the api, not the database, limits what it serves (bench/README.md).
 * - When all have started it prints one line: "N api workers listening on HOST:PORT".
 * - A worker that exits before it listens (a taken port, a database it cannot reach) fails the start: the others are stopped.
 * - One that exits later (a crash, a kill -9) is replaced after REPLACE_DELAY_MS. A connection this
 *   process handed to it in the instant it died is lost with it (node:cluster), as one a load
 *   balancer sent to a dying process would be: the client's timeout ends it.
 * - SIGTERM or SIGINT: each worker stops as a lone api does (its requests, then its jobs, then its
 *   database); this process exits when all have, with 1 if any of them failed.
 */
export function runWorkers(config: Config): void {
  // The signing key generated into DATA_DIR once, here, not by each worker at the same moment.
  loadSigningSecret(config.JWT_SECRET, config.DATA_DIR);
  const running = new Set<Worker>();
  const listening = new WeakSet<Worker>();
  let listeningAtStart = 0;
  let isStopping = false;
  let exitCode = 0;

  const stopAll = (code: number) => {
    exitCode = Math.max(exitCode, code);
    if (isStopping) return;
    isStopping = true;
    for (const worker of running) worker.process.kill('SIGTERM');
    if (running.size === 0) process.exit(exitCode);
  };

  const start = () => {
    const worker = cluster.fork();
    running.add(worker);
    worker.once('listening', () => {
      listening.add(worker);
      if (++listeningAtStart === config.API_WORKERS) console.log(`${config.API_WORKERS} api workers listening on ${config.HOST}:${config.PORT}`);
    });
    worker.once('exit', (code, signal) => {
      running.delete(worker);
      if (isStopping) {
        // A worker our SIGTERM ended before it could handle it (still loading) stopped cleanly too.
        if (code !== 0 && signal !== 'SIGTERM') exitCode = 1;
        if (running.size === 0) process.exit(exitCode);
      } else if (!listening.has(worker)) {
        stopAll(1);
      } else {
        console.error(`api worker ${worker.process.pid} exited (${signal ?? `code ${code}`}): starting another`);
        setTimeout(() => {
          if (!isStopping) start();
        }, REPLACE_DELAY_MS);
      }
    });
  };

  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => stopAll(0));
  for (let count = 0; count < config.API_WORKERS; count++) start();
}
