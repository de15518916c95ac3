import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { stripeEvents, type WebhookEventState } from '../../db/tables/webhooks.table';

export type StripeEventRow = typeof stripeEvents.$inferSelect;

/** Stores a verified event once: true when it is new, false for a repeat delivery. */
export async function insertStripeEvent(
  db: DbOrTx,
  event: { id: string; type: string; account: string | null; livemode: boolean; payload: unknown },
): Promise<boolean> {
  const rows = await db.insert(stripeEvents).values(event).onConflictDoNothing({ target: stripeEvents.id }).returning({ id: stripeEvents.id });
  return rows.length === 1;
}

export async function findStripeEvent(db: DbOrTx, id: string): Promise<StripeEventRow | undefined> {
  const [row] = await db.select().from(stripeEvents).where(eq(stripeEvents.id, id));
  return row;
}

/** Counts an attempt at an event; answers it, or undefined when it is already done (processed or ignored). */
export async function claimStripeEvent(db: DbOrTx, id: string): Promise<StripeEventRow | undefined> {
  const [row] = await db
    .update(stripeEvents)
    .set({ attempts: sql`${stripeEvents.attempts} + 1` })
    .where(and(eq(stripeEvents.id, id), sql`${stripeEvents.state} in ('received', 'failed')`))
    .returning();
  return row;
}

export async function finishStripeEvent(db: DbOrTx, id: string, state: WebhookEventState, note: string | null): Promise<StripeEventRow> {
  const [row] = await db
    .update(stripeEvents)
    .set({ state, note, processedAt: state === 'failed' ? null : new Date() })
    .where(eq(stripeEvents.id, id))
    .returning();
  return row;
}

/** Puts an event back to be worked again (a replay). */
export async function reopenStripeEvent(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db.update(stripeEvents).set({ state: 'received', processedAt: null }).where(eq(stripeEvents.id, id)).returning({ id: stripeEvents.id });
  return rows.length === 1;
}

/** Events received before `before` and never worked: their job was lost. */
export async function listUnworkedStripeEvents(db: DbOrTx, before: Date, limit = 500): Promise<{ id: string }[]> {
  return db
    .select({ id: stripeEvents.id })
    .from(stripeEvents)
    .where(and(eq(stripeEvents.state, 'received'), lt(stripeEvents.receivedAt, before)))
    .orderBy(stripeEvents.receivedAt)
    .limit(limit);
}

export async function listStripeEvents(db: DbOrTx, filter: { state?: WebhookEventState }, page: { limit: number; offset: number }) {
  const where = filter.state ? eq(stripeEvents.state, filter.state) : undefined;
  const [rows, total] = await Promise.all([
    db.select().from(stripeEvents).where(where).orderBy(desc(stripeEvents.receivedAt), desc(stripeEvents.id)).limit(page.limit).offset(page.offset),
    db.$count(stripeEvents, where),
  ]);
  return { rows, total };
}
