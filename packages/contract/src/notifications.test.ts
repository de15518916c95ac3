import { describe, expect, it } from 'vitest';
import { isNotifiedOf, NOTE_RECORD_LISTS, NOTIFICATION_RECORD_LISTS } from './listRoutes';
import { NOTE_RECORD_TYPES } from './notes';
import {
  NOTIFICATION_RECORD_TYPES,
  notificationDigestBodySchema,
  notificationListResponseSchema,
  notificationPathOf,
  notificationTexts,
} from './notifications';

describe('notifications', () => {
  it('open every record a note can be on, Stripe’s events, disputes and finished exports, each through its list', () => {
    expect(NOTIFICATION_RECORD_TYPES).toEqual([...NOTE_RECORD_TYPES, 'webhookEvent', 'dispute', 'export']);
    for (const type of NOTE_RECORD_TYPES) expect(NOTIFICATION_RECORD_LISTS[type]).toBe(NOTE_RECORD_LISTS[type]);
    expect(NOTIFICATION_RECORD_LISTS.webhookEvent).toBe('webhookEvents');
    expect(NOTIFICATION_RECORD_LISTS.dispute).toBe('disputes');
  });

  it('notify of a money record the admins who open its list: finance and owners, not a moderator', () => {
    for (const type of ['uteBooking', 'jobBooking', 'webhookEvent', 'dispute'] as const) {
      expect(isNotifiedOf(['finance'], type)).toBe(true);
      expect(isNotifiedOf(['owner'], type)).toBe(true);
      expect(isNotifiedOf(['moderator', 'support', 'content'], type)).toBe(false);
    }
  });

  it('answers the list with its unread count and refuses an unknown kind', () => {
    const item = { id: 'n1', kind: 'mention', title: 'T', recordType: 'ute', recordId: 'u1', createdAt: '2026-11-01T00:00:00.000Z', readAt: null };
    expect(notificationListResponseSchema.parse({ data: [item], unreadCount: 1 }).unreadCount).toBe(1);
    expect(notificationListResponseSchema.safeParse({ data: [{ ...item, kind: 'assignment' }], unreadCount: 1 }).success).toBe(false);
  });

  it('take the digest preference as a boolean only, with one clear message', () => {
    expect(notificationDigestBodySchema.parse({ enabled: true })).toEqual({ enabled: true });
    for (const body of [{}, { enabled: 'true' }, { enabled: null }]) {
      expect(notificationDigestBodySchema.safeParse(body).error?.issues.map((issue) => issue.message)).toEqual([notificationTexts.digestEnabledInvalid]);
    }
    expect(notificationDigestBodySchema.safeParse({ enabled: false, adminId: 'someone' }).success).toBe(false);
  });

  it('link each record in the digest’s mail with its id encoded', () => {
    expect(notificationPathOf('ute', 'a/b')).toBe('/ute-list?open=a%2Fb');
    expect(notificationPathOf('quote', 'q1')).toBe('/shipment/q1');
    expect(notificationPathOf('dispute', 'd1')).toBe('/disputes?status=needs_response');
    expect(notificationPathOf('export', 'ute-bookings')).toBe('/booking-list');
    expect(notificationPathOf('export', 'not-a-list')).toBe('/');
  });
});
