import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { canUseNotesOf, isNoteEditable, NOTE_RECORD_TYPE_LABELS, type MentionableAdmin, type Note } from '@ute/contract';
import { Button, Spinner } from '../../components/ui';
import { formatDateTime } from '../../lib/format';
import { useSession } from '../../lib/session';
import { MentionTextarea } from './MentionTextarea';
import { editTimeLeftText } from './noteView';
import { useCreateNote, useMentionableAdmins, useRecordNotes, useRetractNote, useUpdateNote, type NoteRecord } from './notesApi';

const NO_ROLES: readonly string[] = [];

/** How often the edit windows' countdown refreshes. */
const TICK_MS = 15_000;

/** A clock that ticks while `isTicking` (an own note is still editable). */
function useNow(isTicking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!isTicking) return;
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [isTicking]);
  return now;
}

type Editing = { kind: 'edit' | 'retract'; noteId: string; text: string } | null;

/**
 * A record's internal notes (docs/design.md §11): newest first, a form to add one with @-mentions,
 * Edit for the author's own note within ten minutes (with the time left), Retract (a new note saying
 * why; the retracted one is marked). Shows nothing to an admin who may not open the record's list.
 * Notes are for admins only: nothing here reaches a customer or an owner.
 */
export function RecordNotes({ recordType, recordId }: NoteRecord) {
  // Outside the selector: a new [] per read would be a new snapshot each time (an endless re-render).
  const roles = useSession((session) => session.user?.roles) ?? NO_ROLES;
  if (!canUseNotesOf(roles, recordType)) return null;
  return <RecordNotesPanel recordType={recordType} recordId={recordId} />;
}

function RecordNotesPanel({ recordType, recordId }: NoteRecord) {
  const record = useMemo(() => ({ recordType, recordId }), [recordType, recordId]);
  const adminId = useSession((session) => session.user?._id ?? null);
  const notes = useRecordNotes(record);
  const mentionable = useMentionableAdmins(true);
  const admins = useMemo<MentionableAdmin[]>(
    () => (mentionable.data ?? []).filter((admin) => canUseNotesOf(admin.roles, recordType)),
    [mentionable.data, recordType],
  );
  const [draft, setDraft] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const create = useCreateNote(record, { onSuccess: () => setDraft('') });
  const update = useUpdateNote(record, { onSuccess: () => setEditing(null) });
  const retract = useRetractNote(record, { onSuccess: () => setEditing(null) });
  const hasEditable = (notes.data ?? []).some((note) => note.author.id === adminId && note.retractsNoteId === null && note.retractedBy === null);
  const now = useNow(hasEditable);
  const byId = useMemo(() => new Map((notes.data ?? []).map((note) => [note.id, note])), [notes.data]);

  const handleAdd = (event: FormEvent) => {
    event.preventDefault();
    if (draft.trim()) create.mutate(draft);
  };
  const handleSaveEditing = (event: FormEvent) => {
    event.preventDefault();
    if (!editing || !editing.text.trim()) return;
    (editing.kind === 'edit' ? update : retract).mutate({ id: editing.noteId, body: editing.text });
  };

  return (
    <section aria-label="Internal notes" className="mt-4 flex flex-col gap-3 border-t border-slate-200 pt-4">
      <div>
        <h3 className="text-sm font-semibold text-slate-900">Internal notes</h3>
        <p className="text-xs text-slate-500">
          Seen by admins who may open this {NOTE_RECORD_TYPE_LABELS[recordType]} only, never by customers or owners. Type @ to mention an admin.
        </p>
      </div>
      <form onSubmit={handleAdd} className="flex flex-col gap-2">
        <MentionTextarea label="Add a note" value={draft} onChange={setDraft} admins={admins} disabled={create.isPending} />
        <div>
          <Button type="submit" size="sm" disabled={!draft.trim() || create.isPending}>
            {create.isPending ? 'Saving…' : 'Save note'}
          </Button>
        </div>
      </form>
      {notes.isPending ? (
        <Spinner />
      ) : notes.isError ? (
        <p role="alert" className="text-sm text-red-700">
          The notes could not be loaded.
        </p>
      ) : notes.data.length === 0 ? (
        <p className="text-sm text-slate-500">No notes yet.</p>
      ) : (
        <ol aria-label="Notes, newest first" className="flex flex-col gap-2">
          {notes.data.map((note) => (
            <NoteItem
              key={note.id}
              note={note}
              retracted={note.retractsNoteId ? (byId.get(note.retractsNoteId) ?? null) : null}
              canEdit={isNoteEditable(note, adminId, now)}
              now={now}
              editing={editing?.noteId === note.id ? editing : null}
              isSaving={update.isRowPending(note.id) || retract.isRowPending(note.id)}
              admins={admins}
              onStart={(kind) => setEditing({ kind, noteId: note.id, text: kind === 'edit' ? note.body : '' })}
              onChangeText={(text) => setEditing((current) => (current ? { ...current, text } : current))}
              onCancel={() => setEditing(null)}
              onSave={handleSaveEditing}
            />
          ))}
        </ol>
      )}
    </section>
  );
}

