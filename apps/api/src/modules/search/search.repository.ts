import { and, eq, isNull, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { newestMatches, selectFields, type ListOrder } from '../../db/paging';
import { emailTermMatch, termMatch } from '../../db/likePattern';
import { jobBookings, uteBookings } from '../../db/tables/bookings.table';
import { jobs } from '../../db/tables/jobs.table';
import { customerQueries } from '../../db/tables/queries.table';
import { users } from '../../db/tables/users.table';
import { utes } from '../../db/tables/utes.table';

/** What the service matches: the trimmed term, and the uuid it is when it is one. */
export interface SearchTerm {
  text: string;
  uuid?: string;
  limit: number;
}

/** Newest first: the order of each searched table's list index (created_at desc, id desc, live rows). */
const newestFirst = (table: typeof users | typeof utes | typeof jobs | typeof customerQueries): ListOrder => ({
  columns: [table.createdAt, table.id],
  index: 'desc',
});

/** The code point after the term's last one: `[term, next)` holds every text that starts with the term. */
function successorOf(text: string): string {
  const points = Array.from(text);
  const last = points.pop()!.codePointAt(0)!;
  return points.join('') + String.fromCodePoint(Math.min(last + 1, 0x10ffff));
}

/**
 * A reference id (UTE-000123, UB-000045...) equal to or starting with the term, as typed or upper-case:
 * a range on the column's unique btree index (LIKE 'x%' can use it only under the C collation), and
 * starts_with to keep only true prefixes whatever the collation's order.
 */
function referenceMatch(column: AnyColumn, text: string): SQL {
  const variants = [...new Set([text, text.toUpperCase()])];
  return or(...variants.map((variant) => sql`(${column} >= ${variant} and ${column} < ${successorOf(variant)} and starts_with(${column}, ${variant}))`))!;
}

/** The whole name, spelt exactly as users_name_trgm_idx's expression so the planner uses that index. */
const userFullName = sql`(${users.firstName} || ' ' || ${users.lastName})`;

export interface UserHitRow {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

/** Live users whose email or whole name holds the term (users_email_trgm_idx, users_name_trgm_idx), or with that id; newest first. */
export async function findUsers(db: DbOrTx, term: SearchTerm): Promise<UserHitRow[]> {
  const matches = [emailTermMatch(users.email, term.text), termMatch(userFullName, term.text)];
  if (term.uuid) matches.push(eq(users.id, term.uuid));
  return newestMatches(db, {
    table: users,
    where: isNull(users.deletedAt),
    match: or(...matches)!,
    order: newestFirst(users),
    fields: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
    limit: term.limit,
  });
}

export interface UteHitRow {
  id: string;
  uteId: string;
  fullName: string | null;
  status: string;
}

/**
 * Live utes by reference (UTE ID) or uuid first, in reference order, then by name (utes_name_trgm_idx),
 * newest first: two statements, each read from its own index and stopped at the limit.
 */
export async function findUtes(db: DbOrTx, term: SearchTerm): Promise<UteHitRow[]> {
  const fields = { id: utes.id, uteId: utes.uteId, fullName: utes.fullName, status: utes.status };
  const byReference = term.uuid ? eq(utes.id, term.uuid) : referenceMatch(utes.uteId, term.text);
  const [referenced, named] = await Promise.all([
    selectFields(db, { fields, table: utes, where: and(isNull(utes.deletedAt), byReference), orderBy: [utes.uteId], limit: term.limit }),
    newestMatches(db, {
      table: utes,
      where: isNull(utes.deletedAt),
      match: termMatch(utes.fullName, term.text),
      order: newestFirst(utes),
      fields,
      limit: term.limit,
    }),
  ]);
  return firstDistinct([...referenced, ...named], term.limit);
}

export interface JobHitRow {
  id: string;
  jobId: string;
  title: string;
  status: string;
}

/** Live jobs by reference (JOB ID) or uuid first, then by title (jobs_title_trgm_idx), newest first. */
export async function findJobs(db: DbOrTx, term: SearchTerm): Promise<JobHitRow[]> {
  const fields = { id: jobs.id, jobId: jobs.jobId, title: jobs.title, status: jobs.status };
  const byReference = term.uuid ? eq(jobs.id, term.uuid) : referenceMatch(jobs.jobId, term.text);
  const [referenced, titled] = await Promise.all([
    selectFields(db, { fields, table: jobs, where: and(isNull(jobs.deletedAt), byReference), orderBy: [jobs.jobId], limit: term.limit }),
    newestMatches(db, {
      table: jobs,
      where: isNull(jobs.deletedAt),
      match: termMatch(jobs.title, term.text),
      order: newestFirst(jobs),
      fields,
      limit: term.limit,
    }),
  ]);
  return firstDistinct([...referenced, ...titled], term.limit);
}

export interface BookingHitRow {
  id: string;
  bookingId: string;
  name: string;
  status: string;
}

/** A booking table's hit: its booking id and what names it. */
interface BookingHitSource {
  table: typeof uteBookings | typeof jobBookings;
  bookingId: typeof uteBookings.uteBookingId | typeof jobBookings.jobBookingId;
  name: typeof uteBookings.uteName | typeof jobBookings.jobTitle;
}

/** Live bookings with that booking id (or one starting with the term, on its unique index) or uuid, in booking-id order. */
function findBookings(db: DbOrTx, term: SearchTerm, { table, bookingId, name }: BookingHitSource): Promise<BookingHitRow[]> {
  return selectFields(db, {
    fields: { id: table.id, bookingId, name, status: table.status },
    table,
    where: and(isNull(table.deletedAt), term.uuid ? eq(table.id, term.uuid) : referenceMatch(bookingId, term.text)),
    orderBy: [bookingId],
    limit: term.limit,
  });
}

export const findUteBookings = (db: DbOrTx, term: SearchTerm) =>
  findBookings(db, term, { table: uteBookings, bookingId: uteBookings.uteBookingId, name: uteBookings.uteName });

export const findJobBookings = (db: DbOrTx, term: SearchTerm) =>
  findBookings(db, term, { table: jobBookings, bookingId: jobBookings.jobBookingId, name: jobBookings.jobTitle });

export interface QueryHitRow {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

/** Live customer queries whose email holds the term (customer_queries_email_trgm_idx), or with that id; newest first. */
export async function findQueries(db: DbOrTx, term: SearchTerm): Promise<QueryHitRow[]> {
  const matches = [emailTermMatch(customerQueries.email, term.text)];
  if (term.uuid) matches.push(eq(customerQueries.id, term.uuid));
  return newestMatches(db, {
    table: customerQueries,
    where: isNull(customerQueries.deletedAt),
    match: or(...matches)!,
    order: newestFirst(customerQueries),
    fields: { id: customerQueries.id, firstName: customerQueries.firstName, lastName: customerQueries.lastName, email: customerQueries.email },
    limit: term.limit,
  });
}

/** The first `limit` rows, each id once. */
function firstDistinct<T extends { id: string }>(rows: T[], limit: number): T[] {
  const seen = new Set<string>();
  return rows.filter((row) => !seen.has(row.id) && seen.add(row.id) && seen.size <= limit);
}
