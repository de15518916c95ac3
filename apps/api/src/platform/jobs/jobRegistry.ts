import type { JobPayloads, JobQueue, QueueName } from '../../lib/jobQueue';
import type { Mailer } from '../mail/mailer';

/**
 * Every background job of the api, in one place: its queue (lib/jobQueue.ts, JobPayloads), which
 * processes work it, and when pg-boss sends it. What the domain's jobs do is a module's (bookings'
 * payout reconciliation, the audit chain's anchor): the composition hands it in (backgroundJobs.ts),
 * as the platform imports no module. The mail jobs are the platform's own (platform/mail/mailer.ts).
 */

/** What a job does with its payload. */
export type JobHandler<Name extends QueueName> = (payload: JobPayloads[Name]) => Promise<void>;

/** The jobs whose work is a module's, handed in by the composition. */
export type DomainJobName = Exclude<QueueName, 'mail-delivery' | 'mail-sweep'>;
export type DomainJobHandlers = { [Name in DomainJobName]: JobHandler<Name> };

interface JobPlan {
  /**
   * Who works the queue: `every-process` from the app's start (app.ts; tests too, as their mail goes
   * through the queue), `server` once server.ts has started the api (startScheduledJobs).
   */
  workers: 'every-process' | 'server';
  /** When pg-boss sends it (cron, UTC): once per slot, whatever the number of processes. Set by server.ts. */
  cron: string | null;
  /**
   * Also sent (with no payload) at every server start: a process that starts may follow one that died mid-job, seconds
   * ago. Every start queues its own (the job is harmless twice).
   */
  isSentAtStart: boolean;
}

/** The audit chain's anchor runs hourly, on the hour (UTC): a rewrite has at most an hour of entries to hide in. */
export const AUDIT_ANCHOR_CRON = '0 * * * *';

/** Every queue's plan; a queue added to lib/jobQueue.ts is not typed until it has one here. */
export const JOBS = {
  'mail-delivery': { workers: 'every-process', cron: null, isSentAtStart: false },
  'mail-sweep': { workers: 'every-process', cron: '* * * * *', isSentAtStart: false },
  // Payouts sent to the provider whose outcome was never recorded (a crash mid-payout).
  'payout-reconciliation': { workers: 'server', cron: '*/5 * * * *', isSentAtStart: true },
  'audit-anchor': { workers: 'server', cron: AUDIT_ANCHOR_CRON, isSentAtStart: false },
  // Stripe's webhook events, from the inbox: worked by every process (tests see them applied), swept each minute.
  'stripe-event': { workers: 'every-process', cron: null, isSentAtStart: false },
  'stripe-event-sweep': { workers: 'server', cron: '* * * * *', isSentAtStart: true },
  // Daily at 19:00 UTC (05:00 or 06:00 in Sydney), before finance starts the day.
  'stripe-reconciliation': { workers: 'server', cron: '0 19 * * *', isSentAtStart: false },
  'payout-remittances': { workers: 'server', cron: '* * * * *', isSentAtStart: true },
  // Analytics' rollups of the days changed since the last run (docs/design.md §10): within a minute of a change.
  'analytics-refresh': { workers: 'server', cron: '* * * * *', isSentAtStart: true },
  // Every 5 minutes: an assigned item gone overdue tells its holder within 5 minutes, once per assignment (docs/design.md §15).
  'work-items-overdue': { workers: 'server', cron: '*/5 * * * *', isSentAtStart: true },
  // Daily at 20:00 UTC (06:00 or 07:00 in Sydney), and at start (a missed day): each dispute notifies each admin once.
  'dispute-evidence-due': { workers: 'server', cron: '0 20 * * *', isSentAtStart: true },
  // Daily at 21:00 UTC (07:00 or 08:00 in Sydney), after the disputes' notices, and at start (a missed day): one mail a Sydney day.
  'notification-digest': { workers: 'server', cron: '0 21 * * *', isSentAtStart: true },
} as const satisfies Record<QueueName, JobPlan>;

const JOB_NAMES = Object.keys(JOBS) as QueueName[];

type JobHandlers = { [Name in QueueName]: JobHandler<Name> };

const work = <Name extends QueueName>(queue: JobQueue, name: Name, handlers: JobHandlers) => queue.work(name, handlers[name]);

/** The platform's own jobs: the outbox's mail. */
function mailJobsOf(mailer: Mailer): Pick<JobHandlers, 'mail-delivery' | 'mail-sweep'> {
  return {
    'mail-delivery': ({ mailId }) => mailer.deliverQueued(mailId),
    'mail-sweep': async () => {
      await mailer.requeueLostMails();
    },
  };
}

/** Every queue's handler: the domain's jobs (from the composition) and the mail jobs. */
export const jobHandlersOf = (mailer: Mailer, domainJobs: DomainJobHandlers): JobHandlers => ({ ...mailJobsOf(mailer), ...domainJobs });

/** The app's start (app.ts, on ready): the queues every process works. */
export async function startQueueWorkers(queue: JobQueue, handlers: JobHandlers): Promise<void> {
  for (const name of JOB_NAMES) if (JOBS[name].workers === 'every-process') await work(queue, name, handlers);
}

/**
 * The scheduled work of a running api (server.ts): the server's workers, every schedule, and the
 * jobs sent at start. Every process runs these workers; pg-boss sends each scheduled job once per
 * slot, whatever the number of processes, and one process claims it.
 */
export async function startScheduledJobs(queue: JobQueue, handlers: JobHandlers): Promise<void> {
  for (const name of JOB_NAMES) if (JOBS[name].workers === 'server') await work(queue, name, handlers);
  for (const name of JOB_NAMES) {
    const { cron } = JOBS[name];
    if (cron !== null) await queue.schedule(name, cron);
  }
  for (const name of JOB_NAMES) {
    if (!JOBS[name].isSentAtStart) continue;
    await queue.send(name, {});
    queue.wake(name);
  }
}
