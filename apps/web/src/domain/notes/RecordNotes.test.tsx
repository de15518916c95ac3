import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { NOTE_EDIT_WINDOW_MS, type AdminRole, type MentionableAdmin, type Note } from '@ute/contract';
import { sessionActions } from '../../lib/session';
import { installFakeJsonApi, matchRoute, type FakeHandler } from '../../test/fakeJsonApi';
import { renderWithProviders } from '../../test/renderWithProviders';
import { RecordNotes } from './RecordNotes';

const ME = { id: 'a-me', name: 'Sam Support' };
const OTHER = { id: 'a-other', name: 'Olive Owner' };
const ADMINS: MentionableAdmin[] = [
  { id: ME.id, name: ME.name, roles: ['support'] },
  { id: OTHER.id, name: OTHER.name, roles: ['owner'] },
  { id: 'a-fin', name: 'Fiona Finance', roles: ['finance'] },
  { id: 'a-sue', name: 'Sue Second', roles: ['support'] },
];

function noteOf(overrides: Partial<Note> & { id: string; body: string; createdAt: string }): Note {
  return {
    recordType: 'user',
    recordId: 'u1',
    author: ME,
    mentions: [],
    editedAt: null,
    editableUntil: new Date(Date.parse(overrides.createdAt) + NOTE_EDIT_WINDOW_MS).toISOString(),
    retractsNoteId: null,
    retractedBy: null,
    ...overrides,
  };
}

let notes: Note[] = [];
const sent: { route: string; params: Record<string, string>; body: unknown }[] = [];
const handler: FakeHandler = (url, init) => {
  const matched = matchRoute(init.method ?? 'GET', url);
  const body = init.body ? (JSON.parse(String(init.body)) as { body: string }) : null;
  if (matched?.name !== 'recordNotes' && matched?.name !== 'mentionableAdmins') sent.push({ route: matched?.name ?? '?', params: matched?.params ?? {}, body });
  const name: string = matched?.name ?? '';
  const id = matched?.params.id ?? '';
  switch (name) {
    case 'recordNotes':
      return { body: { data: notes } };
    case 'mentionableAdmins':
      return { body: { data: ADMINS } };
    case 'createNote': {
      const note = noteOf({ id: `n${notes.length + 1}`, body: body!.body.trim(), createdAt: new Date().toISOString() });
      notes = [note, ...notes];
      return { body: { message: 'Note added', data: note } };
    }
    case 'updateNote': {
      notes = notes.map((note) => (note.id === id ? { ...note, body: body!.body, editedAt: new Date().toISOString() } : note));
      return { body: { message: 'Note updated', data: notes.find((note) => note.id === id) } };
    }
    case 'retractNote': {
      const retraction = noteOf({ id: 'r1', body: body!.body, createdAt: new Date().toISOString(), retractsNoteId: id });
      notes = [
        retraction,
        ...notes.map((note) => (note.id === id ? { ...note, retractedBy: { id: 'r1', author: ME, createdAt: retraction.createdAt } } : note)),
      ];
      return { body: { message: 'Note retracted', data: retraction } };
    }
    default:
      return { status: 404, body: { message: 'unexpected' } };
  }
};
installFakeJsonApi((url, init) => handler(url, init));

function signInAs(roles: AdminRole[]) {
  sessionActions.updateUser({
    _id: ME.id,
    email: 'me@example.com',
    name: ME.name,
    roles,
    userRole: roles[0],
    twoFactorEnabled: true,
    mustEnrolTwoFactor: false,
  });
}

afterEach(() => {
  notes = [];
  sent.length = 0;
});

