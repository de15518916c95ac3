import { describe, expect, it } from 'vitest';
import { AUDIT_FIRST_DAY, AUDIT_LAST_DAY, auditExportQuerySchema, auditListQuerySchema, auditTexts } from './audit';

const messagesOf = (schema: typeof auditListQuerySchema | typeof auditExportQuerySchema, query: Record<string, string>) =>
  schema.safeParse(query).error?.issues.map((issue) => issue.message) ?? [];

describe('the audit date filters (from, to)', () => {
  for (const schema of [auditListQuerySchema, auditExportQuerySchema]) {
    it(`${schema === auditListQuerySchema ? 'list' : 'export'}: takes the days from ${AUDIT_FIRST_DAY} to ${AUDIT_LAST_DAY}, from on or before to`, () => {
      expect(schema.safeParse({ from: AUDIT_FIRST_DAY, to: AUDIT_LAST_DAY }).success).toBe(true);
      expect(schema.safeParse({ from: '2024-02-29', to: '2024-02-29' }).success).toBe(true);
      expect(schema.safeParse({ from: '', to: '' }).success).toBe(true);
    });

    it(`${schema === auditListQuerySchema ? 'list' : 'export'}: refuses a year out of range, a date that does not exist and a reversed range, each with one clear message`, () => {
      expect(messagesOf(schema, { from: '0000-01-01' })).toEqual([auditTexts.fromOutOfRange]);
      expect(messagesOf(schema, { to: '0000-12-31' })).toEqual([auditTexts.toOutOfRange]);
      expect(messagesOf(schema, { from: '1999-12-31' })).toEqual([auditTexts.fromOutOfRange]);
      expect(messagesOf(schema, { from: '2024-02-30' })).toEqual([auditTexts.fromInvalid]);
      expect(messagesOf(schema, { to: 'yesterday' })).toEqual([auditTexts.toInvalid]);
      expect(messagesOf(schema, { from: '10000-01-01' })).toEqual([auditTexts.fromInvalid]);
      expect(messagesOf(schema, { from: '2024-02-02', to: '2024-02-01' })).toEqual([auditTexts.rangeInvalid]);
    });
  }

  it('names the range in its messages', () => {
    expect(auditTexts.fromOutOfRange).toBe('from must be a day from 2000-01-01 to 9999-12-31');
  });
});
