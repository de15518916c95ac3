import { sql } from 'drizzle-orm';
import { check, foreignKey, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { NoteRecordType } from '@ute/contract';
import { admins } from './auth.table';

/**
 * Internal notes on any record (issue 29 point 3, docs/design.md §11; migration 0025). Never deleted:
 * the migration's trigger refuses DELETE, TRUNCATE and any UPDATE but of body, mentions and edited_at
 * (the author's edit within NOTE_EDIT_WINDOW_MS), so a retraction is a new note pointing at the old one.
 */
export const recordNotes = pgTable(
  'record_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recordType: text('record_type').$type<NoteRecordType>().notNull(),
    /** The record's id (a uuid for every type today; text so a future type with another key fits). No foreign key: the record's table depends on its type. */
    recordId: text('record_id').notNull(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => admins.id),
    body: text('body').notNull(),
    /** The admins the body mentions (resolved from its `@[Name]` tokens when it was written or edited). */
    mentions: uuid('mentions')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** A retraction: the note of the same record it retracts. */
    retractsNoteId: uuid('retracts_note_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
  },
  (t) => [
    foreignKey({ columns: [t.retractsNoteId], foreignColumns: [t.id], name: 'record_notes_retracts_note_id_fk' }),
    check('record_notes_record_type_check', sql`${t.recordType} in ('user', 'ute', 'job', 'uteBooking', 'jobBooking', 'payment', 'query', 'quote', 'admin')`),
    check('record_notes_body_length', sql`char_length(btrim(${t.body})) between 1 and 4000`),
    index('record_notes_record_idx').on(t.recordType, t.recordId, t.createdAt.desc()),
    // A note is retracted once (a second retraction is a 409).
    uniqueIndex('record_notes_retracts_idx').on(t.retractsNoteId),
  ],
);
