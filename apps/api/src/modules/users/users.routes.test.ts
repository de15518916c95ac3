import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/database';
import { createUser as insertUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/testApp';

describe('users api', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seeded: true });
  });
  afterAll(() => t.close());

  const auditRows = (targetId: string) =>
    queryRows<{ action: string; before: unknown; after: unknown; admin_id: string | null }>(
      t.database.db,
      sql`select action, before, after, admin_id from audit_log where target_type = 'user' and target_id = ${targetId} order by id`,
    );
  const dashboard = async () => (await t.request({ method: 'GET', url: '/dashboard-data' })).json().data as Record<string, number>;
  const createUser = async (values: { email?: string; isActive?: boolean; createdAt?: Date } = {}) => (await insertUser(t.database.db, values)).id;

  describe('GET /api/admin/all-users-data', () => {
    it('answers the first page of 10, newest first, with the total', async () => {
      const response = await t.request({ method: 'GET', url: '/all-users-data' });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      const [{ count }] = await queryRows<{ count: number }>(t.database.db, sql`select count(*)::int as count from users where deleted_at is null`);
      expect(body.totalCount).toBe(count);
      expect(body.total).toBe(count);
      expect(body.data).toHaveLength(10);
      const created = body.data.map((user: { createdAt: string }) => user.createdAt);
      expect([...created].sort().reverse()).toEqual(created);
      expect(Object.keys(body.data[0]).sort()).toEqual(['_id', 'address', 'createdAt', 'email', 'firstName', 'isActive', 'lastName', 'phoneNumber', 'version']);
    });

    it('pages with page and limit without overlap', async () => {
      const first = (await t.request({ method: 'GET', url: '/all-users-data?page=1&limit=5' })).json();
      const second = (await t.request({ method: 'GET', url: '/all-users-data?page=2&limit=5' })).json();
      expect(first.data).toHaveLength(5);
      expect(second.data).toHaveLength(5);
      const ids = new Set([...first.data, ...second.data].map((user: { _id: string }) => user._id));
      expect(ids.size).toBe(10);
    });

    it('searches email case-insensitively anywhere in the address', async () => {
      await createUser({ email: 'Zelda.Searchable@example.com.au' });
      const response = await t.request({ method: 'GET', url: '/all-users-data?search=%20SEARCHABLE%20' });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.totalCount).toBe(1);
      expect(body.data[0].email).toBe('Zelda.Searchable@example.com.au');
    });

    it('finds a whole address, looked up by the part before its @ and checked whole', async () => {
      await createUser({ email: 'Whole.Address@Example.com.au' });
      const search = (term: string) =>
        t.request({ method: 'GET', url: `/all-users-data?search=${encodeURIComponent(term)}` }).then((response) => response.json());
      const whole = await search('whole.address@EXAMPLE.com.au');
      expect(whole.totalCount).toBe(1);
      expect(whole.data[0].email).toBe('Whole.Address@Example.com.au');
      expect((await search('ole.address@example.com')).totalCount).toBe(1);
      // The part before the @ matches, the whole term does not.
      expect((await search('whole.address@other.com.au')).totalCount).toBe(0);
      // Too short a part before the @ for the index: the whole term is looked up.
      expect((await search('ss@example.com.au')).data.map((user: { email: string }) => user.email)).toContain('Whole.Address@Example.com.au');
    });

    it('takes % and _ in a search literally', async () => {
      const percent = (await t.request({ method: 'GET', url: '/all-users-data?search=%25' })).json();
      expect(percent.totalCount).toBe(0);
      const underscore = (await t.request({ method: 'GET', url: '/all-users-data?search=_' })).json();
      expect(underscore.totalCount).toBe(0);
    });

    it('answers an empty page when nothing matches', async () => {
      const body = (await t.request({ method: 'GET', url: '/all-users-data?search=nobody-has-this-address' })).json();
      expect(body).toEqual({ data: [], total: 0, totalCount: 0 });
    });

    it('rejects a bad page, limit or unknown parameter with 400', async () => {
      const badPage = await t.request({ method: 'GET', url: '/all-users-data?page=0' });
      expect(badPage.statusCode).toBe(400);
      expect(badPage.json().message).toBe('page must be 1 or more');
      const badLimit = await t.request({ method: 'GET', url: '/all-users-data?limit=500' });
      expect(badLimit.statusCode).toBe(400);
      expect(badLimit.json().message).toBe('limit must be at most 100');
      const unknown = await t.request({ method: 'GET', url: '/all-users-data?sort=name' });
      expect(unknown.statusCode).toBe(400);
      const longSearch = await t.request({ method: 'GET', url: `/all-users-data?search=${'a'.repeat(101)}` });
      expect(longSearch.statusCode).toBe(400);
      expect(longSearch.json().message).toBe('search must be at most 100 characters');
    });
  });

  describe('PUT /api/admin/update-user-status/:id', () => {
    it('deactivates and reactivates a user, the dashboard follows, each change audited once', async () => {
      const id = await createUser();
      const before = await dashboard();
      const off = await t.request({ method: 'PUT', url: `/update-user-status/${id}`, payload: { status: 'inActive' } });
      expect(off.statusCode).toBe(200);
      expect(off.json()).toEqual({ message: 'User deactivated successfully' });
      const during = await dashboard();
      expect(during.totalActiveUser).toBe(before.totalActiveUser - 1);
      expect(during.totalDeactiveUser).toBe(before.totalDeactiveUser + 1);
      const listed = (await t.request({ method: 'GET', url: '/all-users-data?limit=100' })).json().data.find((user: { _id: string }) => user._id === id);
      expect(listed.isActive).toBe(false);

      const on = await t.request({ method: 'PUT', url: `/update-user-status/${id}`, payload: { status: 'active' } });
      expect(on.statusCode).toBe(200);
      expect(on.json()).toEqual({ message: 'User activated successfully' });
      expect(await dashboard()).toEqual(before);

      const audit = await auditRows(id);
      expect(audit.map((row) => row.action)).toEqual(['user.deactivate', 'user.activate']);
      expect(audit[0]).toMatchObject({ before: { isActive: true }, after: { isActive: false } });
      expect(audit[0].admin_id).toBeTruthy();
    });

    it('answers 409 when the user already has that status, and writes no audit row', async () => {
      const id = await createUser({ email: 'already.active@example.com.au' });
      const again = await t.request({ method: 'PUT', url: `/update-user-status/${id}`, payload: { status: 'active' } });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: 'User is already active' });
      const inactiveId = await createUser({ email: 'already.inactive@example.com.au', isActive: false });
      const inactive = await t.request({ method: 'PUT', url: `/update-user-status/${inactiveId}`, payload: { status: 'inActive' } });
      expect(inactive.statusCode).toBe(409);
      expect(inactive.json()).toEqual({ message: 'User is already inactive' });
      expect(await auditRows(id)).toHaveLength(0);
      expect(await auditRows(inactiveId)).toHaveLength(0);
    });

    it('rejects a bad status, a missing body or a bad id with 400', async () => {
      const id = await createUser();
      const badStatus = await t.request({ method: 'PUT', url: `/update-user-status/${id}`, payload: { status: 'suspended' } });
      expect(badStatus.statusCode).toBe(400);
      expect(badStatus.json().message).toBe('status must be active or inActive');
      const missing = await t.request({ method: 'PUT', url: `/update-user-status/${id}`, payload: {} });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toBe('status must be active or inActive');
      const badId = await t.request({ method: 'PUT', url: '/update-user-status/not-a-uuid', payload: { status: 'active' } });
      expect(badId.statusCode).toBe(400);
      expect(badId.json().message).toBe('id must be a valid id');
    });

    it('answers 404 for an unknown user', async () => {
      const response = await t.request({ method: 'PUT', url: `/update-user-status/${randomUUID()}`, payload: { status: 'inActive' } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'User not found' });
    });
  });

  describe('PUT /api/admin/delete-user/:id', () => {
    it('marks the user deleted, hides it from the list and the dashboard, audits once', async () => {
      const id = await createUser({ email: 'to.delete@example.com.au', createdAt: new Date(Date.now() + 60_000) });
      const before = await dashboard();
      const response = await t.request({ method: 'PUT', url: `/delete-user/${id}` });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'User deleted successfully' });
      const [row] = await queryRows<{ deleted_at: string | null }>(t.database.db, sql`select deleted_at from users where id = ${id}`);
      expect(row.deleted_at).not.toBeNull();
      const list = (await t.request({ method: 'GET', url: '/all-users-data?search=to.delete' })).json();
      expect(list.totalCount).toBe(0);
      expect((await dashboard()).totalUser).toBe(before.totalUser - 1);
      const audit = await auditRows(id);
      expect(audit.map((entry) => entry.action)).toEqual(['user.delete']);
    });

    it('answers 404 for a second delete, for a status change of a deleted user and for an unknown id', async () => {
      const id = await createUser({ email: 'twice.deleted@example.com.au' });
      expect((await t.request({ method: 'PUT', url: `/delete-user/${id}` })).statusCode).toBe(200);
      const second = await t.request({ method: 'PUT', url: `/delete-user/${id}` });
      expect(second.statusCode).toBe(404);
      expect(second.json()).toEqual({ message: 'User not found' });
      const status = await t.request({ method: 'PUT', url: `/update-user-status/${id}`, payload: { status: 'inActive' } });
      expect(status.statusCode).toBe(404);
      const unknown = await t.request({ method: 'PUT', url: `/delete-user/${randomUUID()}` });
      expect(unknown.statusCode).toBe(404);
      expect(await auditRows(id)).toHaveLength(1);
    });

    it('rejects a bad id with 400', async () => {
      const response = await t.request({ method: 'PUT', url: '/delete-user/123' });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('id must be a valid id');
    });
  });
});
