import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SEARCH_GROUPS, SEARCH_HITS_PER_GROUP, type AdminRole, type SearchGroup, type SearchGroupResult, type SearchHit } from '@ute/contract';
import { customerQueries } from '../../db/tables/queries.table';
import { users } from '../../db/tables/users.table';
import { upsertAdmin } from '../auth/auth.repository';
import { hashPassword } from '../auth/passwords';
import {
  createCustomerQueries,
  createJobBookings,
  createJobs,
  createStripeOwner,
  createUser,
  createUsers,
  createUteBookings,
  createUtes,
  newestCreatedAt,
} from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Letters no other row holds, so each test's term finds only its own rows. */
const uniqueWord = () =>
  Array.from(randomBytes(8), (byte) => String.fromCharCode(97 + (byte % 26)))
    .join('')
    .replace(/^/, 'q');

async function search(q: string, token?: string): Promise<SearchGroupResult[]> {
  const response = await t.request({ method: 'GET', url: `/search?q=${encodeURIComponent(q)}`, token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: SearchGroupResult[] }>().data;
}

async function hitsOf(group: SearchGroup, q: string): Promise<SearchHit[]> {
  const found = (await search(q)).find((result) => result.group === group);
  expect(found, group).toBeDefined();
  return found!.hits;
}

const idsOf = (hits: SearchHit[]) => hits.map((hit) => hit.id);

describe('GET /api/admin/search', () => {
  it.each([
    ['', 'q is required'],
    ['?q=', 'q must be at least 2 characters'],
    ['?q=%20a%20', 'q must be at least 2 characters'],
    [`?q=${'a'.repeat(101)}`, 'q must be at most 100 characters'],
    ['?q=ab%00', 'q contains a character that is not allowed'],
    ['?q=ab&page=2', 'Unrecognized key: "page"'],
  ])('rejects the query %s with 400', async (query, message) => {
    const response = await t.request({ method: 'GET', url: `/search${query}` });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(message);
  });

  it('answers every group, in order, with no hits when nothing matches', async () => {
    const data = await search(uniqueWord());
    expect(data).toEqual(SEARCH_GROUPS.map((group) => ({ group, hits: [] })));
  });

  it('finds users by part of their email or whole name, case-insensitive, and by id; never deleted ones', async () => {
    const word = uniqueWord();
    const [byName, byEmail, deleted] = await createUsers(t.database.db, [
      { firstName: 'Marlowe', lastName: `${word}son`, createdAt: newestCreatedAt() },
      { email: `${word}.mail@factory.example.com.au`, createdAt: newestCreatedAt() },
      { firstName: 'Gone', lastName: `${word}son`, createdAt: newestCreatedAt() },
    ]);
    await t.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, deleted.id));

    expect(await hitsOf('users', word.toUpperCase())).toEqual([
      { id: byEmail.id, title: `${byEmail.firstName} ${byEmail.lastName}`, detail: byEmail.email },
      { id: byName.id, title: `Marlowe ${word}son`, detail: byName.email },
    ]);
    // The whole name: first name, a space, the start of the last name.
    expect(idsOf(await hitsOf('users', `lowe ${word.slice(0, 4)}`))).toEqual([byName.id]);
    expect(idsOf(await hitsOf('users', byName.id.toUpperCase()))).toEqual([byName.id]);
  });

  it('answers at most 5 hits a group, newest first', async () => {
    const word = uniqueWord();
    const made = await createUsers(
      t.database.db,
      Array.from({ length: SEARCH_HITS_PER_GROUP + 2 }, () => ({ lastName: word, createdAt: newestCreatedAt() })),
    );
    expect(idsOf(await hitsOf('users', word))).toEqual(
      made
        .map((user) => user.id)
        .reverse()
        .slice(0, SEARCH_HITS_PER_GROUP),
    );
  });

  it('matches a 2-character term at the start of a word only, a longer one anywhere', async () => {
    const word = uniqueWord();
    const [atWordStart, inside] = await createUsers(t.database.db, [
      { firstName: 'Word', lastName: word, createdAt: newestCreatedAt() },
      { firstName: 'Inside', lastName: `x${word}`, createdAt: newestCreatedAt() },
    ]);
    const twoCharacters = idsOf(await hitsOf('users', word.slice(0, 2)));
    expect(twoCharacters).toContain(atWordStart.id);
    expect(twoCharacters).not.toContain(inside.id);
    expect(idsOf(await hitsOf('users', word))).toEqual([inside.id, atWordStart.id]);
  });

  it('takes LIKE wildcards in the term literally', async () => {
    await createUser(t.database.db, { lastName: `Wild${uniqueWord()}` });
    expect(await hitsOf('users', '%%')).toEqual([]);
    expect(await hitsOf('users', '__')).toEqual([]);
  });

  it('finds utes by reference (exact or prefix, any case) first, then by name, and by uuid', async () => {
    const word = uniqueWord();
    const [named, referenced, other] = await createUtes(t.database.db, [
      { fullName: `${word} Hilux`, createdAt: newestCreatedAt() },
      { uteId: `UTE-${word.toUpperCase()}-1`, fullName: 'Plain Ranger', status: 'Approved', createdAt: newestCreatedAt() },
      { uteId: `UTE-${word.toUpperCase()}-2`, fullName: null, createdAt: newestCreatedAt() },
    ]);
    expect(await hitsOf('utes', `ute-${word}`)).toEqual([
      { id: referenced.id, title: 'Plain Ranger', detail: `UTE-${word.toUpperCase()}-1 · Approved` },
      { id: other.id, title: `UTE-${word.toUpperCase()}-2`, detail: `UTE-${word.toUpperCase()}-2 · Pending` },
    ]);
    expect(idsOf(await hitsOf('utes', `UTE-${word.toUpperCase()}-2`))).toEqual([other.id]);
    expect(idsOf(await hitsOf('utes', `${word} hil`))).toEqual([named.id]);
    expect(idsOf(await hitsOf('utes', named.id))).toEqual([named.id]);
  });

  it('finds jobs by reference or title', async () => {
    const word = uniqueWord();
    const [titled, referenced] = await createJobs(t.database.db, [
      { title: `Move a ${word} sofa`, status: 'Approved', createdAt: newestCreatedAt() },
      { jobId: `JOB-${word.toUpperCase()}`, createdAt: newestCreatedAt() },
    ]);
    expect(await hitsOf('jobs', `${word} so`)).toEqual([{ id: titled.id, title: `Move a ${word} sofa`, detail: `${titled.jobId} · Approved` }]);
    expect(idsOf(await hitsOf('jobs', `job-${word}`))).toEqual([referenced.id]);
    expect(idsOf(await hitsOf('jobs', titled.id))).toEqual([titled.id]);
  });

  it('finds ute and job bookings by booking id (exact or prefix) or uuid, never by name', async () => {
    const word = uniqueWord().toUpperCase();
    const { id: ownerId } = await createStripeOwner(t.database.db);
    const [first, second] = await createUteBookings(t.database.db, [
      { ownerId, uteBookingId: `UB-${word}-2`, uteName: `${word} Hilux` },
      { ownerId, uteBookingId: `UB-${word}-1`, status: 'pending' },
    ]);
    const [job] = await createJobBookings(t.database.db, [{ ownerId, jobBookingId: `JB-${word}`, jobTitle: 'Couch move' }]);
    expect(await hitsOf('uteBookings', `ub-${word.toLowerCase()}`)).toEqual([
      { id: second.id, title: `UB-${word}-1`, detail: 'Test Hilux · pending' },
      { id: first.id, title: `UB-${word}-2`, detail: `${word} Hilux · delivered` },
    ]);
    expect(idsOf(await hitsOf('uteBookings', `UB-${word}-2`))).toEqual([first.id]);
    expect(await hitsOf('uteBookings', word)).toEqual([]);
    expect(await hitsOf('jobBookings', `JB-${word}`)).toEqual([{ id: job.id, title: `JB-${word}`, detail: 'Couch move · delivered' }]);
    expect(idsOf(await hitsOf('jobBookings', job.id))).toEqual([job.id]);
  });

  it('finds live customer queries by email or id', async () => {
    const word = uniqueWord();
    const [query, deleted] = await createCustomerQueries(t.database.db, [
      { email: `${word}@factory.example.com.au`, createdAt: newestCreatedAt() },
      { email: `${word}.gone@factory.example.com.au`, createdAt: newestCreatedAt() },
    ]);
    await t.database.db.update(customerQueries).set({ deletedAt: new Date() }).where(eq(customerQueries.id, deleted.id));
    expect(await hitsOf('queries', word)).toEqual([{ id: query.id, title: 'Quinn Asker', detail: query.email }]);
    expect(idsOf(await hitsOf('queries', query.id))).toEqual([query.id]);
  });

  it('answers only the groups whose lists the caller may open', async () => {
    const expected: [AdminRole[], SearchGroup[]][] = [
      [['support'], ['users', 'queries']],
      [['moderator'], ['utes', 'jobs']],
      [['finance'], ['uteBookings', 'jobBookings']],
      [['content'], []],
      [
        ['support', 'finance'],
        ['users', 'uteBookings', 'jobBookings', 'queries'],
      ],
      [['owner'], [...SEARCH_GROUPS]],
    ];
    for (const [roles, groups] of expected) {
      const email = `search-${roles.join('-')}@test.local`;
      await upsertAdmin(t.database.db, email, await hashPassword('search-walk-password-1'), roles);
      const signIn = await t.request({ method: 'POST', url: '/sign-in', payload: { email, password: 'search-walk-password-1' }, token: null });
      expect(signIn.statusCode, signIn.body).toBe(200);
      const data = await search('smith', signIn.json<{ token: string }>().token);
      expect(
        data.map((result) => result.group),
        roles.join(','),
      ).toEqual(groups);
    }
  });
});

