import { getTableColumns, sql, type AnyColumn } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './database';

/**
 * A row's version for optimistic checks (docs/design.md §14): its `xmin`, the id of the transaction
 * that wrote the row as it is now. Every change of the row, by this api or anything else writing the
 * database, gives it a new one; reading or locking it (FOR UPDATE) does not. No column to keep, on
 * every table, on both engines.
 */
export const rowVersion = (table: PgTable) => sql<string>`${table}.xmin::text`;

/**
 * A version from when a setting was last set (a fee, a hold, the business details), '0' while it never was:
 * for state kept in a row other writers also change (owner_payout_status, by Stripe's events) or in a new row
 * per change. Milliseconds: two changes by people in the same millisecond would look alike.
 */
export const timeVersion = (setAt: Date | null | undefined): string => (setAt ? String(setAt.getTime()) : '0');

/** A table's columns and its version: what a mutation locks and checks (platform/audit assertUnchanged). */
export const columnsWithVersion = <TTable extends PgTable>(table: TTable) => ({ ...getTableColumns(table), version: rowVersion(table) });

/**
 * Writes a row again, unchanged, so its version moves: for a change kept in another table that an
 * action on the row must see (a query's reply, a payment's refund).
 */
export async function touchRow(db: DbOrTx, table: PgTable, id: string): Promise<void> {
  const key = getTableColumns(table).id as AnyColumn;
  await db.execute(sql`update ${table} set ${sql.identifier(key.name)} = ${key} where ${key} = ${id}`);
}
