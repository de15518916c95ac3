import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AdminRole, NoteRecordType } from '@ute/contract';
import type { DbOrTx } from '../../db/database';
import { admins } from '../../db/tables/auth.table';
import { jobBookings, uteBookings } from '../../db/tables/bookings.table';
import { jobs } from '../../db/tables/jobs.table';
import { recordNotes } from '../../db/tables/notes.table';
import { payments } from '../../db/tables/payments.table';
import { customerQueries } from '../../db/tables/queries.table';
import { shipments } from '../../db/tables/quotes.table';
import { users } from '../../db/tables/users.table';
import { utes } from '../../db/tables/utes.table';

export type NoteRow = typeof recordNotes.$inferSelect;

/** The table and key column of each record type (soft-deleted records still carry their notes). */
const RECORD_TABLES: Record<NoteRecordType, { table: PgTable; id: PgColumn }> = {
  user: { table: users, id: users.id },
  ute: { table: utes, id: utes.id },
  job: { table: jobs, id: jobs.id },
  uteBooking: { table: uteBookings, id: uteBookings.id },
  jobBooking: { table: jobBookings, id: jobBookings.id },
  payment: { table: payments, id: payments.id },
  query: { table: customerQueries, id: customerQueries.id },
  quote: { table: shipments, id: shipments.id },
  admin: { table: admins, id: admins.id },
};

export async function recordExists(db: DbOrTx, recordType: NoteRecordType, recordId: string): Promise<boolean> {
  const { table, id } = RECORD_TABLES[recordType];
  const rows = await db.select({ id }).from(table).where(eq(id, recordId)).limit(1);
  return rows.length > 0;
}

/** A record's notes, newest first (retractions included: they are notes too). */
export function listRecordNotes(db: DbOrTx, recordType: NoteRecordType, recordId: string): Promise<NoteRow[]> {
  return db
    .select()
    .from(recordNotes)
    .where(and(eq(recordNotes.recordType, recordType), eq(recordNotes.recordId, recordId)))
    .orderBy(desc(recordNotes.createdAt), desc(recordNotes.id));
}

export async function findNote(db: DbOrTx, id: string): Promise<NoteRow | null> {
  const [row] = await db.select().from(recordNotes).where(eq(recordNotes.id, id));
  return row ?? null;
}

/** A note locked for its edit or retraction (a concurrent edit or retraction waits). */
export async function lockNote(db: DbOrTx, id: string): Promise<NoteRow | null> {
  const [row] = await db.select().from(recordNotes).where(eq(recordNotes.id, id)).for('update');
  return row ?? null;
}

/** The note's retraction, when it was retracted. */
export async function findRetractionOf(db: DbOrTx, noteId: string): Promise<NoteRow | null> {
  const [row] = await db.select().from(recordNotes).where(eq(recordNotes.retractsNoteId, noteId));
  return row ?? null;
}

export async function insertNote(db: DbOrTx, values: typeof recordNotes.$inferInsert): Promise<NoteRow> {
  const [row] = await db.insert(recordNotes).values(values).returning();
  return row;
}

export async function updateNoteBody(db: DbOrTx, id: string, values: { body: string; mentions: string[] }): Promise<NoteRow> {
  const [row] = await db
    .update(recordNotes)
    .set({ ...values, editedAt: sql`now()` })
    .where(eq(recordNotes.id, id))
    .returning();
  return row;
}

/** Names of admins by id (authors and mentions), whether active or not. */
export async function adminNamesOf(db: DbOrTx, ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select({ id: admins.id, name: admins.name }).from(admins).where(inArray(admins.id, unique));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The active admins: who may be mentioned. */
export async function listActiveAdmins(db: DbOrTx): Promise<{ id: string; name: string; roles: AdminRole[] }[]> {
  const rows = await db
    .select({ id: admins.id, name: admins.name, roles: admins.roles })
    .from(admins)
    .where(eq(admins.isActive, true))
    .orderBy(asc(admins.name), asc(admins.id));
  return rows.map((row) => ({ ...row, roles: row.roles as AdminRole[] }));
}

/**
 * The notes of `recordTypes`, oldest first, in batches by keyset on (created_at, id): memory holds
 * one batch however many notes there are. The cursor keeps created_at as the database's text, so its
 * microseconds survive (a JS Date would cut them and repeat or skip rows).
 */
export async function* readNoteBatches(db: DbOrTx, recordTypes: readonly NoteRecordType[], batchSize: number): AsyncGenerator<NoteRow[]> {
  if (recordTypes.length === 0) return;
  let after: { createdAt: string; id: string } | null = null;
  for (;;) {
    const keyset: SQL | undefined = after
      ? sql`(${recordNotes.createdAt}, ${recordNotes.id}) > (${after.createdAt}::timestamptz, ${after.id}::uuid)`
      : undefined;
    const rows: { note: NoteRow; cursor: string }[] = await db
      .select({ note: recordNotes, cursor: sql<string>`${recordNotes.createdAt}::text` })
      .from(recordNotes)
      .where(and(inArray(recordNotes.recordType, [...recordTypes]), keyset))
      .orderBy(asc(recordNotes.createdAt), asc(recordNotes.id))
      .limit(batchSize);
    if (rows.length === 0) return;
    yield rows.map((row) => row.note);
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1];
    after = { createdAt: last.cursor, id: last.note.id };
  }
}
