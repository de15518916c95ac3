import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Faq } from '@ute/contract';
import type { DbOrTx } from '../../db/database';
import { columnsWithVersion } from '../../db/rowVersion';
import { faqs } from '../../db/tables/faq.table';

/** An FAQ as every read and write answers it: with its version (db/rowVersion.ts, docs/design.md §14). */
export type FaqRow = typeof faqs.$inferSelect & { version: string };

export function toFaqDto(row: FaqRow): Faq {
  return { _id: row.id, question: row.question, answer: row.answer, version: row.version };
}

/** Every FAQ that is not deleted, oldest first (the list index is on created_at). */
export async function listFaqs(db: DbOrTx): Promise<FaqRow[]> {
  return db.select(columnsWithVersion(faqs)).from(faqs).where(isNull(faqs.deletedAt)).orderBy(asc(faqs.createdAt), asc(faqs.id));
}

export async function findFaqById(db: DbOrTx, id: string, options: { forUpdate?: boolean } = {}): Promise<FaqRow | undefined> {
  const query = db
    .select(columnsWithVersion(faqs))
    .from(faqs)
    .where(and(eq(faqs.id, id), isNull(faqs.deletedAt)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function insertFaq(db: DbOrTx, values: { question: string; answer: string }): Promise<FaqRow> {
  const [row] = await db.insert(faqs).values(values).returning(columnsWithVersion(faqs));
  return row;
}

export async function updateFaq(db: DbOrTx, id: string, values: { question: string; answer: string }): Promise<FaqRow | undefined> {
  const [row] = await db
    .update(faqs)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(faqs.id, id), isNull(faqs.deletedAt)))
    .returning(columnsWithVersion(faqs));
  return row;
}

export async function markFaqDeleted(db: DbOrTx, id: string): Promise<FaqRow | undefined> {
  const [row] = await db
    .update(faqs)
    .set({ deletedAt: new Date() })
    .where(and(eq(faqs.id, id), isNull(faqs.deletedAt)))
    .returning(columnsWithVersion(faqs));
  return row;
}
