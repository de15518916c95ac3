import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTexts, SAVED_VIEWS_PER_LIST, savedViewTexts, type SavedView } from '@ute/contract';
import { admins } from '../../db/tables/auth.table';
import { auditLog } from '../../db/tables/audit.table';
import { savedViews } from '../../db/tables/savedViews.table';
import { createTestApp, engine, signInAs, TEST_ADMIN, type TestApp } from '../../test/testApp';

/** The saved views api (docs/design.md §12) on both engines: every call's success and its 400/401/403/404/409. */
describe(`saved views api (${engine})`, () => {
  let t: TestApp;
  let ownerId: string;
  let moderator: { id: string; token: string };
  let otherModerator: { id: string; token: string };
  let finance: { id: string; token: string };

  const db = () => t.database.db;

  beforeAll(async () => {
    t = await createTestApp();
    const [owner] = await db().select({ id: admins.id }).from(admins).where(eq(admins.email, TEST_ADMIN.email));
    ownerId = owner.id;
    moderator = await signInAs(t, ['moderator']);
    otherModerator = await signInAs(t, ['moderator']);
    finance = await signInAs(t, ['finance']);
    await db().update(admins).set({ name: 'Mo Moderator' }).where(eq(admins.id, moderator.id));
  });
  afterAll(() => t.close());

  const as = (token?: string) => (token ? { token } : {});
  const create = (list: string, payload: unknown, token?: string) => t.request({ method: 'POST', url: `/saved-views/${list}/add`, payload, ...as(token) });
  const edit = (id: string, payload: unknown, token?: string) => t.request({ method: 'PATCH', url: `/saved-views/${id}/edit`, payload, ...as(token) });
  const remove = (id: string, token?: string) => t.request({ method: 'DELETE', url: `/saved-views/${id}/delete`, ...as(token) });
  const listViews = async (list: string, token?: string) => {
    const response = await t.request({ method: 'GET', url: `/saved-views/${list}`, ...as(token) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: SavedView[] }>().data;
  };
  const createOk = async (list: string, payload: Record<string, unknown>, token?: string): Promise<SavedView> => {
    const response = await create(list, payload, token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: SavedView }>().data;
  };
  const expectForbidden = (response: { statusCode: number; json: () => unknown }, message: string = accessTexts.forbidden) => {
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message, reason: 'ROLE' });
  };

  describe('POST /api/admin/saved-views/:list/add', () => {
    it('saves a view with its creator, trims its name and audits it', async () => {
      const response = await create('utes', { name: '  Pending Evie  ', query: '?status=Pending&search=evie', isShared: true }, moderator.token);
      expect(response.statusCode, response.body).toBe(200);
      const { message, data } = response.json<{ message: string; data: SavedView }>();
      expect(message).toBe(savedViewTexts.created);
      expect(data).toMatchObject({
        list: 'utes',
        name: 'Pending Evie',
        query: '?status=Pending&search=evie',
        isShared: true,
        creator: { id: moderator.id, name: 'Mo Moderator' },
        canChange: true,
      });
      const [entry] = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetId, data.id), eq(auditLog.action, 'saved-view.create')));
      expect(entry).toMatchObject({ adminId: moderator.id, targetType: 'saved_view' });
      expect(entry.after).toMatchObject({ list: 'utes', name: 'Pending Evie', isShared: true });
    });

    it('saves a private view by default, with an empty query', async () => {
      expect(await createOk('jobs', { name: 'All jobs', query: '' }, moderator.token)).toMatchObject({ isShared: false, query: '' });
    });

    it('rejects a bad name, query or list with 400 and the contract’s message', async () => {
      for (const [payload, message] of [
        [{ name: '   ', query: '' }, savedViewTexts.nameRequired],
        [{ name: 'x'.repeat(61), query: '' }, savedViewTexts.nameTooLong],
        [{ name: 'Bad', query: 'status=Pending' }, savedViewTexts.queryInvalid],
        [{ name: 'Long', query: `?${'a'.repeat(1000)}` }, savedViewTexts.queryTooLong],
        [{ name: 'Shared?', query: '', isShared: 'yes' }, savedViewTexts.isSharedInvalid],
      ] as const) {
        const response = await create('utes', payload, moderator.token);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json().message).toBe(message);
      }
      const badList = await create('disputes', { name: 'Nope', query: '' }, moderator.token);
      expect(badList.statusCode).toBe(400);
      expect(badList.json().message).toBe(savedViewTexts.listInvalid);
    });

    it('refuses a list the role cannot open with 403', async () => {
      expectForbidden(await create('utes', { name: 'Mine', query: '' }, finance.token));
      expectForbidden(await t.request({ method: 'GET', url: '/saved-views/utes', token: finance.token }));
      expectForbidden(await create('payments', { name: 'Mine', query: '' }, moderator.token));
    });

    it('refuses a second view of the same name on the list, whatever its case, with 409', async () => {
      await createOk('quotes', { name: 'Awaiting price', query: '?awaitingPrice=1' }, moderator.token);
      const duplicate = await create('quotes', { name: 'awaiting PRICE', query: '' }, moderator.token);
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json().message).toBe(savedViewTexts.duplicateName);
      // Another admin, or another list, may use the name.
      await createOk('quotes', { name: 'Awaiting price', query: '' }, otherModerator.token);
      await createOk('utes', { name: 'Awaiting price', query: '' }, moderator.token);
    });

    it('refuses the eleventh view of an admin on a list with 409', async () => {
      for (let index = 1; index <= SAVED_VIEWS_PER_LIST; index += 1) await createOk('users', { name: `View ${index}`, query: `?search=${index}` });
      const eleventh = await create('users', { name: 'View 11', query: '' });
      expect(eleventh.statusCode).toBe(409);
      expect(eleventh.json().message).toBe(savedViewTexts.tooMany);
      // The limit is per admin.
      await createOk('users', { name: 'View 11', query: '' }, (await signInAs(t, ['support'])).token);
    });
  });

  describe('GET /api/admin/saved-views/:list', () => {
    it('answers my views and the shared ones, never someone else’s private view', async () => {
      const mine = await createOk('jobs', { name: 'Mine only', query: '?sort=oldest' }, otherModerator.token);
      const shared = await createOk('jobs', { name: 'Team jobs', query: '?status=Pending', isShared: true }, moderator.token);
      const hidden = await createOk('jobs', { name: 'Hidden', query: '' }, moderator.token);
      const seen = await listViews('jobs', otherModerator.token);
      const ids = seen.map((view) => view.id);
      expect(ids).toContain(mine.id);
      expect(ids).toContain(shared.id);
      expect(ids).not.toContain(hidden.id);
      expect(seen.find((view) => view.id === shared.id)?.canChange).toBe(false);
      // An owner may change a shared view.
      expect((await listViews('jobs')).find((view) => view.id === shared.id)?.canChange).toBe(true);
    });
  });

  describe('PATCH /api/admin/saved-views/:id/edit', () => {
    it('renames, re-queries and unshares the creator’s view and audits it', async () => {
      const view = await createOk('queries', { name: 'Unanswered', query: '?unanswered=1', isShared: true });
      const response = await edit(view.id, { name: 'Open questions', query: '?unanswered=1&sort=oldest', isShared: false });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        message: savedViewTexts.updated,
        data: { id: view.id, name: 'Open questions', query: '?unanswered=1&sort=oldest', isShared: false, creator: { id: ownerId } },
      });
      const [entry] = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetId, view.id), eq(auditLog.action, 'saved-view.update')));
      expect(entry.before).toMatchObject({ name: 'Unanswered', isShared: true });
      expect(entry.after).toMatchObject({ name: 'Open questions', isShared: false });
    });

    it('lets an owner change a shared view of someone else, and refuses another admin with 403', async () => {
      const view = await createOk('utes', { name: 'Shared utes', query: '?search=ute', isShared: true }, moderator.token);
      expectForbidden(await edit(view.id, { name: 'Taken over' }, otherModerator.token), savedViewTexts.notChangeable);
      expectForbidden(await remove(view.id, otherModerator.token), savedViewTexts.notChangeable);
      expect((await edit(view.id, { name: 'Renamed by the owner' })).statusCode).toBe(200);
    });

    it('refuses a change or deletion of a shared view from a tab loaded before its other editor changed it (If-Match)', async () => {
      const view = await createOk('utes', { name: 'Shared pending', query: '?status=Pending', isShared: true }, moderator.token);
      expect(view.version).toMatch(/^\d+$/);
      const owners = await edit(view.id, { name: 'Pending, by the owner' });
      expect(owners.statusCode, owners.body).toBe(200);
      const ifMatch = { 'if-match': view.version };
      const stale = await t.request({
        method: 'PATCH',
        url: `/saved-views/${view.id}/edit`,
        payload: { query: '?status=Approved' },
        token: moderator.token,
        headers: ifMatch,
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json<{ message: string }>().message).toMatch(/^Changed by .+ at .+, after you opened it\. Reload to see the change\.$/);
      const staleDelete = await t.request({ method: 'DELETE', url: `/saved-views/${view.id}/delete`, token: moderator.token, headers: ifMatch });
      expect(staleDelete.statusCode).toBe(409);
      const current = (await listViews('utes', moderator.token)).find((item) => item.id === view.id)!;
      expect(current).toMatchObject({ name: 'Pending, by the owner', query: '?status=Pending' });
      const fresh = await t.request({
        method: 'DELETE',
        url: `/saved-views/${view.id}/delete`,
        token: moderator.token,
        headers: { 'if-match': current.version },
      });
      expect(fresh.statusCode, fresh.body).toBe(200);
    });

    it('answers 404 for an unknown view or someone else’s private view, even to an owner', async () => {
      const view = await createOk('utes', { name: 'Private utes', query: '' }, moderator.token);
      for (const [id, token] of [
        [randomUUID(), moderator.token],
        [view.id, otherModerator.token],
        [view.id, undefined],
      ] as const) {
        const response = await edit(id, { name: 'Mine now' }, token);
        expect(response.statusCode).toBe(404);
        expect(response.json().message).toBe('View not found');
        expect((await remove(id, token)).statusCode).toBe(404);
      }
    });

    it('rejects an empty change or a bad name with 400, and a name taken by another of the creator’s views with 409', async () => {
      const first = await createOk('jobBookings', { name: 'First', query: '' });
      await createOk('jobBookings', { name: 'Second', query: '' });
      expect((await edit(first.id, {})).json()).toMatchObject({ message: savedViewTexts.nothingToChange });
      expect((await edit(first.id, { name: '' })).json()).toMatchObject({ message: savedViewTexts.nameRequired });
      const taken = await edit(first.id, { name: 'second' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().message).toBe(savedViewTexts.duplicateName);
      // Its own name, in another case, is not a clash.
      expect((await edit(first.id, { name: 'FIRST' })).statusCode).toBe(200);
    });
  });

  describe('DELETE /api/admin/saved-views/:id/delete', () => {
    it('deletes the creator’s view and audits it', async () => {
      const view = await createOk('uteBookings', { name: 'Awaiting payout', query: '?awaitingPayout=1', isShared: true });
      const response = await remove(view.id);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: savedViewTexts.deleted });
      expect(await db().select().from(savedViews).where(eq(savedViews.id, view.id))).toEqual([]);
      const [entry] = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetId, view.id), eq(auditLog.action, 'saved-view.delete')));
      expect(entry.before).toMatchObject({ name: 'Awaiting payout', list: 'uteBookings' });
    });

    it('answers 401 without a token on every saved views call', async () => {
      const id = randomUUID();
      for (const [method, url] of [
        ['GET', '/saved-views/utes'],
        ['POST', '/saved-views/utes/add'],
        ['PATCH', `/saved-views/${id}/edit`],
        ['DELETE', `/saved-views/${id}/delete`],
      ] as const) {
        expect(
          (await t.request({ method, url, token: null, payload: method === 'GET' || method === 'DELETE' ? undefined : { name: 'x', query: '' } })).statusCode,
          url,
        ).toBe(401);
      }
    });
  });
});
