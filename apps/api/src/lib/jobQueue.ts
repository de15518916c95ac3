import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Background work runs on pg-boss, a job queue kept in the database itself (schema `pgboss`): a job
 * is claimed with `FOR UPDATE SKIP LOCKED`, so of any number of api processes exactly one runs it,
 * and a job whose process died is expired and retried by the others. It runs on PGlite too (one
 * process), through the same code.
 */
export const JOB_SCHEMA = 'pgboss';

/** Every queue and what its jobs carry (who works each and when: platform/jobs/jobRegistry.ts). */
export interface JobPayloads {
  /** Send one outbox mail (platform/mail/mailer.ts). */
  'mail-delivery': { mailId: string };
  /** Re-queue outbox mails whose job is gone (the job used up its own retries) or whose sending process died. */
  'mail-sweep': Record<string, never>;
  /** Record payouts sent to the provider whose outcome was never recorded (modules/bookings). */
  'payout-reconciliation': Record<string, never>;
  /** Copy the audit chain's head out of the database: anchor file and owners' daily mail (modules/audit/auditAnchor.ts). */
  'audit-anchor': Record<string, never>;
  /** Apply one verified Stripe webhook event from the inbox (modules/webhooks). */
  'stripe-event': { eventId: string };
  /** Re-queue inbox events whose job was lost (the process died between commit and send). */
  'stripe-event-sweep': Record<string, never>;
  /** Compare the ledger's Stripe transfers with Stripe's list (modules/payouts/reconciliation.service.ts). */
  'stripe-reconciliation': Record<string, never>;
  /** Mail owners the remittance (and tax invoice) of each payout that succeeded (modules/invoices). */
  'payout-remittances': Record<string, never>;
  /** Recompute the analytics rollups of the days marked dirty (modules/analytics, docs/design.md §10). */
  'analytics-refresh': Record<string, never>;
  /** Notify each admin of the items assigned to them gone overdue, once per item and assignment (modules/assignments, docs/design.md §15). */
  'work-items-overdue': Record<string, never>;
  /** Notify finance of disputes whose evidence is due within 3 days, once each (modules/notifications, docs/design.md §13). */
  'dispute-evidence-due': Record<string, never>;
  /** Mail each opted-in admin their unread notifications, once a Sydney day (modules/notifications, docs/design.md §13). */
  'notification-digest': Record<string, never>;
}
export type QueueName = keyof JobPayloads;
export const QUEUE_NAMES: QueueName[] = [
  'mail-delivery',
  'mail-sweep',
  'payout-reconciliation',
  'audit-anchor',
  'stripe-event',
  'stripe-event-sweep',
  'stripe-reconciliation',
  'payout-remittances',
  'analytics-refresh',
  'work-items-overdue',
  'dispute-evidence-due',
  'notification-digest',
];

/** Raw SQL outside Drizzle, as pg-boss runs it: with values, or a multi-statement script without. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * Creates (or upgrades) the queue's tables and queues. Called by the database's migrate(), which
 * holds the migration lock on PostgreSQL, so processes starting together do not race.
 */
export async function installJobQueue(executor: SqlExecutor): Promise<void> {
  const boss = new PgBoss({ db: executor as PgBoss.Db, schema: JOB_SCHEMA, migrate: true, supervise: false, schedule: false });
  await boss.start();
  for (const name of QUEUE_NAMES) await boss.createQueue(name);
  await boss.stop({ graceful: false, close: false, wait: true });
}

export interface JobQueueOptions {
  /** A job not finished this long after it was claimed is taken as lost (its process died) and retried. */
  jobTimeoutSeconds: number;
  /** How often an idle worker asks for work; wake() skips the wait for jobs sent by this process. */
  pollingIntervalSeconds: number;
  /** How long stop() waits for the jobs under way (default 10 s). */
  stopTimeoutMs?: number;
}

export interface SendOptions {
  /** Not before this many seconds from now. */
  delaySeconds?: number;
  /**
   * Writes the job on this connection: a transaction's (db/database.ts, sqlExecutorOf), so the job
   * commits or rolls back with what it is about. Default: the queue's own connections.
   */
  executor?: SqlExecutor;
}

