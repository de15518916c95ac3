import { sql, type AnyColumn } from 'drizzle-orm';

/*
 * The list indexes are built `desc nulls last` (drizzle's `.desc()`). PostgreSQL uses an index for an
 * ORDER BY only when the null ordering matches too, even on NOT NULL columns; otherwise it sorts every
 * row. These two orders are the index walked forward and backward.
 */
export const newestFirst = (column: AnyColumn) => sql`${column} desc nulls last`;
export const oldestFirst = (column: AnyColumn) => sql`${column} asc nulls first`;

/** `%term%` for ILIKE, with the wildcard characters of the term taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
