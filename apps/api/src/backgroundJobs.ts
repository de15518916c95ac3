import type { AppContext } from './plugins/context';
import { createBookingsService } from './modules/bookings/bookings.service';
import { AUDIT_ANCHOR_CRON, createAuditAnchorService } from './modules/audit/auditAnchor';

/**
 * The scheduled work of a running api (server.ts; the app itself only works the mail queue). Every
 * process runs these workers; pg-boss sends each scheduled job once per slot, whatever the number
 * of processes, and one process claims it.
 */
export async function startBackgroundJobs({ queue, db, payouts, log, mailer, config }: AppContext): Promise<void> {
  const bookings = createBookingsService({ db, payouts, log });
  await queue.work('payout-reconciliation', async () => {
    await bookings.reconcilePendingPayouts();
  });
  if (!config.AUDIT_ANCHOR_FILE) log.warn("AUDIT_ANCHOR_FILE is not set: the audit chain head is anchored by the owners' daily mail and the log only");
  const auditAnchors = createAuditAnchorService({ db, mailer, log, anchorFile: config.AUDIT_ANCHOR_FILE });
  await queue.work('audit-anchor', async () => {
    await auditAnchors.anchorHead();
  });
  await queue.schedule('audit-anchor', AUDIT_ANCHOR_CRON);
  await queue.schedule('mail-sweep', '* * * * *');
  await queue.schedule('payout-reconciliation', '*/5 * * * *');
  // A process that starts may follow one that died mid-payout, seconds ago: reconcile now. Every
  // start queues its own job (reconciling twice is harmless: each payout is settled once).
  await queue.send('payout-reconciliation', {});
  queue.wake('payout-reconciliation');
}