describe('RecordNotes', () => {
  it('lists the notes newest first, with the author, the retraction marking and no Edit on old or others’ notes', async () => {
    signInAs(['support']);
    const old = new Date(Date.now() - 60 * 60_000).toISOString();
    notes = [
      noteOf({ id: 'n3', body: 'Retracting: wrong customer', createdAt: old, author: OTHER, retractsNoteId: 'n1' }),
      noteOf({ id: 'n2', body: 'Called back, all good', createdAt: old, author: OTHER }),
      noteOf({ id: 'n1', body: 'Said the ute never came', createdAt: old, retractedBy: { id: 'n3', author: OTHER, createdAt: old } }),
    ];
    renderWithProviders(<RecordNotes recordType="user" recordId="u1" />);
    const list = await screen.findByRole('list', { name: 'Notes, newest first' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p.whitespace-pre-wrap')?.textContent)).toEqual([
      'Retracting: wrong customer',
      'Called back, all good',
      'Said the ute never came',
    ]);
    expect(items[0]).toHaveTextContent('Retraction');
    expect(items[0]).toHaveTextContent('Retracts the note by Sam Support');
    expect(items[2]).toHaveTextContent('Retracted by Olive Owner');
    expect(within(items[2]).queryByRole('button', { name: 'Retract' })).toBeNull();
    expect(within(list).queryByRole('button', { name: /^Edit/ })).toBeNull();
    expect(within(items[1]).getByRole('button', { name: 'Retract' })).toBeInTheDocument();
  });

  it('shows nothing to an admin who may not open the record’s list', () => {
    signInAs(['moderator']);
    renderWithProviders(<RecordNotes recordType="user" recordId="u1" />);
    expect(screen.queryByRole('region', { name: 'Internal notes' })).toBeNull();
  });

  it('adds a note, mentioning an admin picked from the autocomplete by keyboard (only admins who may open the record are offered)', async () => {
    signInAs(['support']);
    renderWithProviders(<RecordNotes recordType="user" recordId="u1" />);
    const box = await screen.findByRole('textbox', { name: 'Add a note' });
    await screen.findByText('No notes yet.');
    await userEvent.type(box, 'Please check @s');
    const listbox = await screen.findByRole('listbox', { name: 'Admins to mention' });
    // Fiona (finance) cannot open users: not offered.
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.firstChild?.textContent),
    ).toEqual(['Sam Support', 'Sue Second']);
    expect(listbox).toBeVisible();
    await userEvent.keyboard('{ArrowDown}');
    expect(within(listbox).getByRole('option', { selected: true })).toHaveTextContent('Sue Second');
    expect(box.getAttribute('aria-activedescendant')).toBe(within(listbox).getByRole('option', { selected: true }).id);
    await userEvent.keyboard('{Enter}');
    expect(box).toHaveValue('Please check @[Sue Second] ');
    expect(screen.queryByRole('listbox')).toBeNull();
    await userEvent.type(box, 'today');
    await userEvent.click(screen.getByRole('button', { name: 'Save note' }));

    await waitFor(() =>
      expect(sent).toEqual([{ route: 'createNote', params: { recordType: 'user', recordId: 'u1' }, body: { body: 'Please check @[Sue Second] today' } }]),
    );
    expect(await screen.findByText('Please check @[Sue Second] today')).toBeInTheDocument();
    expect(box).toHaveValue('');
  });

  it('closes the autocomplete with Escape and saves nothing empty', async () => {
    signInAs(['support']);
    renderWithProviders(<RecordNotes recordType="user" recordId="u1" />);
    const box = await screen.findByRole('textbox', { name: 'Add a note' });
    expect(screen.getByRole('button', { name: 'Save note' })).toBeDisabled();
    await userEvent.type(box, '@ol');
    expect(await screen.findByRole('option', { name: /Olive Owner/ })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box).toHaveValue('@ol');
  });

  it('edits an own note within its 10 minutes, showing the time left', async () => {
    signInAs(['support']);
    notes = [noteOf({ id: 'n1', body: 'Fresh note', createdAt: new Date(Date.now() - 3 * 60_000 - 5_000).toISOString() })];
    renderWithProviders(<RecordNotes recordType="user" recordId="u1" />);
    const edit = await screen.findByRole('button', { name: 'Edit (6 min left)' });
    await userEvent.click(edit);
    const box = screen.getByRole('textbox', { name: 'Edit the note' });
    expect(box).toHaveValue('Fresh note');
    await userEvent.clear(box);
    await userEvent.type(box, 'Fresh note, corrected');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent).toEqual([{ route: 'updateNote', params: { id: 'n1' }, body: { body: 'Fresh note, corrected' } }]));
    expect(await screen.findByText('Fresh note, corrected')).toBeInTheDocument();
    expect(screen.getByText('(edited)')).toBeInTheDocument();
  });

  it('retracts a note with a reason; the note then shows as retracted', async () => {
    signInAs(['support']);
    notes = [noteOf({ id: 'n1', body: 'Wrong note', createdAt: new Date(Date.now() - 60 * 60_000).toISOString(), author: OTHER })];
    renderWithProviders(<RecordNotes recordType="user" recordId="u1" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Retract' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Why is it retracted?' }), 'It was about another user');
    await userEvent.click(screen.getByRole('button', { name: 'Retract note' }));
    await waitFor(() => expect(sent).toEqual([{ route: 'retractNote', params: { id: 'n1' }, body: { body: 'It was about another user' } }]));
    expect(await screen.findByText(/Retracted by Sam Support/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retract' })).toBeNull();
  });
});
