import { createHash } from 'node:crypto';
import {
  accessTexts,
  canUseNotesOf,
  mentionedNamesOf,
  NOTE_EDIT_WINDOW_MS,
  NOTE_RECORD_TYPES,
  NOTES_CSV_COLUMNS,
  noteTexts,
  type AuditTargetType,
  type MentionableAdminsResponse,
  type Note,
  type NoteListResponse,
  type NoteRecordParams,
  type NoteRecordType,
  type NoteResponse,
  type NotesExportQuery,
} from '@ute/contract';
import type { Db, DbOrTx } from '../../db/database';
import { EXPORT_BATCH } from '../../db/keyset';
import { csvChunks, type CsvColumn } from '../../lib/csv';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { writeAudit, type Actor } from '../../platform/audit/auditLog';
import { notifyMentions } from '../notifications/notifications.service';
import {
  adminNamesOf,
  findNote,
  findRetractionOf,
  insertNote,
  listActiveAdmins,
  listRecordNotes,
  lockNote,
  readNoteBatches,
  recordExists,
  updateNoteBody,
  type NoteRow,
} from './notes.repository';

/** The signed-in admin making a notes call: who they are decides which records' notes they may use. */
export interface NoteAdminActor extends Actor {
  adminId: string;
  roles: readonly string[];
}

/**
 * The audit log's target type of each record type: a note's entries sit with the record's own, so
 * finance reads those about money records (whose notes they may read) and owners read all.
 */
const AUDIT_TARGET_OF: Record<NoteRecordType, AuditTargetType> = {
  user: 'user',
  ute: 'ute',
  job: 'job',
  uteBooking: 'ute_booking',
  jobBooking: 'job_booking',
  payment: 'payment',
  query: 'customer_query',
  quote: 'shipment',
  admin: 'admin',
};

const UNKNOWN_ADMIN = 'Unknown admin';

function assertMayUse(roles: readonly string[], recordType: NoteRecordType): void {
  if (!canUseNotesOf(roles, recordType)) throw forbidden(accessTexts.forbidden, 'ROLE');
}

/**
 * What an audit entry keeps of a note: never its body (the audit log is read by roles that may not
 * read every record's notes), but its length and SHA-256, so the chain still proves what was written.
 */
function auditOf(row: NoteRow) {
  return {
    noteId: row.id,
    recordType: row.recordType,
    recordId: row.recordId,
    mentions: row.mentions,
    retractsNoteId: row.retractsNoteId,
    bodyLength: row.body.length,
    bodySha256: createHash('sha256').update(row.body).digest('hex'),
  };
}

function toNoteDto(row: NoteRow, names: Map<string, string>, retraction: NoteRow | null): Note {
  const adminOf = (id: string) => ({ id, name: names.get(id) ?? UNKNOWN_ADMIN });
  return {
    id: row.id,
    recordType: row.recordType,
    recordId: row.recordId,
    author: adminOf(row.authorId),
    body: row.body,
    mentions: row.mentions.map(adminOf),
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    editableUntil: new Date(row.createdAt.getTime() + NOTE_EDIT_WINDOW_MS).toISOString(),
    retractsNoteId: row.retractsNoteId,
    retractedBy: retraction ? { id: retraction.id, author: adminOf(retraction.authorId), createdAt: retraction.createdAt.toISOString() } : null,
  };
}

/** A note's mentions to notify (docs/design.md §13): the notification opens the note's record. */
const mentionEventOf = (row: NoteRow, mentionIds: readonly string[]) => ({
  noteId: row.id,
  authorId: row.authorId,
  recordType: row.recordType,
  recordId: row.recordId,
  mentionIds,
});

const idsOf = (rows: readonly NoteRow[]) => rows.flatMap((row) => [row.authorId, ...row.mentions]);

export interface NotesServiceDeps {
  db: Db;
  /** The clock of the edit window (tests move it). */
  now?: () => number;
}

