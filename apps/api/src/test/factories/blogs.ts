import type { Db } from '../../db/database';
import { blogs } from '../../db/tables/blogs.table';
import { nextSequence } from './sequence';

export type BlogRow = typeof blogs.$inferSelect;
export type BlogValues = Partial<typeof blogs.$inferInsert>;

/** The values of one blog without images (name existing files in `images` to give it some). */
export function buildBlog(overrides: BlogValues = {}): typeof blogs.$inferInsert {
  return {
    title: `Factory blog ${nextSequence()}`,
    description: 'A blog made for one test.',
    images: [],
    author: 'Fay Factory',
    views: 1,
    comments: 0,
    ...overrides,
  };
}

export async function createBlog(db: Db, overrides: BlogValues = {}): Promise<BlogRow> {
  const [row] = await db.insert(blogs).values(buildBlog(overrides)).returning();
  return row;
}
