import { describe, expect, it } from 'vitest';
import { LIST_EXPORT_PATHS, NOTIFICATION_RECORD_TYPES, notificationPathOf } from '@ute/contract';
import { notificationHrefOf } from './notificationLinks';

describe('notificationHrefOf', () => {
  it('opens each record where the daily digest’s mail links it (the contract’s notificationPathOf)', () => {
    for (const recordType of NOTIFICATION_RECORD_TYPES) {
      const id = 'a1b2c3d4-0000-4000-8000-000000000001';
      expect(notificationHrefOf(recordType, id), recordType).toBe(notificationPathOf(recordType, id));
    }
  });

  it('opens the list an export was taken from, for every list that exports', () => {
    for (const fileName of Object.keys(LIST_EXPORT_PATHS))
      expect(notificationHrefOf('export', fileName), fileName).toBe(notificationPathOf('export', fileName));
    expect(notificationHrefOf('export', 'unknown')).toBe('/');
  });
});
