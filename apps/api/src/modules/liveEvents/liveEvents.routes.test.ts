import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_BASE,
  staleTexts,
  type QuoteListResponse,
  type RecordChange,
  type QueryListResponse,
  type Ute,
  type UserListResponse,
  type UteListResponse,
  type WorkQueueCount,
} from '@ute/contract';
import { admins } from '../../db/tables/auth.table';
import { notifications } from '../../db/tables/notifications.table';
import { createCustomerQuery, createOwnerBankAccount, createPayment, createShipment, createUser, createUte, createUteBooking } from '../../test/factories';
import { buildApp } from '../../app';
import { openPostgres } from '../../db/database';
import { createTestApp, engine, signInAs, type TestApp } from '../../test/testApp';

interface ReceivedEvent {
  event: string;
  data: unknown;
}

/** An open stream of GET /events read as its events arrive (a real socket: inject cannot stream). */
async function openStream(baseUrl: string, token: string) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}${API_BASE}/events`, { headers: { authorization: `Bearer ${token}` }, signal: controller.signal });
  const received: ReceivedEvent[] = [];
  let isEnded = false;
  const reading = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data) received.push({ event, data: JSON.parse(data) });
        }
      }
    } catch {
      // aborted by the test
    }
    isEnded = true;
  })();
  /** The first event of that name (after `from` events) matching `test`, waited for up to 5 s. */
  async function next<T>(event: string, test: (data: T) => boolean = () => true, from = 0): Promise<T> {
    const deadline = Date.now() + 5000;
    for (;;) {
      const found = received.slice(from).find((item) => item.event === event && test(item.data as T));
      if (found) return found.data as T;
      if (Date.now() > deadline) throw new Error(`no ${event} event; received ${JSON.stringify(received)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  return {
    response,
    received,
    next,
    get isEnded() {
      return isEnded;
    },
    close: async () => {
      controller.abort();
      await reading;
    },
  };
}

