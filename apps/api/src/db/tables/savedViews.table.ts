import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { SavedViewList } from '@ute/contract';
import { admins } from './auth.table';

/**
 * Saved views on the lists (docs/design.md §12; migration 0027): a list's URL query
 * under a name, private to its creator or shared with the team. At most SAVED_VIEWS_PER_LIST per
 * creator and list (the service counts under a lock of the creator's admin row).
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    list: text('list').$type<SavedViewList>().notNull(),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => admins.id),
    name: text('name').notNull(),
    /** The list's URL search string (`?tab=pending&search=evie`), without its page; empty for the list's defaults. */
    query: text('query').notNull(),
    isShared: boolean('is_shared').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('saved_views_list_check', sql`${t.list} in ('utes', 'jobs', 'users', 'uteBookings', 'jobBookings', 'payments', 'queries', 'quotes')`),
    check('saved_views_name_length', sql`char_length(btrim(${t.name})) between 1 and 60`),
    check('saved_views_query_shape', sql`char_length(${t.query}) <= 1000 and (${t.query} = '' or left(${t.query}, 1) = '?')`),
    // One name per creator and list, whatever its case.
    uniqueIndex('saved_views_creator_list_name_idx').on(t.creatorId, t.list, sql`lower(${t.name})`),
    index('saved_views_list_shared_idx').on(t.list, t.isShared),
  ],
);
