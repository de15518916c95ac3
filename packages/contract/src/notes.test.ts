import { describe, expect, it } from 'vitest';
import { canUseNotesOf, NOTE_RECORD_LISTS } from './listRoutes';
import { isNoteEditable, mentionedNamesOf, mentionTokenOf, NOTE_EDIT_WINDOW_MS, NOTE_RECORD_TYPES, noteWriteBodySchema, type Note } from './notes';

describe('mentions', () => {
  it('reads every @[Name] once, in order, whatever text surrounds it; a plain @word is text', () => {
    expect(mentionedNamesOf('Hi @[Ava Lee], cc:@[Bo Chen] and @[ava lee] again; mail me@example.com or @sam')).toEqual(['Ava Lee', 'Bo Chen']);
    expect(mentionedNamesOf('@[]@[  ]@[Line\nbreak]')).toEqual([]);
    expect(mentionedNamesOf(`${mentionTokenOf('Ava Lee')}.`)).toEqual(['Ava Lee']);
  });
});

describe('the note body', () => {
  it('is trimmed and 1 to 4000 characters', () => {
    expect(noteWriteBodySchema.parse({ body: '  ok  ' })).toEqual({ body: 'ok' });
    expect(noteWriteBodySchema.safeParse({ body: '   ' }).success).toBe(false);
    expect(noteWriteBodySchema.safeParse({ body: 'x'.repeat(4001) }).success).toBe(false);
    expect(noteWriteBodySchema.safeParse({ body: 'a\u0000b' }).success).toBe(false);
  });
});

describe('who may use a record type’s notes', () => {
  it('whoever may open its list: support users and queries, finance money, moderators listings, owners all', () => {
    expect(NOTE_RECORD_TYPES.filter((type) => canUseNotesOf(['support'], type))).toEqual(['user', 'query']);
    expect(NOTE_RECORD_TYPES.filter((type) => canUseNotesOf(['finance'], type))).toEqual(['uteBooking', 'jobBooking', 'payment']);
    expect(NOTE_RECORD_TYPES.filter((type) => canUseNotesOf(['moderator'], type))).toEqual(['ute', 'job', 'quote']);
    expect(NOTE_RECORD_TYPES.filter((type) => canUseNotesOf(['owner'], type))).toEqual([...NOTE_RECORD_TYPES]);
    expect(NOTE_RECORD_TYPES.filter((type) => canUseNotesOf(['content'], type))).toEqual([]);
    expect(Object.keys(NOTE_RECORD_LISTS)).toEqual([...NOTE_RECORD_TYPES]);
  });
});

describe('isNoteEditable', () => {
  const createdAt = '2026-01-01T00:00:00.000Z';
  const note: Note = {
    id: 'n1',
    recordType: 'user',
    recordId: 'u1',
    author: { id: 'a1', name: 'Ava' },
    body: 'x',
    mentions: [],
    createdAt,
    editedAt: null,
    editableUntil: new Date(Date.parse(createdAt) + NOTE_EDIT_WINDOW_MS).toISOString(),
    retractsNoteId: null,
    retractedBy: null,
  };
  const at = (ms: number) => Date.parse(createdAt) + ms;

  it('by its author only, for 10 minutes, unless it is a retraction or retracted', () => {
    expect(isNoteEditable(note, 'a1', at(NOTE_EDIT_WINDOW_MS - 1))).toBe(true);
    expect(isNoteEditable(note, 'a1', at(NOTE_EDIT_WINDOW_MS))).toBe(false);
    expect(isNoteEditable(note, 'a2', at(0))).toBe(false);
    expect(isNoteEditable({ ...note, retractsNoteId: 'n0' }, 'a1', at(0))).toBe(false);
    expect(isNoteEditable({ ...note, retractedBy: { id: 'r', author: note.author, createdAt } }, 'a1', at(0))).toBe(false);
  });
});