interface NoteItemProps {
  note: Note;
  retracted: Note | null;
  canEdit: boolean;
  now: number;
  editing: Editing;
  isSaving: boolean;
  admins: readonly MentionableAdmin[];
  onStart: (kind: 'edit' | 'retract') => void;
  onChangeText: (text: string) => void;
  onCancel: () => void;
  onSave: (event: FormEvent) => void;
}

function NoteItem({ note, retracted, canEdit, now, editing, isSaving, admins, onStart, onChangeText, onCancel, onSave }: NoteItemProps) {
  const isRetracted = note.retractedBy !== null;
  const canRetract = note.retractsNoteId === null && !isRetracted;
  return (
    <li
      aria-label={`Note by ${note.author.name}`}
      className={`rounded-md border p-3 text-sm ${isRetracted ? 'border-slate-200 bg-slate-50' : 'border-slate-200 bg-white'}`}
    >
      <div className="flex flex-wrap items-baseline gap-x-2 text-xs text-slate-500">
        <span className="font-medium text-slate-800">{note.author.name}</span>
        <time dateTime={note.createdAt}>{formatDateTime(note.createdAt)}</time>
        {note.editedAt && <span>(edited)</span>}
        {isRetracted && (
          <span className="rounded bg-red-100 px-1.5 py-0.5 font-medium text-red-800">
            Retracted by {note.retractedBy!.author.name}, {formatDateTime(note.retractedBy!.createdAt)}
          </span>
        )}
        {note.retractsNoteId && <span className="rounded bg-amber-100 px-1.5 py-0.5 font-medium text-amber-800">Retraction</span>}
      </div>
      {note.retractsNoteId && (
        <p className="mt-1 text-xs text-slate-500">
          Retracts the note by {retracted?.author.name ?? 'an admin'}
          {retracted ? ` of ${formatDateTime(retracted.createdAt)}` : ''}
        </p>
      )}
      {editing ? (
        <form onSubmit={onSave} className="mt-2 flex flex-col gap-2">
          <MentionTextarea
            label={editing.kind === 'edit' ? 'Edit the note' : 'Why is it retracted?'}
            value={editing.text}
            onChange={onChangeText}
            admins={admins}
            disabled={isSaving}
            rows={2}
          />
          <div className="flex gap-2">
            <Button type="submit" size="sm" variant={editing.kind === 'edit' ? 'primary' : 'danger'} disabled={!editing.text.trim() || isSaving}>
              {editing.kind === 'edit' ? 'Save changes' : 'Retract note'}
            </Button>
            <Button size="sm" variant="secondary" onClick={onCancel} disabled={isSaving}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <>
          <p className={`mt-1 whitespace-pre-wrap break-words ${isRetracted ? 'text-slate-500 line-through' : 'text-slate-900'}`}>{note.body}</p>
          {(canEdit || canRetract) && (
            <div className="mt-2 flex flex-wrap items-center gap-2">
              {canEdit && (
                <Button size="sm" variant="secondary" onClick={() => onStart('edit')}>
                  Edit <span className="font-normal text-slate-500">({editTimeLeftText(note.editableUntil, now)})</span>
                </Button>
              )}
              {canRetract && (
                <Button size="sm" variant="ghost" onClick={() => onStart('retract')}>
                  Retract
                </Button>
              )}
            </div>
          )}
        </>
      )}
    </li>
  );
}
