import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Blog } from '@ute/contract';
import type { DbOrTx } from '../../db/database';
import { columnsWithVersion } from '../../db/rowVersion';
import { blogs } from '../../db/tables/blogs.table';

/** A blog as every read and write answers it: with its version (db/rowVersion.ts, docs/design.md §14). */
export type BlogRow = typeof blogs.$inferSelect & { version: string };
export type BlogValues = Pick<typeof blogs.$inferInsert, 'title' | 'description' | 'author' | 'views' | 'comments' | 'images'>;

export function toBlogDto(row: BlogRow): Blog {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    blogImg: row.images,
    user: row.author,
    views: row.views,
    comments: row.comments,
    createdAt: row.createdAt.toISOString(),
    version: row.version,
  };
}

/** Every blog that is not deleted, newest first; `nulls last` matches blogs_list_idx so the index is used. */
export async function listBlogs(db: DbOrTx): Promise<BlogRow[]> {
  return db
    .select(columnsWithVersion(blogs))
    .from(blogs)
    .where(isNull(blogs.deletedAt))
    .orderBy(sql`${blogs.createdAt} desc nulls last`, sql`${blogs.id} desc nulls last`);
}

export async function findBlogById(db: DbOrTx, id: string, options: { forUpdate?: boolean } = {}): Promise<BlogRow | undefined> {
  const query = db
    .select(columnsWithVersion(blogs))
    .from(blogs)
    .where(and(eq(blogs.id, id), isNull(blogs.deletedAt)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function insertBlog(db: DbOrTx, values: BlogValues): Promise<BlogRow> {
  const [row] = await db.insert(blogs).values(values).returning(columnsWithVersion(blogs));
  return row;
}

export async function updateBlog(db: DbOrTx, id: string, values: Partial<BlogValues>): Promise<BlogRow> {
  const [row] = await db
    .update(blogs)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(blogs.id, id))
    .returning(columnsWithVersion(blogs));
  return row;
}

export async function markBlogDeleted(db: DbOrTx, id: string): Promise<BlogRow | undefined> {
  const [row] = await db
    .update(blogs)
    .set({ deletedAt: new Date() })
    .where(and(eq(blogs.id, id), isNull(blogs.deletedAt)))
    .returning(columnsWithVersion(blogs));
  return row;
}

/** Which of these file names some blog row (deleted ones included: they can be restored) still uses. */
export async function findReferencedImages(db: DbOrTx, names: string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const rows = await db
    .select({ name: sql<string>`unnest(${blogs.images})` })
    .from(blogs)
    .where(
      sql`${blogs.images} && ${sql`array[${sql.join(
        names.map((name) => sql`${name}`),
        sql`, `,
      )}]::text[]`}`,
    );
  const referenced = new Set(rows.map((row) => row.name));
  return new Set(names.filter((name) => referenced.has(name)));
}
