import { describe, expect, it } from 'vitest';
import { NOTIFICATION_RECORD_TYPES, notificationPathOf } from '@ute/contract';
import { notificationHrefOf } from './notificationLinks';

describe('notificationHrefOf', () => {
  it('opens each record where the daily digest’s mail links it (the contract’s notificationPathOf)', () => {
    for (const recordType of NOTIFICATION_RECORD_TYPES) {
      const id = 'a1b2c3d4-0000-4000-8000-000000000001';
      expect(notificationHrefOf(recordType, id), recordType).toBe(notificationPathOf(recordType, id));
    }
  });
});
