import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { RecordChange } from '@ute/contract';
import { agoText, RecordChangeNotice } from './RecordChangeNotice';
import { forgetChanges, rememberChange } from './recordChanges';

const change = (overrides: Partial<RecordChange> = {}): RecordChange => ({
  recordType: 'ute',
  recordId: 'ute-1',
  action: 'ute.status',
  status: 'Approved',
  adminId: 'admin-ava',
  adminName: 'Ava',
  at: new Date(Date.now() - 12_000).toISOString(),
  ...overrides,
});

afterEach(() => act(() => forgetChanges()));

describe('RecordChangeNotice', () => {
  it('says nothing until a colleague changes the record, then who did what and how long ago', () => {
    render(<RecordChangeNotice recordType="ute" recordId="ute-1" />);
    expect(screen.queryByRole('status')).toBeNull();
    act(() => rememberChange(change()));
    expect(screen.getByRole('status')).toHaveTextContent(/^Approved by Ava 1[23] s ago$/);
  });

  it('reads only its own record’s change', () => {
    render(<RecordChangeNotice recordType="ute" recordId="ute-2" />);
    act(() => rememberChange(change()));
    act(() => rememberChange(change({ recordType: 'job', recordId: 'ute-2' })));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('names the change of actions without a status, and the system for changes no admin made', () => {
    render(<RecordChangeNotice recordType="ute" recordId="ute-1" />);
    act(() => rememberChange(change({ action: 'ute.delete', status: null, adminName: null, adminId: null })));
    expect(screen.getByRole('status')).toHaveTextContent(/^Deleted by the system \d+ s ago$/);
  });
});

describe('agoText', () => {
  const now = Date.parse('2026-11-29T10:00:00Z');
  it.each([
    ['2026-11-29T09:59:48Z', '12 s ago'],
    ['2026-11-29T09:57:00Z', '3 min ago'],
    ['2026-11-29T07:30:00Z', '2 h ago'],
    // A server clock slightly ahead never reads as the future.
    ['2026-11-29T10:00:02Z', '0 s ago'],
  ])('%s is %s', (at, text) => expect(agoText(at, now)).toBe(text));
});
