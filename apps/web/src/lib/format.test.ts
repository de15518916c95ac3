import { describe, expect, it } from 'vitest';
import { formatAud, formatBudget, formatCentsAud, formatDateTime, formatSignedCentsAud, listOrNA, orNA, truncateChars, truncateWords } from './format';

describe('formatters', () => {
  it('formats dollars and cents as AUD in en-US style', () => {
    expect(formatAud(1234.5)).toBe('A$1,234.50');
    expect(formatCentsAud(123450)).toBe('A$1,234.50');
    expect(formatAud(null)).toBe('N/A');
  });
  it('signs a change of cents, and shows a debt with a minus sign', () => {
    expect(formatSignedCentsAud(1250)).toBe('+A$12.50');
    expect(formatSignedCentsAud(-300)).toBe('-A$3.00');
    expect(formatSignedCentsAud(0)).toBe('A$0.00');
    expect(formatCentsAud(-4550)).toBe('-A$45.50');
  });
  it('prefixes budgets with a dollar sign', () => {
    expect(formatBudget(250)).toBe('$250');
    expect(formatBudget(null)).toBe('N/A');
  });
  it('shows en-AU dates with time and a fallback', () => {
    expect(formatDateTime('2026-03-04T05:06:00Z')).toMatch(/^\d{2}\/\d{2}\/2026, \d{2}:\d{2}/);
    expect(formatDateTime(null, 'No date')).toBe('No date');
    expect(formatDateTime('not a date')).toBe('N/A');
  });
  it('cuts previews by characters and by words', () => {
    expect(truncateChars('a'.repeat(60), 50)).toBe(`${'a'.repeat(50)}...`);
    expect(truncateChars('short', 50)).toBe('short');
    expect(truncateWords('one two three four five six', 5)).toBe('one two three four five...');
    expect(truncateWords('one two', 5)).toBe('one two');
  });
  it('shows N/A for missing values', () => {
    expect(orNA(null)).toBe('N/A');
    expect(orNA('  ')).toBe('N/A');
    expect(orNA('x')).toBe('x');
    expect(listOrNA([])).toBe('N/A');
    expect(listOrNA(['a', 'b'])).toBe('a, b');
  });
});
