import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const blogs = pgTable(
  'blogs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description'),
    images: text('images')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Author name as free text (docs/product.md: user). */
    author: text('author'),
    views: integer('views').notNull().default(0),
    comments: integer('comments').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('blogs_list_idx')
      .on(t.createdAt.desc())
      .where(sql`${t.deletedAt} is null`),
  ],
);