/** Live events and the optimistic check (docs/design.md §14), on both engines. */
describe(`live events (${engine})`, () => {
  let t: TestApp;
  let baseUrl: string;
  let ava: { id: string; token: string };
  let ben: { id: string; token: string };
  let support: { id: string; token: string };
  let otherSupport: { id: string; token: string };

  beforeAll(async () => {
    t = await createTestApp();
    ava = await signInAs(t, ['moderator']);
    ben = await signInAs(t, ['moderator']);
    support = await signInAs(t, ['support']);
    otherSupport = await signInAs(t, ['support']);
    await t.database.db.update(admins).set({ name: 'Ava Moderator' }).where(eq(admins.id, ava.id));
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  const pendingUte = async (): Promise<Ute> => {
    const created = await createUte(t.database.db, { status: 'Pending' });
    const list = await t.request({ method: 'GET', url: `/get-all-ute-list?page=1&pageSize=10&id=${created.id}`, token: ben.token });
    expect(list.statusCode, list.body).toBe(200);
    return list.json<UteListResponse>().data[0];
  };
  const setStatus = (id: string, status: string, token: string, headers: Record<string, string> = {}, payload?: unknown) =>
    t.request({ method: 'PATCH', url: `/user-ute-status/${id}?status=${status}`, token, headers, payload });

  describe('the optimistic check (If-Match)', () => {
    it('lists each row with its version, which an action on the unchanged row passes', async () => {
      const ute = await pendingUte();
      expect(ute.version).toMatch(/^\d+$/);
      const response = await setStatus(ute._id, 'Approved', ava.token, { 'if-match': `"${ute.version}"` });
      expect(response.statusCode, response.body).toBe(200);
    });

    it('answers 409 with who changed the record and when, after someone else acted on it', async () => {
      const ute = await pendingUte();
      expect((await setStatus(ute._id, 'Approved', ava.token, { 'if-match': `"${ute.version}"` })).statusCode).toBe(200);
      const stale = await setStatus(ute._id, 'Rejected', ben.token, { 'if-match': `"${ute.version}"` }, { reason: 'photos' });
      expect(stale.statusCode).toBe(409);
      expect(stale.json<{ message: string }>().message).toMatch(
        /^Approved by Ava Moderator at \d{1,2}:\d{2}:\d{2}\s?(am|pm), after you opened it\. Reload to see the change\.$/,
      );
      // Nothing was changed by the refused call.
      const after = await t.request({ method: 'GET', url: `/get-all-ute-list?page=1&pageSize=10&id=${ute._id}`, token: ben.token });
      expect(after.json<UteListResponse>().data[0].status).toBe('Approved');
      const deleteStale = await t.request({ method: 'PUT', url: `/delete-ute/${ute._id}`, token: ben.token, headers: { 'if-match': ute.version } });
      expect(deleteStale.statusCode).toBe(409);
    });

    it('refuses an If-Match that is no version (400), and checks nothing without one or with *', async () => {
      const ute = await pendingUte();
      const bad = await setStatus(ute._id, 'Approved', ava.token, { 'if-match': 'yesterday' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ message: string }>().message).toBe(staleTexts.badIfMatch);
      expect((await setStatus(ute._id, 'Approved', ava.token, { 'if-match': '*' })).statusCode).toBe(200);
      const other = await pendingUte();
      await setStatus(other._id, 'Approved', ava.token);
      // Without If-Match the call keeps its old meaning: the state rules alone decide.
      expect((await setStatus(other._id, 'Rejected', ben.token, {}, { reason: 'photos' })).statusCode).toBe(200);
    });

    it('guards a user’s status and deletion the same way', async () => {
      const created = await createUser(t.database.db);
      const [user] = (await t.request({ method: 'GET', url: `/all-users-data?page=1&limit=1&id=${created.id}`, token: support.token })).json<UserListResponse>()
        .data;
      const toggle = user.isActive ? 'inActive' : 'active';
      const first = await t.request({
        method: 'PUT',
        url: `/update-user-status/${user._id}`,
        token: support.token,
        payload: { status: toggle },
        headers: { 'if-match': user.version },
      });
      expect(first.statusCode, first.body).toBe(200);
      const back = await t.request({
        method: 'PUT',
        url: `/update-user-status/${user._id}`,
        token: otherSupport.token,
        payload: { status: user.isActive ? 'active' : 'inActive' },
        headers: { 'if-match': user.version },
      });
      expect(back.statusCode).toBe(409);
      expect(back.json<{ message: string }>().message).toMatch(/^(Activated|Deactivated) by .+ at .+, after you opened it\. Reload to see the change\.$/);
      const deletion = await t.request({ method: 'PUT', url: `/delete-user/${user._id}`, token: otherSupport.token, headers: { 'if-match': user.version } });
      expect(deletion.statusCode).toBe(409);
    });

    it('counts a colleague’s reply as a change of the query', async () => {
      const created = await createCustomerQuery(t.database.db);
      const [query] = (await t.request({ method: 'GET', url: `/all-queries?page=1&limit=1&id=${created.id}`, token: support.token })).json<QueryListResponse>()
        .queries;
      const reply = (text: string, token: string) =>
        t.request({
          method: 'PATCH',
          url: '/reply-query',
          token,
          payload: { queryId: query._id, reply: text },
          headers: { 'if-match': query.version },
        });
      expect((await reply('We are on it.', support.token)).statusCode).toBe(200);
      // Its author again, from the same stale page (a retry, another tab): they know of their reply.
      expect((await reply('And a follow-up.', support.token)).statusCode).toBe(200);
      const second = await reply('Me too.', otherSupport.token);
      expect(second.statusCode).toBe(409);
      expect(second.json<{ message: string }>().message).toMatch(/^Answered by .+ at .+, after you opened it\. Reload to see the change\.$/);
      const deletion = await t.request({
        method: 'PUT',
        url: `/delete-queries/${query._id}`,
        token: otherSupport.token,
        headers: { 'if-match': query.version },
      });
      expect(deletion.statusCode).toBe(409);
    });

    it('refuses a second price for a quote a colleague priced since it was opened (one mail, one price)', async () => {
      const created = await createShipment(t.database.db, { status: 'requested', email: 'customer@example.com' });
      const [quote] = (await t.request({ method: 'GET', url: '/all-shipments?page=1&limit=100', token: ben.token }))
        .json<QuoteListResponse>()
        .data.filter((row) => row._id === created.id);
      const price = (amount: string, token: string) =>
        t.request({ method: 'POST', url: `/send-quote-price-email/${quote._id}`, token, payload: { price: amount }, headers: { 'if-match': quote.version } });
      expect((await price('120', ava.token)).statusCode).toBe(200);
      const second = await price('95', ben.token);
      expect(second.statusCode).toBe(409);
      expect(second.json<{ message: string }>().message).toMatch(/^Priced by Ava Moderator at .+, after you opened it\. Reload to see the change\.$/);
      const stored = (await t.request({ method: 'GET', url: `/single-shipment-detail/${quote._id}`, token: ben.token })).json<{ data: { price: number } }>()
        .data;
      expect(stored.price).toBe(120);
    });

    it('refuses a manual payout of a booking a colleague changed since it was loaded, saying who (no payout written)', async () => {
      const finance = await signInAs(t, ['finance'], { twoFactor: true });
      const otherFinance = await signInAs(t, ['finance'], { twoFactor: true });
      const owner = await createUser(t.database.db);
      await createOwnerBankAccount(t.database.db, { ownerId: owner.id });
      const booking = await createUteBooking(t.database.db, { ownerId: owner.id, status: 'delivered', transactionId: null });
      const listed = (await t.request({ method: 'GET', url: `/ute-booking-list?payment=manual&id=${booking.id}`, token: finance.token })).json<{
        data: { _id: string; version: string }[];
      }>().data[0];
      expect(listed.version).toMatch(/^\d+$/);
      // A colleague holds the booking's payout meanwhile (an audited change of the booking).
      const held = await t.request({ method: 'PUT', url: `/transfer-manual-payment/${booking.id}`, token: otherFinance.token, payload: { kind: 'ute' } });
      expect(held.statusCode, held.body).toBe(200);
      const stale = await t.request({
        method: 'PUT',
        url: `/transfer-manual-payment/${booking.id}`,
        token: finance.token,
        payload: { kind: 'ute' },
        headers: { 'if-match': listed.version },
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json<{ message: string }>().message).toMatch(/^Paid out manually by .+ at .+, after you opened it\. Reload to see the change\.$/);
    });

    it('refuses accepting a manual payment a colleague accepted since it was loaded, saying who', async () => {
      const finance = await signInAs(t, ['finance'], { twoFactor: true });
      const otherFinance = await signInAs(t, ['finance'], { twoFactor: true });
      const payment = await createPayment(t.database.db, { isStripe: false, status: 'pending', transactionId: null });
      const listed = (await t.request({ method: 'GET', url: '/get-update-manual-status?page=1&limit=100&kind=ute', token: finance.token }))
        .json<{ data: { _id: string; version?: string }[] }>()
        .data.concat(
          (await t.request({ method: 'GET', url: '/get-update-manual-status?page=1&limit=100&kind=job', token: finance.token })).json<{
            data: { _id: string; version?: string }[];
          }>().data,
        )
        .find((row) => row._id === payment.id)!;
      expect(listed.version).toMatch(/^\d+$/);
      const accept = (token: string) =>
        t.request({ method: 'PUT', url: `/update-manual-status/${payment.id}`, token, headers: { 'if-match': listed.version! } });
      expect((await accept(otherFinance.token)).statusCode).toBe(200);
      const stale = await accept(finance.token);
      expect(stale.statusCode).toBe(409);
      expect(stale.json<{ message: string }>().message).toMatch(/^Accepted by .+ at .+, after you opened it\. Reload to see the change\.$/);
    });

    it('still answers 404 for an unknown record before any version check', async () => {
      const response = await setStatus('00000000-0000-4000-8000-000000000000', 'Approved', ava.token, { 'if-match': '"1"' });
      expect(response.statusCode).toBe(404);
    });
  });

  describe('the stream', () => {
    it('starts with the work queues and hears a colleague’s change, the new counts and nothing it may not open', async () => {
      const ute = await pendingUte();
      const stream = await openStream(baseUrl, ben.token);
      const supportStream = await openStream(baseUrl, support.token);
      try {
        expect(stream.response.status).toBe(200);
        expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
        const first = await stream.next<WorkQueueCount[]>('workQueues');
        const pendingBefore = first.find((queue) => queue.queue === 'pendingUtes')!.count;
        const seen = stream.received.length;

        expect((await setStatus(ute._id, 'Approved', ava.token)).statusCode).toBe(200);

        const change = await stream.next<RecordChange>('record', (data) => data.recordId === ute._id, seen);
        expect(change).toMatchObject({ recordType: 'ute', action: 'ute.status', status: 'Approved', adminId: ava.id, adminName: 'Ava Moderator' });
        // The counts after the change (an earlier notice may still bring the old ones first).
        const pendingOf = (counts: WorkQueueCount[]) => counts.find((queue) => queue.queue === 'pendingUtes')!.count;
        await stream.next<WorkQueueCount[]>('workQueues', (counts) => pendingOf(counts) === pendingBefore - 1, seen);
        // Support cannot open the utes: it hears of no ute, and its queues are its own.
        await supportStream.next<WorkQueueCount[]>('workQueues');
        expect(supportStream.received.filter((item) => item.event === 'record')).toEqual([]);
      } finally {
        await stream.close();
        await supportStream.close();
      }
    });

    it('tells only the recipient of a notification', async () => {
      const stream = await openStream(baseUrl, ben.token);
      const other = await openStream(baseUrl, ava.token);
      try {
        await stream.next('workQueues');
        await other.next('workQueues');
        await t.database.db
          .insert(notifications)
          .values({ recipientId: ben.id, kind: 'mention', title: 'Ava mentioned you', recordType: 'ute', recordId: 'x', eventKey: `test:${Date.now()}` });
        await stream.next('notification');
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(other.received.filter((item) => item.event === 'notification')).toEqual([]);
      } finally {
        await stream.close();
        await other.close();
      }
    });

    it.runIf(engine === 'postgres')('hears a change made through another api process (LISTEN/NOTIFY)', async () => {
      const otherDatabase = openPostgres(t.database.url!, 2);
      const otherProcess = await buildApp({ config: t.config, database: otherDatabase, logger: false });
      const ute = await pendingUte();
      const stream = await openStream(baseUrl, ben.token);
      try {
        await stream.next('workQueues');
        const response = await otherProcess.inject({
          method: 'PATCH',
          url: `${API_BASE}/user-ute-status/${ute._id}?status=Approved`,
          headers: { authorization: `Bearer ${ava.token}` },
        });
        expect(response.statusCode, response.body).toBe(200);
        await stream.next<RecordChange>('record', (data) => data.recordId === ute._id && data.adminName === 'Ava Moderator');
      } finally {
        await stream.close();
        await otherProcess.close();
        await otherDatabase.close();
      }
    });

    it('closes on sign-out, and refuses a revoked token (401)', async () => {
      const admin = await signInAs(t, ['moderator']);
      const stream = await openStream(baseUrl, admin.token);
      await stream.next('workQueues');
      expect(t.app.ctx.liveEvents.size).toBeGreaterThan(0);
      expect((await t.request({ method: 'POST', url: '/sign-out', token: admin.token })).statusCode).toBe(200);
      await stream.next('signedOut');
      for (let waited = 0; !stream.isEnded && waited < 5000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(stream.isEnded).toBe(true);
      const again = await fetch(`${baseUrl}${API_BASE}/events`, { headers: { authorization: `Bearer ${admin.token}` } });
      expect(again.status).toBe(401);
    });
  });
});