describe("the lists' id filter (where a search hit leads)", () => {
  it('answers only that row, whichever booking tab it is on', async () => {
    const db = t.database.db;
    const [ute] = await createUtes(db, 2);
    const [job] = await createJobs(db, 2);
    const [user] = await createUsers(db, 2);
    const [query] = await createCustomerQueries(db, 2);
    const { id: ownerId } = await createStripeOwner(db);
    const [manualUteBooking] = await createUteBookings(db, [{ ownerId, transactionId: null }, { ownerId }]);
    const [jobBooking] = await createJobBookings(db, [{ ownerId }, { ownerId }]);
    const cases: [string, string, (body: never) => { _id: string }[], (body: never) => number][] = [
      ['/get-all-ute-list', ute.id, (body: { data: { _id: string }[] }) => body.data, (body: { totalCount: number }) => body.totalCount],
      ['/get-all-job-list', job.id, (body: { data: { _id: string }[] }) => body.data, (body: { totalCount: number }) => body.totalCount],
      ['/all-users-data', user.id, (body: { data: { _id: string }[] }) => body.data, (body: { totalCount: number }) => body.totalCount],
      ['/all-queries', query.id, (body: { queries: { _id: string }[] }) => body.queries, (body: { totalCount: number }) => body.totalCount],
      ['/ute-booking-list', manualUteBooking.id, (body: { data: { _id: string }[] }) => body.data, (body: { totalCount: number }) => body.totalCount],
      ['/job-booking-list', jobBooking.id, (body: { data: { _id: string }[] }) => body.data, (body: { totalCount: number }) => body.totalCount],
    ];
    for (const [list, id, rowsOf, totalOf] of cases) {
      const response = await t.request({ method: 'GET', url: `${list}?id=${id}` });
      expect(response.statusCode, `${list}: ${response.body}`).toBe(200);
      const body = response.json<never>();
      expect(
        rowsOf(body).map((row) => row._id),
        list,
      ).toEqual([id]);
      expect(totalOf(body), list).toBe(1);
    }
  });

  it('rejects an id that is not a uuid with 400', async () => {
    const response = await t.request({ method: 'GET', url: '/get-all-ute-list?id=UTE-000001' });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe('id must be a valid id');
  });
});
