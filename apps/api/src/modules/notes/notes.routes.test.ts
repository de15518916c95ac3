import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTexts, NOTE_EDIT_WINDOW_MS, NOTE_RECORD_TYPES, noteTexts, type Note, type NoteRecordType } from '@ute/contract';
import { admins } from '../../db/tables/auth.table';
import { auditLog } from '../../db/tables/audit.table';
import { recordNotes } from '../../db/tables/notes.table';
import { parseCsv } from '../../test/csv';
import { createCustomerQuery, createJob, createJobBooking, createPayment, createShipment, createUser, createUte, createUteBooking } from '../../test/factories';
import { createTestApp, engine, signInAs, TEST_ADMIN, type TestApp } from '../../test/testApp';

/** The notes api (docs/design.md §11) on both engines: every call's success and its 400/401/403/404/409. */
describe(`notes api (${engine})`, () => {
  let t: TestApp;
  const records = {} as Record<NoteRecordType, string>;
  let ownerId: string;
  let finance: { id: string; token: string };
  let support: { id: string; token: string };
  let moderator: { id: string; token: string };
  let otherOwner: { id: string; token: string };

  const db = () => t.database.db;
  const setName = (id: string, name: string) => db().update(admins).set({ name }).where(eq(admins.id, id));

  beforeAll(async () => {
    t = await createTestApp();
    const [owner] = await db().select({ id: admins.id }).from(admins).where(eq(admins.email, TEST_ADMIN.email));
    ownerId = owner.id;
    await setName(ownerId, 'Olive Owner');
    finance = await signInAs(t, ['finance']);
    support = await signInAs(t, ['support']);
    moderator = await signInAs(t, ['moderator']);
    otherOwner = await signInAs(t, ['owner']);
    await setName(finance.id, 'Fiona Finance');
    await setName(support.id, 'Sam Support');
    await setName(moderator.id, 'Mo Moderator');
    await setName(otherOwner.id, 'Oscar Owner');

    const user = await createUser(db(), { firstName: 'Nora' });
    records.user = user.id;
    records.ute = (await createUte(db())).id;
    records.job = (await createJob(db())).id;
    records.uteBooking = (await createUteBooking(db(), { ownerId: user.id })).id;
    records.jobBooking = (await createJobBooking(db(), { ownerId: user.id })).id;
    records.payment = (await createPayment(db())).id;
    records.query = (await createCustomerQuery(db())).id;
    records.quote = (await createShipment(db())).id;
    records.admin = support.id;
  });
  afterAll(() => t.close());

  const notesUrl = (type: NoteRecordType, id = records[type]) => `/notes/${type}/${id}`;
  const addNote = (type: NoteRecordType, body: string, token?: string) =>
    t.request({ method: 'POST', url: `${notesUrl(type)}/add`, payload: { body }, ...(token ? { token } : {}) });
  const listNotes = async (type: NoteRecordType, token?: string) => {
    const response = await t.request({ method: 'GET', url: notesUrl(type), ...(token ? { token } : {}) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: Note[] }>().data;
  };
  const expectForbidden = (response: { statusCode: number; json: () => unknown }) => {
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: accessTexts.forbidden, reason: 'ROLE' });
  };

  describe('GET /api/admin/notes/mentionable-admins', () => {
    it('answers every active admin with their roles, to any signed-in admin', async () => {
      await db().update(admins).set({ isActive: false }).where(eq(admins.id, moderator.id));
      try {
        const response = await t.request({ method: 'GET', url: '/notes/mentionable-admins', token: finance.token });
        expect(response.statusCode).toBe(200);
        const data = response.json<{ data: { id: string; name: string; roles: string[] }[] }>().data;
        expect(data).toContainEqual({ id: support.id, name: 'Sam Support', roles: ['support'] });
        expect(data).toContainEqual({ id: ownerId, name: 'Olive Owner', roles: ['owner'] });
        expect(data.map((admin) => admin.id)).not.toContain(moderator.id);
      } finally {
        await db().update(admins).set({ isActive: true }).where(eq(admins.id, moderator.id));
      }
    });
  });

  describe('POST and GET /api/admin/notes/:recordType/:recordId', () => {
    it.each(NOTE_RECORD_TYPES)('adds a note to a %s and lists it newest first with its author and edit window', async (type) => {
      const first = await addNote(type, `  First note on the ${type}  `);
      expect(first.statusCode, first.body).toBe(200);
      const created = first.json<{ message: string; data: Note }>();
      expect(created.message).toBe(noteTexts.created);
      expect(created.data).toMatchObject({
        recordType: type,
        recordId: records[type],
        body: `First note on the ${type}`,
        author: { id: ownerId, name: 'Olive Owner' },
      });
      expect(Date.parse(created.data.editableUntil) - Date.parse(created.data.createdAt)).toBe(NOTE_EDIT_WINDOW_MS);
      expect((await addNote(type, `Second note on the ${type}`)).statusCode).toBe(200);

      const notes = await listNotes(type);
      expect(notes.map((note) => note.body).slice(0, 2)).toEqual([`Second note on the ${type}`, `First note on the ${type}`]);
      expect(notes[0]).toMatchObject({ editedAt: null, retractsNoteId: null, retractedBy: null, mentions: [] });
    });

    it('resolves @[Name] mentions of admins who may open the record, case-insensitively', async () => {
      const response = await addNote('user', 'Called her back. @[sam support] please follow up; cc @[Oscar Owner] and @[Sam Support] again');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<{ data: Note }>().data.mentions).toEqual([
        { id: support.id, name: 'Sam Support' },
        { id: otherOwner.id, name: 'Oscar Owner' },
      ]);
      expect((await listNotes('user', support.token))[0].mentions.map((admin) => admin.name)).toEqual(['Sam Support', 'Oscar Owner']);
    });

    it('rejects an empty or too long body with 400', async () => {
      for (const body of ['', '   \n\t ']) {
        const response = await addNote('ute', body);
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe(noteTexts.bodyRequired);
      }
      const tooLong = await addNote('ute', 'x'.repeat(4001));
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().message).toBe(noteTexts.bodyTooLong);
      expect((await addNote('ute', 'y'.repeat(4000))).statusCode).toBe(200);
      const missing = await t.request({ method: 'POST', url: `${notesUrl('ute')}/add`, payload: {} });
      expect(missing.statusCode).toBe(400);
    });

    it('rejects an unknown record type or a record id that is not an id with 400', async () => {
      expect((await t.request({ method: 'GET', url: `/notes/booking/${records.user}` })).json()).toMatchObject({ message: noteTexts.recordTypeInvalid });
      const badId = await t.request({ method: 'POST', url: '/notes/user/42/add', payload: { body: 'Hello' } });
      expect(badId.statusCode).toBe(400);
      expect(badId.json().message).toBe(noteTexts.recordIdInvalid);
    });

    it('rejects a mention of no admin, or of an admin who cannot open the record, with 400 and the reason', async () => {
      const unknown = await addNote('user', 'Ask @[Nobody Here] about it');
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().message).toBe(noteTexts.unknownMention('Nobody Here'));
      const cannotRead = await addNote('user', 'Ask @[Fiona Finance] about it');
      expect(cannotRead.statusCode).toBe(400);
      expect(cannotRead.json().message).toBe(noteTexts.mentionCannotRead('Fiona Finance', 'user'));
      // Finance opens payments: the same mention is fine there.
      expect((await addNote('payment', 'Ask @[Fiona Finance] about it')).statusCode).toBe(200);
    });

    it('refuses a mention that matches two active admins with 400', async () => {
      const twin = await signInAs(t, ['support']);
      await setName(twin.id, 'Sam Support');
      try {
        const response = await addNote('user', 'Ask @[Sam Support]');
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe(noteTexts.ambiguousMention('Sam Support'));
      } finally {
        await setName(twin.id, 'Sam Twin');
      }
    });

    it("refuses with 403 an admin whose roles do not open the record type's list", async () => {
      expectForbidden(await t.request({ method: 'GET', url: notesUrl('ute'), token: finance.token }));
      expectForbidden(await addNote('ute', 'Finance should not write here', finance.token));
      expectForbidden(await t.request({ method: 'GET', url: notesUrl('payment'), token: moderator.token }));
      expectForbidden(await addNote('user', 'Moderators do not open users', moderator.token));
      expectForbidden(await t.request({ method: 'GET', url: notesUrl('admin'), token: support.token }));
      expectForbidden(await addNote('query', 'Finance does not open queries', finance.token));
      // 403 before 404: an unknown record of a type the admin cannot open says nothing either way.
      expectForbidden(await t.request({ method: 'GET', url: notesUrl('ute', randomUUID()), token: finance.token }));
    });

    it('lets each role use the notes of the records whose lists it opens', async () => {
      expect((await addNote('ute', 'Moderator on a ute', moderator.token)).statusCode).toBe(200);
      expect((await addNote('quote', 'Moderator on a quote', moderator.token)).statusCode).toBe(200);
      expect((await addNote('uteBooking', 'Finance on a booking', finance.token)).statusCode).toBe(200);
      expect((await addNote('query', 'Support on a query', support.token)).statusCode).toBe(200);
      expect((await listNotes('user', support.token)).length).toBeGreaterThan(0);
    });

    it('answers 404 for a record that does not exist', async () => {
      for (const type of NOTE_RECORD_TYPES) {
        const list = await t.request({ method: 'GET', url: notesUrl(type, randomUUID()) });
        expect(list.statusCode, type).toBe(404);
        expect((await t.request({ method: 'POST', url: `${notesUrl(type, randomUUID())}/add`, payload: { body: 'Hello' } })).statusCode, type).toBe(404);
      }
      expect((await t.request({ method: 'GET', url: notesUrl('uteBooking', randomUUID()) })).json().message).toBe('Ute booking not found');
    });

    it('answers 401 without a token on every notes call', async () => {
      const id = randomUUID();
      for (const [method, url] of [
        ['GET', '/notes/mentionable-admins'],
        ['GET', notesUrl('user')],
        ['POST', `${notesUrl('user')}/add`],
        ['PATCH', `/notes/${id}`],
        ['POST', `/notes/${id}/retract`],
        ['GET', '/audit-log/notes-export'],
      ] as const) {
        expect((await t.request({ method, url, token: null, payload: method === 'GET' ? undefined : { body: 'x' } })).statusCode, url).toBe(401);
      }
    });
  });

  describe('PATCH /api/admin/notes/:id', () => {
    const edit = (id: string, body: string, token?: string) =>
      t.request({ method: 'PATCH', url: `/notes/${id}`, payload: { body }, ...(token ? { token } : {}) });

    it("edits the author's note within 10 minutes, marks it edited and audits it without its body", async () => {
      const note = (await addNote('job', 'Owner says the tray is 2.4 m')).json<{ data: Note }>().data;
      const response = await edit(note.id, 'Owner says the tray is 2.5 m, @[Mo Moderator] to check');
      expect(response.statusCode, response.body).toBe(200);
      const edited = response.json<{ message: string; data: Note }>();
      expect(edited.message).toBe(noteTexts.updated);
      expect(edited.data).toMatchObject({
        body: 'Owner says the tray is 2.5 m, @[Mo Moderator] to check',
        mentions: [{ id: moderator.id, name: 'Mo Moderator' }],
      });
      expect(edited.data.editedAt).not.toBeNull();

      const entries = await db().select().from(auditLog).where(eq(auditLog.targetId, records.job));
      const noteEntries = entries.filter((entry) => entry.action.startsWith('note.'));
      expect(noteEntries.map((entry) => entry.action)).toContain('note.edit');
      expect(noteEntries.every((entry) => entry.targetType === 'job')).toBe(true);
      expect(JSON.stringify(noteEntries)).not.toContain('tray');
      expect(noteEntries.find((entry) => entry.action === 'note.edit')?.after).toMatchObject({ noteId: note.id, bodyLength: edited.data.body.length });
    });

    it("refuses another admin's edit with 403, even an owner's", async () => {
      const note = (await addNote('quote', 'Quoted over the phone')).json<{ data: Note }>().data;
      const response = await edit(note.id, 'Changed by someone else', otherOwner.token);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ message: noteTexts.notAuthor });
      expectForbidden(await edit(note.id, 'Finance cannot even read it', finance.token));
    });

    it('refuses an edit after 10 minutes with 409 and says what to do instead', async () => {
      const [old] = await db()
        .insert(recordNotes)
        .values({
          recordType: 'ute',
          recordId: records.ute,
          authorId: ownerId,
          body: 'Written long ago',
          createdAt: new Date(Date.now() - NOTE_EDIT_WINDOW_MS - 1000),
        })
        .returning();
      const response = await edit(old.id, 'Too late');
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(noteTexts.editWindowClosed);
      const [still] = await db().select().from(recordNotes).where(eq(recordNotes.id, old.id));
      expect(still.body).toBe('Written long ago');
    });

    it('answers 404 for an unknown note and 400 for an empty body', async () => {
      expect((await edit(randomUUID(), 'Hello')).statusCode).toBe(404);
      const note = (await addNote('ute', 'Something')).json<{ data: Note }>().data;
      expect((await edit(note.id, '  ')).statusCode).toBe(400);
      expect((await edit(note.id, 'Ask @[Fiona Finance]')).json().message).toBe(noteTexts.mentionCannotRead('Fiona Finance', 'ute'));
    });
  });

  describe('POST /api/admin/notes/:id/retract', () => {
    const retract = (id: string, body: string, token?: string) =>
      t.request({ method: 'POST', url: `/notes/${id}/retract`, payload: { body }, ...(token ? { token } : {}) });

    it('adds a retraction pointing at the note, which then shows as retracted; neither can be edited or retracted again', async () => {
      const note = (await addNote('payment', 'Customer paid twice')).json<{ data: Note }>().data;
      const response = await retract(note.id, 'Wrong customer: they paid once', finance.token);
      expect(response.statusCode, response.body).toBe(200);
      const retraction = response.json<{ message: string; data: Note }>();
      expect(retraction.message).toBe(noteTexts.retracted);
      expect(retraction.data).toMatchObject({ retractsNoteId: note.id, recordType: 'payment', recordId: records.payment, author: { id: finance.id } });

      const notes = await listNotes('payment');
      expect(notes[0].id).toBe(retraction.data.id);
      expect(notes.find((row) => row.id === note.id)?.retractedBy).toMatchObject({ id: retraction.data.id, author: { id: finance.id, name: 'Fiona Finance' } });

      expect((await retract(note.id, 'Again')).json()).toMatchObject({ message: noteTexts.alreadyRetracted });
      expect((await retract(retraction.data.id, 'Undo')).statusCode).toBe(409);
      expect((await t.request({ method: 'PATCH', url: `/notes/${note.id}`, payload: { body: 'Edit' } })).json()).toMatchObject({
        message: noteTexts.retractedNotEditable,
      });
      const auditActions = (await db().select().from(auditLog).where(eq(auditLog.targetId, records.payment))).map((entry) => entry.action);
      expect(auditActions).toContain('note.retract');
    });

    it('answers 404 for an unknown note, 403 to a role that cannot open the record, 400 without a reason', async () => {
      expect((await retract(randomUUID(), 'Why')).statusCode).toBe(404);
      const note = (await addNote('query', 'Spam?')).json<{ data: Note }>().data;
      expectForbidden(await retract(note.id, 'Not spam', moderator.token));
      expect((await retract(note.id, '')).statusCode).toBe(400);
    });
  });

  describe('the database keeps every note', () => {
    it('refuses DELETE, TRUNCATE and any change but of body, mentions and edited_at', async () => {
      const note = (await addNote('user', 'Kept for ever')).json<{ data: Note }>().data;
      await expect(db().delete(recordNotes).where(eq(recordNotes.id, note.id))).rejects.toThrow();
      await expect(db().execute(sql`truncate record_notes`)).rejects.toThrow();
      await expect(db().update(recordNotes).set({ recordId: records.ute }).where(eq(recordNotes.id, note.id))).rejects.toThrow();
      await expect(db().update(recordNotes).set({ authorId: support.id }).where(eq(recordNotes.id, note.id))).rejects.toThrow();
      await expect(
        db()
          .update(recordNotes)
          .set({ createdAt: new Date(0) })
          .where(eq(recordNotes.id, note.id)),
      ).rejects.toThrow();
      // A retraction of a note of another record is refused too.
      await expect(
        db().insert(recordNotes).values({ recordType: 'ute', recordId: records.ute, authorId: ownerId, body: 'Sneaky', retractsNoteId: note.id }),
      ).rejects.toThrow();
      const [kept] = await db().select().from(recordNotes).where(eq(recordNotes.id, note.id));
      expect(kept.body).toBe('Kept for ever');
    });
  });

  describe('GET /api/admin/audit-log/notes-export', () => {
    it("exports to an owner every note, to finance only the money records' notes, and audits the export", async () => {
      const marker = `export-${randomUUID()}`;
      expect((await addNote('user', `${marker} on the user`)).statusCode).toBe(200);
      expect((await addNote('jobBooking', `${marker} on the booking`)).statusCode).toBe(200);

      const asOwner = await t.request({ method: 'GET', url: '/audit-log/notes-export' });
      expect(asOwner.statusCode).toBe(200);
      expect(asOwner.headers['content-type']).toContain('text/csv');
      const ownerRows = parseCsv(asOwner.body.replace(/^\uFEFF/, ''));
      expect(ownerRows[0]).toEqual([
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
      ]);
      expect(ownerRows.filter((row) => row[7]?.startsWith(marker)).map((row) => row[3])).toEqual(['user', 'jobBooking']);
      expect(ownerRows.some((row) => row[0] === 'retraction')).toBe(true);

      const asFinance = await t.request({ method: 'GET', url: '/audit-log/notes-export', token: finance.token });
      expect(asFinance.statusCode).toBe(200);
      const financeRows = parseCsv(asFinance.body.replace(/^\uFEFF/, '')).slice(1);
      expect(new Set(financeRows.map((row) => row[3]))).toEqual(new Set(['uteBooking', 'jobBooking', 'payment']));

      const filtered = parseCsv((await t.request({ method: 'GET', url: '/audit-log/notes-export?recordType=user' })).body.replace(/^\uFEFF/, '')).slice(1);
      expect(new Set(filtered.map((row) => row[3]))).toEqual(new Set(['user']));
      expect((await t.request({ method: 'GET', url: '/audit-log/notes-export?recordType=nope' })).statusCode).toBe(400);
      expectForbidden(await t.request({ method: 'GET', url: '/audit-log/notes-export', token: support.token }));

      const [exported] = await db().select().from(auditLog).where(eq(auditLog.action, 'note.export'));
      expect(exported).toBeDefined();
    });
  });
});
