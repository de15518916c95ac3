import type { AppContext } from './appContext';
import { createPayoutsService } from './modules/payouts/payouts.service';
import { createReconciliationService } from './modules/payouts/reconciliation.service';
import { createRefundsService } from './modules/refunds/refunds.service';
import { webhooksServiceOf } from './modules/webhooks/webhooks.routes';
import { createAuditAnchorService } from './modules/audit/auditAnchor';
import { createInvoicesService, remittanceNudgeOf } from './modules/invoices/invoices.service';
import { createAnalyticsService } from './modules/analytics/analytics.service';
import { createAssignmentsService } from './modules/assignments/assignments.service';
import { createNotificationDigestService } from './modules/notifications/notificationDigest.service';
import { createNotificationsService } from './modules/notifications/notifications.service';
import { jobHandlersOf, startQueueWorkers, startScheduledJobs, type DomainJobHandlers } from './platform/jobs/jobRegistry';

/**
 * What the domain's background jobs do, from the modules; which process works each and when they
 * run is platform/jobs/jobRegistry.ts's.
 */
function domainJobsOf(ctx: AppContext): DomainJobHandlers {
  const { db, payouts, log, mailer, config } = ctx;
  const payoutService = createPayoutsService({ db, payouts, log, onPayoutSucceeded: remittanceNudgeOf(ctx.queue, log) });
  const webhooks = webhooksServiceOf(ctx);
  const invoices = createInvoicesService({ db, mailer, log });
  const auditAnchors = createAuditAnchorService({ db, mailer, log, anchorFile: config.AUDIT_ANCHOR_FILE });
  return {
    // Payouts, then refunds and their transfer reversals, sent but never recorded (a crash mid-call).
    'payout-reconciliation': async () => {
      await payoutService.reconcilePendingPayouts();
      await createRefundsService({ db, refunds: ctx.refunds, mailer, log }).reconcilePendingRefunds();
    },
    'audit-anchor': async () => {
      await auditAnchors.anchorHead();
    },
    'stripe-event': async ({ eventId }) => {
      await webhooks.processEvent(eventId);
    },
    'stripe-event-sweep': async () => {
      await webhooks.sweepUnworkedEvents();
    },
    'stripe-reconciliation': async () => {
      await createReconciliationService({ db, payouts, log }).reconcile({ adminId: null, requestId: 'stripe-reconciliation' });
    },
    'payout-remittances': async () => {
      await invoices.sendPayoutRemittances();
    },
    'analytics-refresh': async () => {
      const days = await createAnalyticsService({ db }).refresh();
      if (days > 0) log.debug({ days }, 'analytics rollups refreshed');
    },
    'work-items-overdue': async () => {
      const written = await createAssignmentsService({ db }).notifyOverdue();
      if (written > 0) log.info({ written }, 'work items overdue: notifications written');
    },
    'dispute-evidence-due': async () => {
      const written = await createNotificationsService({ db }).notifyDisputesEvidenceDue();
      if (written > 0) log.info({ written }, 'dispute evidence due: notifications written');
    },
    'notification-digest': async () => {
      const mailed = await createNotificationDigestService({ db, mailer, publicUrl: config.PUBLIC_URL }).sendDigests();
      if (mailed > 0) log.info({ mailed }, 'notification digests queued');
    },
  };
}

/** The app's start (app.ts, on ready): the queues every process works (the outbox's mail; tests too). */
export async function startQueueWorkersOf(ctx: AppContext): Promise<void> {
  await startQueueWorkers(ctx.queue, jobHandlersOf(ctx.mailer, domainJobsOf(ctx)));
}

/** The scheduled work of a running api (server.ts): the server's workers, the schedules and the jobs sent at start. */
export async function startBackgroundJobs(ctx: AppContext): Promise<void> {
  if (!ctx.config.AUDIT_ANCHOR_FILE) ctx.log.warn("AUDIT_ANCHOR_FILE is not set: the audit chain head is anchored by the owners' daily mail and the log only");
  await startScheduledJobs(ctx.queue, jobHandlersOf(ctx.mailer, domainJobsOf(ctx)));
}