export class JobQueue {
  private readonly boss: PgBoss;
  private readonly workerIds = new Map<QueueName, string>();
  private starting: Promise<unknown> | null = null;
  private stopping: Promise<void> | null = null;
  /** Set once stop() is over: the database may be closed from then on, so the queue sends it nothing more. */
  private hasStopped = false;

  constructor(
    executor: SqlExecutor,
    log: FastifyBaseLogger,
    private readonly options: JobQueueOptions,
  ) {
    // After stop() pg-boss may still send statements on its own: a handler that ends late is completed
    // or failed, and one still running is failed when its expiry timer fires (expireInSeconds later),
    // neither awaited by anything. On a closed database each would throw outside any caller ("Cannot
    // use a pool after calling end on the pool"), so they wait forever instead; the job was already
    // failed by stop() and comes back.
    const stoppedOrOpen: SqlExecutor = {
      executeSql: (text, values) => (this.hasStopped ? new Promise<never>(() => {}) : executor.executeSql(text, values)),
    };
    this.boss = new PgBoss({
      db: stoppedOrOpen as PgBoss.Db,
      schema: JOB_SCHEMA,
      migrate: false,
      supervise: true,
      schedule: true,
      // Expired jobs are found by the maintenance run: it runs often enough to find them soon after.
      maintenanceIntervalSeconds: Math.max(1, Math.round(options.jobTimeoutSeconds / 4)),
      // Jobs a process was running when it died come back this many times.
      retryLimit: 5,
      retryDelay: 1,
      retryBackoff: true,
      expireInSeconds: options.jobTimeoutSeconds,
    });
    this.boss.on('error', (error) => log.warn({ err: error }, 'job queue error'));
  }

  start(): Promise<unknown> {
    this.starting = this.boss.start();
    return this.starting;
  }

  async send<Name extends QueueName>(name: Name, data: JobPayloads[Name], options: SendOptions = {}): Promise<void> {
    await this.boss.send(name, data, { startAfter: options.delaySeconds, db: options.executor as PgBoss.Db | undefined });
  }

  /**
   * Runs handler for each job of the queue, one at a time in this process. A throw retries the job.
   * A worker that found a job asks again as soon as it is done: pg-boss otherwise waits out its
   * polling interval after every job, one job per interval, so a burst (2,000 Stripe events) would
   * drain at one every JOB_POLL_SECONDS. Only an empty queue waits for the next poll.
   */
  async work<Name extends QueueName>(name: Name, handler: (data: JobPayloads[Name]) => Promise<void>): Promise<void> {
    const id = await this.boss.work<JobPayloads[Name]>(name, { pollingIntervalSeconds: this.options.pollingIntervalSeconds, batchSize: 1 }, async ([job]) => {
      this.wake(name);
      await handler(job.data);
    });
    this.workerIds.set(name, id);
  }

  /** Makes this process's worker of the queue look for jobs now instead of at its next poll. */
  wake(name: QueueName): void {
    const id = this.workerIds.get(name);
    if (id) this.boss.notifyWorker(id);
  }

  /** Sends a job on a cron schedule (UTC); pg-boss sends it once per slot whatever the processes. */
  async schedule(name: QueueName, cron: string): Promise<void> {
    await this.boss.schedule(name, cron, {}, { tz: 'UTC' });
  }

  /**
   * Stops taking jobs and waits (up to 10 s) for the ones under way; unfinished ones are failed and come
   * back. Call it before closing the database, in any state: never started, starting (pg-boss ignores a
   * stop until its start is over, then would run on: the start is let finish first), or stopping already.
   */
  stop(): Promise<void> {
    this.stopping ??= (async () => {
      await this.starting?.catch(() => {});
      try {
        await this.boss.stop({ graceful: true, wait: true, close: false, timeout: this.options.stopTimeoutMs ?? 10_000 });
      } finally {
        this.hasStopped = true;
      }
    })();
    return this.stopping;
  }
}
