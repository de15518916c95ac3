import { describe, expect, it } from 'vitest';
import { formatByUnit, formatChange, formatDuration } from './analyticsFormat';

describe('formatDuration', () => {
  it('says a duration in its two largest units', () => {
    expect(formatDuration(0)).toBe('0 s');
    expect(formatDuration(45)).toBe('45 s');
    expect(formatDuration(12 * 60)).toBe('12 min');
    expect(formatDuration(3 * 3600 + 20 * 60)).toBe('3 h 20 min');
    expect(formatDuration(3 * 3600)).toBe('3 h');
    expect(formatDuration(2 * 86400 + 4 * 3600)).toBe('2 d 4 h');
    expect(formatDuration(86400)).toBe('1 d');
  });

  it('carries a rounded-up smaller unit into the larger one', () => {
    expect(formatDuration(3600 + 59 * 60 + 50)).toBe('2 h');
    expect(formatDuration(86400 + 23 * 3600 + 59 * 60)).toBe('2 d');
  });
});

describe('formatByUnit', () => {
  it('formats each unit', () => {
    expect(formatByUnit('cents', 123450)).toBe('A$1,234.50');
    expect(formatByUnit('count', 12345)).toBe('12,345');
    expect(formatByUnit('seconds', 12000)).toBe('3 h 20 min');
    expect(formatByUnit('percent', 12.345)).toBe('12.3%');
    expect(formatByUnit('percent', 0)).toBe('0.0%');
    expect(formatByUnit('cents', null)).toBe('N/A');
  });
});

describe('formatChange', () => {
  it('signs the change and names the period compared with', () => {
    expect(formatChange(12.5)).toBe('+12.5% vs previous period');
    expect(formatChange(-3)).toBe('-3.0% vs previous period');
    expect(formatChange(0)).toBe('0.0% vs previous period');
    expect(formatChange(null)).toBe('No change to compare with the previous period');
  });
});
