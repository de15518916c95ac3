import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { ANALYTICS_TIME_ZONE, type CreatedDayRange } from '@ute/contract';

/** The calendar of the lists' created-day filter: Analytics' days, which drill down to the lists. */
const zone = sql.raw(`'${ANALYTICS_TIME_ZONE}'`);

/**
 * A list's created-day filter as SQL conditions on `column` (a timestamptz): from the start of
 * `createdFrom` to the start of the day after `createdTo`, both Australia/Sydney midnights, computed
 * by PostgreSQL from its time zone data so a day across a DST change is 23 or 25 hours long. Plain
 * comparisons on the column, so the list index on created_at serves them.
 */
export function createdDayConditions(column: AnyColumn, range: CreatedDayRange): SQL[] {
  const conditions: SQL[] = [];
  if (range.createdFrom) conditions.push(sql`${column} >= (${range.createdFrom}::date::timestamp at time zone ${zone})`);
  if (range.createdTo) conditions.push(sql`${column} < ((${range.createdTo}::date + 1)::timestamp at time zone ${zone})`);
  return conditions;
}

/** True when the range narrows the list: its kept counters do not count it then. */
export const hasCreatedDayRange = (range: CreatedDayRange): boolean => Boolean(range.createdFrom || range.createdTo);
