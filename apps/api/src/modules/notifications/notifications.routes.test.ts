import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_RECORD_LISTS, notificationTexts, ROUTE_ACCESS, type Notification, type NotificationListResponse } from '@ute/contract';
import { admins } from '../../db/tables/auth.table';
import { disputes } from '../../db/tables/disputes.table';
import { notifications } from '../../db/tables/notifications.table';
import { payouts } from '../../db/tables/payouts.table';
import { stripeEvents } from '../../db/tables/webhooks.table';
import { createJobBooking, createUser, createUte, createUteBooking } from '../../test/factories';
import { createTestApp, engine, signInAs, TEST_ADMIN, type TestApp } from '../../test/testApp';
import { createNotificationsService } from './notifications.service';

const DAY_MS = 24 * 60 * 60_000;

/** The inbox api (docs/design.md §13) on both engines: mentions, the system events' triggers and job, read and read-all. */
describe(`notifications api (${engine})`, () => {
  let t: TestApp;
  let ownerId: string;
  let ownerToken: string;
  let finance: { id: string; token: string };
  let moderator: { id: string; token: string };
  let otherModerator: { id: string; token: string };
  let inactiveFinance: { id: string; token: string };
  let uteId: string;
  let uteRef: string;
  let ownerUserId: string;

  const db = () => t.database.db;
  const setName = (id: string, name: string) => db().update(admins).set({ name }).where(eq(admins.id, id));

  beforeAll(async () => {
    t = await createTestApp();
    const [owner] = await db().select({ id: admins.id }).from(admins).where(eq(admins.email, TEST_ADMIN.email));
    ownerId = owner.id;
    await setName(ownerId, 'Olive Owner');
    finance = await signInAs(t, ['finance']);
    moderator = await signInAs(t, ['moderator']);
    otherModerator = await signInAs(t, ['moderator']);
    inactiveFinance = await signInAs(t, ['finance']);
    await setName(finance.id, 'Fiona Finance');
    await setName(moderator.id, 'Mo Moderator');
    await setName(otherModerator.id, 'Max Moderator');
    await db().update(admins).set({ isActive: false }).where(eq(admins.id, inactiveFinance.id));
    const ute = await createUte(db());
    uteId = ute.id;
    uteRef = ute.uteId;
    ownerUserId = (await createUser(db())).id;
    ownerToken = t.token;
  });
  afterAll(() => t.close());

  const inboxOf = async (token: string): Promise<NotificationListResponse> => {
    const response = await t.request({ method: 'GET', url: '/notifications', token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<NotificationListResponse>();
  };
  const ofKind = async (token: string, kind: Notification['kind'], recordId: string) =>
    (await inboxOf(token)).data.filter((notification) => notification.kind === kind && notification.recordId === recordId);
  const addNote = (body: string, token: string) => t.request({ method: 'POST', url: `/notes/ute/${uteId}/add`, payload: { body }, token });
  const rowsFor = (recordId: string) => db().select().from(notifications).where(eq(notifications.recordId, recordId));

  describe('mentions', () => {
    it('notifies the mentioned admin, not the author, pointing at the note’s record', async () => {
      const response = await addNote('Check the photos @[Mo Moderator] and @[Olive Owner]', ownerToken);
      expect(response.statusCode, response.body).toBe(200);
      const noteId = response.json<{ data: { id: string } }>().data.id;

      const [notification] = await ofKind(moderator.token, 'mention', uteId);
      expect(notification).toMatchObject({
        kind: 'mention',
        title: `Olive Owner mentioned you on ute ${uteRef}`,
        recordType: 'ute',
        recordId: uteId,
        readAt: null,
      });
      expect(await ofKind(ownerToken, 'mention', uteId)).toEqual([]);
      expect(await ofKind(otherModerator.token, 'mention', uteId)).toEqual([]);
      const [row] = await db().select().from(notifications).where(eq(notifications.noteId, noteId));
      expect(row.recipientId).toBe(moderator.id);
    });

    it('on an edit, notifies only the newly mentioned admins', async () => {
      const created = await addNote('Hold on @[Mo Moderator]', ownerToken);
      const noteId = created.json<{ data: { id: string } }>().data.id;
      const edited = await t.request({
        method: 'PATCH',
        url: `/notes/${noteId}`,
        payload: { body: 'Hold on @[Mo Moderator] @[Max Moderator]' },
        token: ownerToken,
      });
      expect(edited.statusCode, edited.body).toBe(200);
      const rows = await db().select({ recipientId: notifications.recipientId }).from(notifications).where(eq(notifications.noteId, noteId));
      expect(rows.map((row) => row.recipientId).sort()).toEqual([moderator.id, otherModerator.id].sort());
    });
  });

  describe('GET /api/admin/notifications and marking them read', () => {
    it('answers mine newest first with the unread count, marks one read (404 for another’s or an unknown id) and all read', async () => {
      const before = await inboxOf(moderator.token);
      expect(before.unreadCount).toBeGreaterThanOrEqual(2);
      expect(before.unreadCount).toBe(before.data.filter((notification) => notification.readAt === null).length);
      const times = before.data.map((notification) => notification.createdAt);
      expect([...times].sort().reverse()).toEqual(times);
      const [first] = before.data;

      // Another admin's notification is as unknown as a random id: 404, and it stays unread.
      const stranger = await t.request({ method: 'POST', url: `/notifications/${first.id}/read`, token: otherModerator.token });
      expect(stranger.statusCode).toBe(404);
      const unknown = await t.request({ method: 'POST', url: `/notifications/${randomUUID()}/read`, token: moderator.token });
      expect(unknown.statusCode).toBe(404);
      const badId = await t.request({ method: 'POST', url: '/notifications/not-an-id/read', token: moderator.token });
      expect(badId.statusCode).toBe(400);

      const read = await t.request({ method: 'POST', url: `/notifications/${first.id}/read`, token: moderator.token });
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json()).toEqual({ message: notificationTexts.read, unreadCount: before.unreadCount - 1 });
      const again = await t.request({ method: 'POST', url: `/notifications/${first.id}/read`, token: moderator.token });
      expect(again.json()).toMatchObject({ unreadCount: before.unreadCount - 1 });
      const after = await inboxOf(moderator.token);
      expect(after.data.find((notification) => notification.id === first.id)?.readAt).not.toBeNull();

      const all = await t.request({ method: 'POST', url: '/notifications/read-all', token: moderator.token });
      expect(all.statusCode).toBe(200);
      expect(all.json()).toEqual({ message: notificationTexts.allRead, unreadCount: 0 });
      expect((await inboxOf(moderator.token)).unreadCount).toBe(0);
      // Another admin's stay unread.
      expect((await inboxOf(otherModerator.token)).unreadCount).toBeGreaterThan(0);
    });

    it('refuses a caller without a token with 401', async () => {
      expect((await t.request({ method: 'GET', url: '/notifications', token: null })).statusCode).toBe(401);
      expect((await t.request({ method: 'POST', url: '/notifications/read-all', token: null })).statusCode).toBe(401);
    });
  });

  describe('system events', () => {
    it('names in SQL the roles of the lists the contract maps them to (the triggers pass finance)', () => {
      for (const recordType of ['uteBooking', 'jobBooking', 'webhookEvent', 'dispute'] as const) {
        expect(ROUTE_ACCESS[NOTIFICATION_RECORD_LISTS[recordType]], recordType).toEqual(['finance']);
      }
    });

    it('a payout that fails notifies finance and owners once, not a moderator or an inactive admin', async () => {
      const booking = await createUteBooking(db(), { ownerId: ownerUserId });
      const [payout] = await db()
        .insert(payouts)
        .values({ bookingKind: 'ute', bookingId: booking.id, ownerId: ownerUserId, amountCents: 1000, method: 'stripe', idempotencyKey: randomUUID() })
        .returning();
      expect(await rowsFor(booking.id)).toEqual([]);
      await db().execute(sql`update payouts set status = 'failed', failure_message = 'card declined' where id = ${payout.id}`);
      // Failed again (a retry's outcome recorded twice): still one each.
      await db().execute(sql`update payouts set status = 'pending' where id = ${payout.id}`);
      await db().execute(sql`update payouts set status = 'failed' where id = ${payout.id}`);

      const recipients = (await rowsFor(booking.id)).map((row) => row.recipientId);
      expect(recipients).toContain(finance.id);
      expect(recipients).toContain(ownerId);
      expect(recipients).not.toContain(moderator.id);
      expect(recipients).not.toContain(inactiveFinance.id);
      expect(new Set(recipients).size).toBe(recipients.length);
      const [notification] = await ofKind(finance.token, 'payoutFailed', booking.id);
      expect(notification).toMatchObject({ title: `Payout failed for ute booking ${booking.uteBookingId}`, recordType: 'uteBooking', readAt: null });
      expect(await ofKind(moderator.token, 'payoutFailed', booking.id)).toEqual([]);
    });

    it('a job booking’s payout inserted as failed notifies too, pointing at the job booking', async () => {
      const booking = await createJobBooking(db(), { ownerId: ownerUserId });
      await db().insert(payouts).values({
        bookingKind: 'job',
        bookingId: booking.id,
        ownerId: ownerUserId,
        amountCents: 500,
        method: 'stripe',
        idempotencyKey: randomUUID(),
        status: 'failed',
      });
      const [notification] = await ofKind(finance.token, 'payoutFailed', booking.id);
      expect(notification).toMatchObject({ title: `Payout failed for job booking ${booking.jobBookingId}`, recordType: 'jobBooking' });
    });

    it('a Stripe event whose processing fails notifies finance and owners once', async () => {
      const eventId = `evt_${randomUUID().replaceAll('-', '')}`;
      await db().insert(stripeEvents).values({ id: eventId, type: 'transfer.reversed', livemode: false, payload: {} });
      expect(await rowsFor(eventId)).toEqual([]);
      await db().update(stripeEvents).set({ state: 'failed' }).where(eq(stripeEvents.id, eventId));
      await db().update(stripeEvents).set({ state: 'received' }).where(eq(stripeEvents.id, eventId));
      await db().update(stripeEvents).set({ state: 'failed' }).where(eq(stripeEvents.id, eventId));

      const recipients = (await rowsFor(eventId)).map((row) => row.recipientId);
      expect(recipients.filter((id) => id === finance.id)).toHaveLength(1);
      expect(recipients.filter((id) => id === ownerId)).toHaveLength(1);
      expect(recipients).not.toContain(moderator.id);
      const [notification] = await ofKind(finance.token, 'webhookFailed', eventId);
      expect(notification).toMatchObject({ title: 'Webhook event failed: transfer.reversed', recordType: 'webhookEvent' });
    });

    it('the dispute job notifies finance and owners once per dispute whose evidence is due within 3 days and not submitted', async () => {
      const now = Date.now();
      const disputeOf = async (status: string, dueInMs: number, submitted = false) => {
        const [row] = await db()
          .insert(disputes)
          .values({
            stripeDisputeId: `du_${randomUUID().replaceAll('-', '')}`,
            amountCents: 2000,
            currency: 'aud',
            reason: 'fraudulent',
            status,
            stripeCreatedAt: new Date(now - DAY_MS),
            lastEventAt: new Date(now - DAY_MS),
            evidenceDueBy: new Date(now + dueInMs),
            evidenceSubmittedAt: submitted ? new Date(now) : null,
          })
          .returning();
        return row;
      };
      const dueSoon = await disputeOf('needs_response', 2 * DAY_MS);
      const dueLater = await disputeOf('needs_response', 5 * DAY_MS);
      const submitted = await disputeOf('needs_response', DAY_MS, true);
      const closed = await disputeOf('won', DAY_MS);

      const service = createNotificationsService({ db: db(), now: () => now });
      await service.notifyDisputesEvidenceDue();
      await service.notifyDisputesEvidenceDue();

      const recipients = (await rowsFor(dueSoon.id)).map((row) => row.recipientId);
      expect(recipients.filter((id) => id === finance.id)).toHaveLength(1);
      expect(recipients.filter((id) => id === ownerId)).toHaveLength(1);
      expect(recipients).not.toContain(moderator.id);
      expect(recipients).not.toContain(inactiveFinance.id);
      for (const other of [dueLater, submitted, closed]) expect(await rowsFor(other.id)).toEqual([]);
      const [notification] = await ofKind(finance.token, 'disputeEvidenceDue', dueSoon.id);
      expect(notification).toMatchObject({ recordType: 'dispute', title: expect.stringContaining(dueSoon.stripeDisputeId) as unknown });

      // Two days on, the later one comes into the window; the first is not notified again.
      await createNotificationsService({ db: db(), now: () => now + 2 * DAY_MS + 60_000 }).notifyDisputesEvidenceDue();
      expect((await rowsFor(dueLater.id)).map((row) => row.recipientId)).toContain(finance.id);
      expect((await rowsFor(dueSoon.id)).filter((row) => row.recipientId === finance.id)).toHaveLength(1);
    });
  });
});
