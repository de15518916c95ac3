import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/database';
import { QUEUE_NAMES } from '../../lib/jobQueue';
import { createTestApp, type TestApp } from '../../test/testApp';
import { JOBS, jobHandlersOf, startScheduledJobs } from './jobRegistry';

describe('the job registry', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('plans every queue, and the server start schedules each planned cron', async () => {
    expect(Object.keys(JOBS).sort()).toEqual([...QUEUE_NAMES].sort());
    const handlers = jobHandlersOf(t.app.ctx.mailer, {
      'payout-reconciliation': async () => {},
      'audit-anchor': async () => {},
      'stripe-event': async () => {},
      'stripe-event-sweep': async () => {},
      'stripe-reconciliation': async () => {},
      'payout-remittances': async () => {},
      'analytics-refresh': async () => {},
      'work-items-overdue': async () => {},
      'dispute-evidence-due': async () => {},
      'notification-digest': async () => {},
    });
    await startScheduledJobs(t.app.ctx.queue, handlers);
    const schedules = await queryRows<{ name: string; cron: string }>(t.database.db, sql`select name, cron from pgboss.schedule order by name`);
    expect(schedules).toEqual(
      Object.entries(JOBS)
        .filter(([, plan]) => plan.cron !== null)
        .map(([name, plan]) => ({ name, cron: plan.cron }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    );
  });
});
