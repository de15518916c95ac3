import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_STORY_ITEMS, USER_STORY_SECTIONS, routePaths, type AdminRole, type UserStoryResponse } from '@ute/contract';
import { upsertAdmin } from '../auth/auth.repository';
import { hashPassword } from '../auth/passwords';
import {
  createActivities,
  createCustomerQueries,
  createJobBookings,
  createJobs,
  createPayments,
  createUser,
  createUteBookings,
  createUtes,
} from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seeded: true });
});
afterAll(() => t.close());

const storyPath = (id: string) => routePaths.userStory.replace(':id', id);

async function storyOf(id: string, token?: string): Promise<UserStoryResponse> {
  const response = await t.request({ method: 'GET', url: storyPath(id), token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<UserStoryResponse>();
}

describe('GET /api/admin/users/:id/story', () => {
  it("answers the user's details and each part of their story, newest first, with totals equal to the filtered lists", async () => {
    const db = t.database.db;
    const user = await createUser(db, { firstName: 'Story', lastName: 'Teller', email: 'Story.Teller@example.com' });
    const other = await createUser(db);
    const utes = await createUtes(
      db,
      Array.from({ length: 7 }, (_, i) => ({ ownerId: user.id, fullName: `Story ute ${i}`, createdAt: new Date(Date.UTC(2026, 0, 1 + i)) })),
    );
    await createUtes(db, [{ ownerId: other.id }, { ownerId: user.id, deletedAt: new Date() }]);
    await createJobs(db, [{ postedBy: user.id, title: 'Story job' }]);
    // Bookings the user made, and one made of their ute by someone else (they are its owner).
    await createUteBookings(db, [
      { ownerId: other.id, bookedBy: user.id },
      { ownerId: user.id, bookedBy: other.id },
      { ownerId: other.id, bookedBy: other.id },
    ]);
    await createJobBookings(db, [{ ownerId: other.id, bookedBy: user.id }]);
    await createPayments(db, [{ payerId: user.id, amountCents: 12345 }, { payerId: other.id }]);
    await createCustomerQueries(db, [{ email: 'story.teller@EXAMPLE.com', message: 'Where is my ute booking, it was due at nine this morning?' }]);
    await createActivities(db, [{ userId: user.id, activity: 'add-ute', activityTo: { uteName: 'Story ute 6' } }]);
    expect((await t.request({ method: 'PUT', url: `/update-user-status/${user.id}`, payload: { status: 'inActive' } })).statusCode).toBe(200);

    const story = await storyOf(user.id);
    expect(story.user).toMatchObject({ _id: user.id, firstName: 'Story', email: 'Story.Teller@example.com', isActive: false });
    expect(story.sections.map((section) => section.section)).toEqual([...USER_STORY_SECTIONS]);
    const section = (name: string) => story.sections.find((entry) => entry.section === name)!;

    expect(section('utes').total).toBe(7);
    expect(section('utes').items).toHaveLength(USER_STORY_ITEMS);
    expect(section('utes').items.map((item) => item.id)).toEqual(
      utes
        .slice(2)
        .reverse()
        .map((ute) => ute.id),
    );
    expect(section('jobs')).toMatchObject({ total: 1, items: [{ title: 'Story job' }] });
    expect(section('uteBookings').total).toBe(2);
    expect(section('uteBookings').items.map((item) => item.detail.endsWith('as owner') || item.detail.endsWith('as booker'))).toEqual([true, true]);
    expect(section('jobBookings').total).toBe(1);
    expect(section('payments')).toMatchObject({ total: 1, items: [{ title: 'A$123.45' }] });
    expect(section('queries')).toMatchObject({ total: 1, items: [{ title: 'Where is my ute booking, it was due...' }] });
    expect(section('activity')).toMatchObject({ total: 1, items: [{ title: 'add ute', detail: 'Story ute 6' }] });
    expect(section('adminActions')).toMatchObject({ total: 1, items: [{ title: 'user.deactivate' }] });

    // Each total is what the list filtered to the user shows.
    const totalOf = async (url: string) => (await t.request({ method: 'GET', url })).json<{ totalCount: number }>().totalCount;
    expect(await totalOf(`${routePaths.utes}?userId=${user.id}`)).toBe(7);
    expect(await totalOf(`${routePaths.jobs}?userId=${user.id}`)).toBe(1);
    expect(await totalOf(`${routePaths.uteBookings}?userId=${user.id}`)).toBe(2);
    expect(await totalOf(`${routePaths.jobBookings}?userId=${user.id}`)).toBe(1);
    expect(await totalOf(`${routePaths.payments}?userId=${user.id}`)).toBe(0);
    expect(await totalOf(`${routePaths.manualPayments}?userId=${user.id}&kind=ute`)).toBe(1);
  });

  it('answers only the sections whose lists the caller may open', async () => {
    const user = await createUser(t.database.db);
    const roles: AdminRole[] = ['support'];
    await upsertAdmin(t.database.db, 'story-support@test.local', await hashPassword('story-support-password-1'), roles);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/admin/sign-in',
      payload: { email: 'story-support@test.local', password: 'story-support-password-1' },
    });
    const story = await storyOf(user.id, signIn.json<{ token: string }>().token);
    expect(story.sections.map((section) => section.section)).toEqual(['queries', 'activity']);
  });

  it('shows in admin actions only the entries the Audit Log shows the caller (finance: the money entries)', async () => {
    const user = await createUser(t.database.db);
    expect((await t.request({ method: 'PUT', url: `/update-user-status/${user.id}`, payload: { status: 'inActive' } })).statusCode).toBe(200);
    const section = (story: UserStoryResponse) => story.sections.find((entry) => entry.section === 'adminActions');
    expect(section(await storyOf(user.id))).toMatchObject({ total: 1, items: [{ title: 'user.deactivate' }] });

    await upsertAdmin(t.database.db, 'story-finance-support@test.local', await hashPassword('story-finance-password-1'), ['finance', 'support']);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/admin/sign-in',
      payload: { email: 'story-finance-support@test.local', password: 'story-finance-password-1' },
    });
    const token = signIn.json<{ token: string }>().token;
    expect(section(await storyOf(user.id, token))).toEqual({ section: 'adminActions', total: 0, items: [] });
    const auditLog = await t.request({ method: 'GET', url: `${routePaths.auditLog}?targetId=${user.id}`, token });
    expect(auditLog.json<{ totalCount: number }>().totalCount).toBe(0);
  });

  it('answers 404 for an unknown or deleted user, 400 for a bad id and 401 without a token', async () => {
    expect((await t.request({ method: 'GET', url: storyPath('00000000-0000-4000-8000-0000000000ff') })).statusCode).toBe(404);
    const deleted = await createUser(t.database.db, { deletedAt: new Date() });
    expect((await t.request({ method: 'GET', url: storyPath(deleted.id) })).statusCode).toBe(404);
    const bad = await t.request({ method: 'GET', url: storyPath('not-a-uuid') });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain('id must be a valid id');
    expect((await t.request({ method: 'GET', url: storyPath(deleted.id), token: '' })).statusCode).toBe(401);
  });

  it('answers 400 for a list filter that is not an id', async () => {
    const response = await t.request({ method: 'GET', url: `${routePaths.utes}?userId=me` });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain('userId must be a valid id');
  });
});
