import { describe, expect, it } from 'vitest';
import { initialsOf, isOverdue, waitText } from './workItemView';

const NOW = Date.parse('2026-12-07T00:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('workItemView', () => {
  it('says how long an item has waited in its largest unit', () => {
    expect(waitText(ago(10_000), NOW)).toBe('1 min');
    expect(waitText(ago(42 * 60_000), NOW)).toBe('42 min');
    expect(waitText(ago(3 * 60 * 60_000 + 5), NOW)).toBe('3 h');
    expect(waitText(ago(50 * 60 * 60_000), NOW)).toBe('2 d');
  });

  it('is overdue from its overdueAt on', () => {
    expect(isOverdue({ overdueAt: ago(1) }, NOW)).toBe(true);
    expect(isOverdue({ overdueAt: ago(0) }, NOW)).toBe(true);
    expect(isOverdue({ overdueAt: ago(-1) }, NOW)).toBe(false);
  });

  it('makes initials of the first and last names', () => {
    expect(initialsOf('Mo Moderator')).toBe('MM');
    expect(initialsOf('  ava  de la cruz ')).toBe('AC');
    expect(initialsOf('olive')).toBe('O');
    expect(initialsOf(' ')).toBe('?');
  });
});
