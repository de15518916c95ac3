import { and, desc, eq, isNull, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database';
import { containsPattern, prefixPattern, wordPrefixPattern } from '../../db/likePattern';
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

/**
 * The term inside a text column, case-insensitive, always through the column's pg_trgm index: from 3
 * characters anywhere in the text; a 2-character term has no trigram of its own, so it matches the
 * start of the text or of a word (the index has those, with the word-start padding).
 */
function textMatch(column: AnyColumn | SQL, text: string): SQL {
  if (text.length >= 3) return sql`${column} ilike ${containsPattern(text)}`;
  return sql`(${column} ilike ${prefixPattern(text)} or ${column} ilike ${wordPrefixPattern(text)})`;
}

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
  const matches = [textMatch(users.email, term.text), textMatch(userFullName, term.text)];
  if (term.uuid) matches.push(eq(users.id, term.uuid));
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(and(isNull(users.deletedAt), or(...matches)))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(term.limit);
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
    db
      .select(fields)
      .from(utes)
      .where(and(isNull(utes.deletedAt), byReference))
      .orderBy(utes.uteId)
      .limit(term.limit),
    db
      .select(fields)
      .from(utes)
      .where(and(isNull(utes.deletedAt), textMatch(utes.fullName, term.text)))
      .orderBy(desc(utes.createdAt), desc(utes.id))
      .limit(term.limit),
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
    db
      .select(fields)
      .from(jobs)
      .where(and(isNull(jobs.deletedAt), byReference))
      .orderBy(jobs.jobId)
      .limit(term.limit),
    db
      .select(fields)
      .from(jobs)
      .where(and(isNull(jobs.deletedAt), textMatch(jobs.title, term.text)))
      .orderBy(desc(jobs.createdAt), desc(jobs.id))
      .limit(term.limit),
  ]);
  return firstDistinct([...referenced, ...titled], term.limit);
}

export interface BookingHitRow {
  id: string;
  bookingId: string;
  name: string;
  status: string;
}

/** Live ute bookings with that booking id (or one starting with the term, on its unique index) or uuid, in booking-id order. */
export async function findUteBookings(db: DbOrTx, term: SearchTerm): Promise<BookingHitRow[]> {
  return db
    .select({ id: uteBookings.id, bookingId: uteBookings.uteBookingId, name: uteBookings.uteName, status: uteBookings.status })
    .from(uteBookings)
    .where(and(isNull(uteBookings.deletedAt), term.uuid ? eq(uteBookings.id, term.uuid) : referenceMatch(uteBookings.uteBookingId, term.text)))
    .orderBy(uteBookings.uteBookingId)
    .limit(term.limit);
}

/** The same for job bookings. */
export async function findJobBookings(db: DbOrTx, term: SearchTerm): Promise<BookingHitRow[]> {
  return db
    .select({ id: jobBookings.id, bookingId: jobBookings.jobBookingId, name: jobBookings.jobTitle, status: jobBookings.status })
    .from(jobBookings)
    .where(and(isNull(jobBookings.deletedAt), term.uuid ? eq(jobBookings.id, term.uuid) : referenceMatch(jobBookings.jobBookingId, term.text)))
    .orderBy(jobBookings.jobBookingId)
    .limit(term.limit);
}

export interface QueryHitRow {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

/** Live customer queries whose email holds the term (customer_queries_email_trgm_idx), or with that id; newest first. */
export async function findQueries(db: DbOrTx, term: SearchTerm): Promise<QueryHitRow[]> {
  const matches = [textMatch(customerQueries.email, term.text)];
  if (term.uuid) matches.push(eq(customerQueries.id, term.uuid));
  return db
    .select({ id: customerQueries.id, firstName: customerQueries.firstName, lastName: customerQueries.lastName, email: customerQueries.email })
    .from(customerQueries)
    .where(and(isNull(customerQueries.deletedAt), or(...matches)))
    .orderBy(desc(customerQueries.createdAt), desc(customerQueries.id))
    .limit(term.limit);
}

/** The first `limit` rows, each id once. */
function firstDistinct<T extends { id: string }>(rows: T[], limit: number): T[] {
  const seen = new Set<string>();
  return rows.filter((row) => !seen.has(row.id) && seen.add(row.id) && seen.size <= limit);
}
