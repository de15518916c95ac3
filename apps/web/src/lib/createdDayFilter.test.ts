import { describe, expect, it } from 'vitest';
import { createdDayLabel, createdDayQuery, formatCalendarDay } from './createdDayFilter';

describe('createdDayLabel', () => {
  it('names a range, one day, or one bound, as calendar days wherever the browser is', () => {
    expect(createdDayLabel({ createdFrom: '2026-11-01', createdTo: '2026-11-07' })).toBe('Created 1 Nov 2026 – 7 Nov 2026');
    expect(createdDayLabel({ createdFrom: '2026-04-05', createdTo: '2026-04-05' })).toBe('Created 5 Apr 2026');
    expect(createdDayLabel({ createdFrom: '2026-11-01', createdTo: '' })).toBe('Created from 1 Nov 2026');
    expect(createdDayLabel({ createdFrom: '', createdTo: '2026-11-07' })).toBe('Created until 7 Nov 2026');
  });

  it('shows what is not a day as it is', () => {
    expect(formatCalendarDay('2026-02-30x')).toBe('2026-02-30x');
    expect(formatCalendarDay('soon')).toBe('soon');
  });
});

describe('createdDayQuery', () => {
  it('sends only the bounds that are set', () => {
    expect(createdDayQuery({ createdFrom: '2026-11-01', createdTo: '' })).toEqual({ createdFrom: '2026-11-01', createdTo: undefined });
    expect(createdDayQuery({})).toEqual({ createdFrom: undefined, createdTo: undefined });
  });
});
