import { z } from 'zod';
import { textSchema } from './common';
import { ADMIN_ROLES } from './roles';

/**
 * Internal notes on every record (issue 29 point 3, docs/design.md §11): plain text with `@[Name]`
 * mentions of admins, edited by their author within NOTE_EDIT_WINDOW_MS, never deleted (a retraction
 * is a new note pointing at the retracted one). Who may open a record's list reads and writes its
 * notes (NOTE_RECORD_LISTS in listRoutes.ts); notes never reach a customer or an owner.
 */

/** The records that carry notes; the wire and the database use these names. */
export const NOTE_RECORD_TYPES = ['user', 'ute', 'job', 'uteBooking', 'jobBooking', 'payment', 'query', 'quote', 'admin'] as const;
export type NoteRecordType = (typeof NOTE_RECORD_TYPES)[number];

export const NOTE_RECORD_TYPE_LABELS: Record<NoteRecordType, string> = {
  user: 'user',
  ute: 'ute',
  job: 'job',
  uteBooking: 'ute booking',
  jobBooking: 'job booking',
  payment: 'payment',
  query: 'query',
  quote: 'quote',
  admin: 'admin',
};

/** How long after writing a note its author may still edit it. */
export const NOTE_EDIT_WINDOW_MS = 10 * 60_000;
export const NOTE_MAX_LENGTH = 4000;

/**
 * A mention as the autocomplete inserts it: `@[` the admin's name `]`. Brackets make names with
 * spaces unambiguous and survive any text around them; names cannot contain brackets or a newline.
 */
export const MENTION_PATTERN = /@\[([^[\]\n]{1,100})\]/g;

/** The names a body mentions, each once, in the order written (trimmed, as typed). */
export function mentionedNamesOf(body: string): string[] {
  const names = [...body.matchAll(MENTION_PATTERN)].map((match) => match[1].trim()).filter((name) => name.length > 0);
  return names.filter((name, index) => names.findIndex((other) => other.toLowerCase() === name.toLowerCase()) === index);
}

/** The token the autocomplete inserts for an admin. */
export const mentionTokenOf = (name: string): string => `@[${name}]`;

export const noteTexts = {
  bodyRequired: 'Write the note (at least one character)',
  bodyTooLong: `A note must be at most ${NOTE_MAX_LENGTH} characters`,
  recordTypeInvalid: `recordType must be one of ${NOTE_RECORD_TYPES.join(', ')}`,
  recordIdInvalid: 'recordId must be a valid id',
  created: 'Note added',
  updated: 'Note updated',
  retracted: 'Note retracted',
  notAuthor: 'Only the author of a note may edit it',
  editWindowClosed: 'This note can no longer be edited: notes can be edited for 10 minutes after they are written. Add a new note or retract it instead.',
  retractionNotEditable: 'A retraction cannot be edited',
  alreadyRetracted: 'This note is already retracted',
  retractionNotRetractable: 'A retraction cannot itself be retracted',
  retractedNotEditable: 'A retracted note cannot be edited',
  recordNotFound: (recordType: NoteRecordType) => NOTE_RECORD_TYPE_LABELS[recordType].replace(/^./, (first) => first.toUpperCase()),
  unknownMention: (name: string) => `No active admin is named "${name}": pick the admin from the list after typing @`,
  ambiguousMention: (name: string) => `Several active admins are named "${name}": ask the owner to tell them apart`,
  mentionCannotRead: (name: string, recordType: NoteRecordType) =>
    `${name} cannot open this ${NOTE_RECORD_TYPE_LABELS[recordType]}, so they cannot be mentioned in its notes`,
} as const;

export const noteBodySchema = textSchema('body', { error: noteTexts.bodyRequired })
  .trim()
  .min(1, noteTexts.bodyRequired)
  .max(NOTE_MAX_LENGTH, noteTexts.bodyTooLong);

/** GET/POST notes/:recordType/:recordId. */
export const noteRecordParamsSchema = z.strictObject({
  recordType: z.enum(NOTE_RECORD_TYPES, { error: noteTexts.recordTypeInvalid }),
  recordId: z.uuid({ error: noteTexts.recordIdInvalid }),
});
export type NoteRecordParams = z.infer<typeof noteRecordParamsSchema>;

/** POST a note, PATCH its body, POST a retraction (its body says why). */
export const noteWriteBodySchema = z.strictObject({ body: noteBodySchema });
export type NoteWriteBody = z.infer<typeof noteWriteBodySchema>;

export const noteAdminSchema = z.object({ id: z.string(), name: z.string() });
export type NoteAdmin = z.infer<typeof noteAdminSchema>;

export const noteSchema = z.object({
  id: z.string(),
  recordType: z.enum(NOTE_RECORD_TYPES),
  recordId: z.string(),
  author: noteAdminSchema,
  body: z.string(),
  mentions: z.array(noteAdminSchema),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  /** createdAt + NOTE_EDIT_WINDOW_MS: until then its author may edit it (unless it is a retraction or retracted). */
  editableUntil: z.string(),
  /** A retraction: the note it retracts. */
  retractsNoteId: z.string().nullable(),
  /** The retraction of this note, when it was retracted. */
  retractedBy: z.object({ id: z.string(), author: noteAdminSchema, createdAt: z.string() }).nullable(),
});
export type Note = z.infer<typeof noteSchema>;

export const noteListResponseSchema = z.object({ data: z.array(noteSchema) });
export type NoteListResponse = z.infer<typeof noteListResponseSchema>;

export const noteResponseSchema = z.object({ message: z.string(), data: noteSchema });
export type NoteResponse = z.infer<typeof noteResponseSchema>;

/** GET notes/mentionable-admins: the active admins, for the autocomplete (it offers those who may read the record). */
export const mentionableAdminSchema = z.object({ id: z.string(), name: z.string(), roles: z.array(z.enum(ADMIN_ROLES)) });
export type MentionableAdmin = z.infer<typeof mentionableAdminSchema>;
export const mentionableAdminsResponseSchema = z.object({ data: z.array(mentionableAdminSchema) });
export type MentionableAdminsResponse = z.infer<typeof mentionableAdminsResponseSchema>;

/** GET audit-log/notes-export: every note the reader may read (the record types whose lists they open), oldest first. */
export const notesExportQuerySchema = z.strictObject({
  recordType: z.preprocess((value) => (value === '' ? undefined : value), z.enum(NOTE_RECORD_TYPES, { error: noteTexts.recordTypeInvalid }).optional()),
});
export type NotesExportQuery = z.infer<typeof notesExportQuerySchema>;

/** The notes CSV's columns, in order: a retraction is a row of kind `retraction` pointing at the note it retracts. */
export const NOTES_CSV_COLUMNS = [
  'kind',
  'id',
  'when',
  'record_type',
  'record_id',
  'author_id',
  'author_name',
  'body',
  'mentions',
  'edited_at',
  'retracts_note_id',
] as const;

/** Whether an admin may still edit a note at `now` (author, within the window, not a retraction, not retracted). */
export function isNoteEditable(note: Note, adminId: string | null | undefined, now: number): boolean {
  return note.author.id === adminId && note.retractsNoteId === null && note.retractedBy === null && now < Date.parse(note.editableUntil);
}
