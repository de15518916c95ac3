import type { Db } from '../../db/database';
import { customerQueries, queryReplies } from '../../db/tables/queries.table';
import { nextSequence } from './sequence';

export type CustomerQueryRow = typeof customerQueries.$inferSelect;
export type CustomerQueryValues = Partial<typeof customerQueries.$inferInsert>;

/** The values of one customer query from Quinn Asker; the email has no `%` or `_`. */
export function buildCustomerQuery(overrides: CustomerQueryValues = {}): typeof customerQueries.$inferInsert {
  return {
    firstName: 'Quinn',
    lastName: 'Asker',
    email: `quinn.asker${nextSequence()}@factory.example.com.au`,
    phone: '0400 000 000',
    message: 'Can I hire a ute with a tow bar this weekend please?',
    ...overrides,
  };
}

export async function createCustomerQuery(db: Db, overrides: CustomerQueryValues = {}): Promise<CustomerQueryRow> {
  const [row] = await db.insert(customerQueries).values(buildCustomerQuery(overrides)).returning();
  return row;
}

/** Several customer queries in one multi-row insert. */
export async function createCustomerQueries(db: Db, rows: number | CustomerQueryValues[]): Promise<CustomerQueryRow[]> {
  const values = typeof rows === 'number' ? Array.from({ length: rows }, () => buildCustomerQuery()) : rows.map((overrides) => buildCustomerQuery(overrides));
  if (values.length === 0) return [];
  return db.insert(customerQueries).values(values).returning();
}

/** A reply already stored for a query, without an outbox mail (as the seed's replies are). */
export async function createQueryReply(
  db: Db,
  values: { queryId: string } & Partial<typeof queryReplies.$inferInsert>,
): Promise<typeof queryReplies.$inferSelect> {
  const [row] = await db
    .insert(queryReplies)
    .values({ message: 'Thanks for getting in touch.', ...values })
    .returning();
  return row;
}