export function createNotesService({ db, now = Date.now }: NotesServiceDeps) {
  /**
   * The admins a body mentions (`@[Name]`): each must be one active admin who may open the record,
   * else 400 with the reason, so a note never points someone at a record they cannot see.
   */
  async function resolveMentions(tx: DbOrTx, body: string, recordType: NoteRecordType): Promise<string[]> {
    const names = mentionedNamesOf(body);
    if (names.length === 0) return [];
    const active = await listActiveAdmins(tx);
    return names.map((name) => {
      const matches = active.filter((admin) => admin.name.trim().toLowerCase() === name.toLowerCase());
      const refuse = (message: string) => badRequest(message, [{ path: 'body', message }]);
      if (matches.length === 0) throw refuse(noteTexts.unknownMention(name));
      if (matches.length > 1) throw refuse(noteTexts.ambiguousMention(name));
      if (!canUseNotesOf(matches[0].roles, recordType)) throw refuse(noteTexts.mentionCannotRead(matches[0].name, recordType));
      return matches[0].id;
    });
  }

  async function dtoOf(tx: DbOrTx, row: NoteRow, retraction: NoteRow | null = null): Promise<Note> {
    return toNoteDto(row, await adminNamesOf(tx, idsOf(retraction ? [row, retraction] : [row])), retraction);
  }

  /** A note by id that the admin may use (404 before 403: a note id says nothing of its record). */
  async function usableNote(tx: DbOrTx, id: string, roles: readonly string[], lock = false): Promise<NoteRow> {
    const note = lock ? await lockNote(tx, id) : await findNote(tx, id);
    if (!note) throw notFound('Note');
    assertMayUse(roles, note.recordType);
    return note;
  }

  async function assertRecord(tx: DbOrTx, { recordType, recordId }: NoteRecordParams, roles: readonly string[]): Promise<void> {
    assertMayUse(roles, recordType);
    if (!(await recordExists(tx, recordType, recordId))) throw notFound(noteTexts.recordNotFound(recordType));
  }

  /** GET notes/:recordType/:recordId: newest first, each retracted one with its retraction. */
  async function listNotes(params: NoteRecordParams, roles: readonly string[]): Promise<NoteListResponse> {
    await assertRecord(db, params, roles);
    const rows = await listRecordNotes(db, params.recordType, params.recordId);
    const names = await adminNamesOf(db, idsOf(rows));
    const retractions = new Map(rows.filter((row) => row.retractsNoteId).map((row) => [row.retractsNoteId!, row]));
    return { data: rows.map((row) => toNoteDto(row, names, retractions.get(row.id) ?? null)) };
  }

  /** POST notes/:recordType/:recordId. */
  async function createNote(params: NoteRecordParams, body: string, actor: NoteAdminActor): Promise<NoteResponse> {
    return db.transaction(async (tx) => {
      await assertRecord(tx, params, actor.roles);
      const mentions = await resolveMentions(tx, body, params.recordType);
      const row = await insertNote(tx, { recordType: params.recordType, recordId: params.recordId, authorId: actor.adminId, body, mentions });
      await writeAudit(tx, actor, { action: 'note.create', targetType: AUDIT_TARGET_OF[row.recordType], targetId: row.recordId, after: auditOf(row) });
      await notifyMentions(tx, mentionEventOf(row, row.mentions));
      return { message: noteTexts.created, data: await dtoOf(tx, row) };
    });
  }

  /** PATCH notes/:id: the author only, within NOTE_EDIT_WINDOW_MS of writing it, not a retraction nor retracted. */
  async function updateNote(id: string, body: string, actor: NoteAdminActor): Promise<NoteResponse> {
    return db.transaction(async (tx) => {
      const note = await usableNote(tx, id, actor.roles, true);
      if (note.authorId !== actor.adminId) throw forbidden(noteTexts.notAuthor, 'ROLE');
      if (note.retractsNoteId) throw conflict(noteTexts.retractionNotEditable);
      if (await findRetractionOf(tx, note.id)) throw conflict(noteTexts.retractedNotEditable);
      if (now() >= note.createdAt.getTime() + NOTE_EDIT_WINDOW_MS) throw conflict(noteTexts.editWindowClosed);
      const mentions = await resolveMentions(tx, body, note.recordType);
      const row = await updateNoteBody(tx, note.id, { body, mentions });
      // Only the newly mentioned: an admin already mentioned was told when they were.
      const newlyMentioned = row.mentions.filter((id) => !note.mentions.includes(id));
      await notifyMentions(tx, mentionEventOf(row, newlyMentioned));
      await writeAudit(tx, actor, {
        action: 'note.edit',
        targetType: AUDIT_TARGET_OF[row.recordType],
        targetId: row.recordId,
        before: auditOf(note),
        after: auditOf(row),
      });
      return { message: noteTexts.updated, data: await dtoOf(tx, row) };
    });
  }

  /** POST notes/:id/retract: a new note of the same record, its body the reason, pointing at the retracted one. */
  async function retractNote(id: string, body: string, actor: NoteAdminActor): Promise<NoteResponse> {
    return db.transaction(async (tx) => {
      const note = await usableNote(tx, id, actor.roles, true);
      if (note.retractsNoteId) throw conflict(noteTexts.retractionNotRetractable);
      if (await findRetractionOf(tx, note.id)) throw conflict(noteTexts.alreadyRetracted);
      const mentions = await resolveMentions(tx, body, note.recordType);
      const row = await insertNote(tx, {
        recordType: note.recordType,
        recordId: note.recordId,
        authorId: actor.adminId,
        body,
        mentions,
        retractsNoteId: note.id,
      });
      await writeAudit(tx, actor, { action: 'note.retract', targetType: AUDIT_TARGET_OF[row.recordType], targetId: row.recordId, after: auditOf(row) });
      await notifyMentions(tx, mentionEventOf(row, row.mentions));
      return { message: noteTexts.retracted, data: await dtoOf(tx, row) };
    });
  }

  /** GET notes/mentionable-admins: every active admin with their roles (the web offers those who may open the record). */
  async function listMentionableAdmins(): Promise<MentionableAdminsResponse> {
    return { data: await listActiveAdmins(db) };
  }

  /** GET audit-log/notes-export: the notes of the record types the reader may use, oldest first, as CSV. */
  function exportCsv(query: NotesExportQuery, roles: readonly string[]): AsyncGenerator<string> {
    const types = NOTE_RECORD_TYPES.filter((type) => canUseNotesOf(roles, type) && (!query.recordType || query.recordType === type));
    return csvChunks(NOTES_CSV, namedBatches(readNoteBatches(db, types, EXPORT_BATCH)));
  }

  async function* namedBatches(batches: AsyncIterable<NoteRow[]>): AsyncGenerator<NamedNote[]> {
    for await (const rows of batches) {
      const names = await adminNamesOf(db, idsOf(rows));
      yield rows.map((row) => ({ row, names }));
    }
  }

  return { listNotes, createNote, updateNote, retractNote, listMentionableAdmins, exportCsv };
}

interface NamedNote {
  row: NoteRow;
  names: Map<string, string>;
}

const NOTES_CSV_VALUES: Record<(typeof NOTES_CSV_COLUMNS)[number], (note: NamedNote) => string | null> = {
  kind: ({ row }) => (row.retractsNoteId ? 'retraction' : 'note'),
  id: ({ row }) => row.id,
  when: ({ row }) => row.createdAt.toISOString(),
  record_type: ({ row }) => row.recordType,
  record_id: ({ row }) => row.recordId,
  author_id: ({ row }) => row.authorId,
  author_name: ({ row, names }) => names.get(row.authorId) ?? UNKNOWN_ADMIN,
  body: ({ row }) => row.body,
  mentions: ({ row, names }) => row.mentions.map((id) => names.get(id) ?? UNKNOWN_ADMIN).join('; '),
  edited_at: ({ row }) => row.editedAt?.toISOString() ?? null,
  retracts_note_id: ({ row }) => row.retractsNoteId,
};
const NOTES_CSV: CsvColumn<NamedNote>[] = NOTES_CSV_COLUMNS.map((header) => ({ header, value: NOTES_CSV_VALUES[header] }));

export type NotesService = ReturnType<typeof createNotesService>;
