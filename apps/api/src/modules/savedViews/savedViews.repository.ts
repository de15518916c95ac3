import { and, asc, count, eq, or, sql } from 'drizzle-orm';
import type { SavedViewList } from '@ute/contract';
import type { DbOrTx } from '../../db/database';
import { columnsWithVersion, rowVersion } from '../../db/rowVersion';
import { admins } from '../../db/tables/auth.table';
import { savedViews } from '../../db/tables/savedViews.table';

export type SavedViewRow = typeof savedViews.$inferSelect & { version: string };
export type SavedViewWithCreator = SavedViewRow & { creatorName: string };

const withCreator = { view: savedViews, version: rowVersion(savedViews), creatorName: admins.name };
const flatten = ({ view, version, creatorName }: { view: typeof savedViews.$inferSelect; version: string; creatorName: string }): SavedViewWithCreator => ({
  ...view,
  version,
  creatorName,
});

/** The views of a list an admin sees: their own and the shared ones, oldest first (the tabs keep their order). */
export async function listVisibleViews(db: DbOrTx, list: SavedViewList, adminId: string): Promise<SavedViewWithCreator[]> {
  const rows = await db
    .select(withCreator)
    .from(savedViews)
    .innerJoin(admins, eq(admins.id, savedViews.creatorId))
    .where(and(eq(savedViews.list, list), or(eq(savedViews.creatorId, adminId), eq(savedViews.isShared, true))))
    .orderBy(asc(savedViews.createdAt), asc(savedViews.id));
  return rows.map(flatten);
}

/** A view by id, locked for its change or deletion when asked. */
export async function findView(db: DbOrTx, id: string, lock = false): Promise<SavedViewWithCreator | null> {
  const query = db.select(withCreator).from(savedViews).innerJoin(admins, eq(admins.id, savedViews.creatorId)).where(eq(savedViews.id, id));
  const [row] = lock ? await query.for('update', { of: savedViews }) : await query;
  return row ? flatten(row) : null;
}

/** Serialises an admin's creations (the ten-per-list count and the insert): their admin row is locked to the transaction's end. */
export async function lockCreator(db: DbOrTx, adminId: string): Promise<void> {
  await db.select({ id: admins.id }).from(admins).where(eq(admins.id, adminId)).for('update');
}

export async function countViewsOf(db: DbOrTx, adminId: string, list: SavedViewList): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(savedViews)
    .where(and(eq(savedViews.creatorId, adminId), eq(savedViews.list, list)));
  return row.value;
}

/** Whether the creator already has a view of this name on the list (case-insensitive), other than `exceptId`. */
export async function hasViewNamed(db: DbOrTx, adminId: string, list: SavedViewList, name: string, exceptId?: string): Promise<boolean> {
  const rows = await db
    .select({ id: savedViews.id })
    .from(savedViews)
    .where(
      and(
        eq(savedViews.creatorId, adminId),
        eq(savedViews.list, list),
        sql`lower(${savedViews.name}) = lower(${name})`,
        exceptId ? sql`${savedViews.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function insertView(db: DbOrTx, values: typeof savedViews.$inferInsert): Promise<SavedViewRow> {
  const [row] = await db.insert(savedViews).values(values).returning(columnsWithVersion(savedViews));
  return row;
}

export async function updateView(db: DbOrTx, id: string, values: Partial<Pick<SavedViewRow, 'name' | 'query' | 'isShared'>>): Promise<SavedViewRow> {
  const [row] = await db
    .update(savedViews)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(savedViews.id, id))
    .returning(columnsWithVersion(savedViews));
  return row;
}

export async function deleteView(db: DbOrTx, id: string): Promise<void> {
  await db.delete(savedViews).where(eq(savedViews.id, id));
}
