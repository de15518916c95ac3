import type { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { createdDayTexts, searchTextSchema, textSchema } from './common';
import { bookingExportQuerySchema, jobExportQuerySchema, queryExportQuerySchema, userExportQuerySchema, uteExportQuerySchema } from './exports';
import { blogFieldsSchema, faqBodySchema, faqUpdateBodySchema, sendPriceBodySchema, shipmentUpdateBodySchema } from './content';
import { jobListQuerySchema, uteListQuerySchema } from './listings';
import { bookingListQuerySchema, bookingListTexts, manualPaymentListQuerySchema, paymentListQuerySchema } from './money';
import { queryListQuerySchema, replyBodySchema, userListQuerySchema } from './people';

/** Texts PostgreSQL cannot store (NUL) or that are not Unicode (a surrogate half without its partner). */
const BAD_TEXTS = ['\u0000', 'a\u0000b', '\uD800', '\uDFFFx', 'ok\uD83D'];

describe('textSchema', () => {
  const title = textSchema('Title', { error: 'Title is required' }).trim().min(1, 'Title is required').max(10, 'Title is too long');

  it('keeps the rules chained after it', () => {
    expect(title.parse('  hello ')).toBe('hello');
    expect(title.safeParse(' ').error?.issues[0].message).toBe('Title is required');
    expect(title.safeParse(undefined).error?.issues[0].message).toBe('Title is required');
    expect(title.safeParse('x'.repeat(11)).error?.issues[0].message).toBe('Title is too long');
  });

  it('answers only "<label> contains a character that is not allowed" for NUL and lone surrogates', () => {
    for (const text of BAD_TEXTS) {
      expect(title.safeParse(text).error?.issues.map((issue) => issue.message)).toEqual(['Title contains a character that is not allowed']);
    }
    expect(title.safeParse(`${'x'.repeat(20)}\u0000`).error?.issues.map((issue) => issue.message)).toEqual(['Title contains a character that is not allowed']);
  });

  it('is the base of the shared search text', () => {
    expect(searchTextSchema.parse(' ute ')).toBe('ute');
    expect(searchTextSchema.safeParse('a\u0000b').error?.issues[0].message).toBe('search contains a character that is not allowed');
  });
});

/** Every string field of the classic-zod request schemas: a valid request, and the field to spoil. */
const REQUEST_FIELDS: [string, z.ZodType, Record<string, unknown>, string][] = [
  ['ute list search', uteListQuerySchema, { search: 'x' }, 'search'],
  ['job list search', jobListQuerySchema, { search: 'x' }, 'search'],
  ['payment list search', paymentListQuerySchema, { search: 'x' }, 'search'],
  ['manual payment list search', manualPaymentListQuerySchema, { search: 'x' }, 'search'],
  ['user list search', userListQuerySchema, { search: 'x' }, 'search'],
  ['query list email', queryListQuerySchema, { email: 'x' }, 'email'],
  ['FAQ question', faqBodySchema, { question: 'Q?', answer: 'A.' }, 'question'],
  ['FAQ answer', faqUpdateBodySchema, { question: 'Q?', answer: 'A.' }, 'answer'],
  ['blog title', blogFieldsSchema, { title: 'T', description: 'D', user: 'U' }, 'title'],
  ['blog description', blogFieldsSchema, { title: 'T', description: 'D', user: 'U' }, 'description'],
  ['blog user', blogFieldsSchema, { title: 'T', description: 'D', user: 'U' }, 'user'],
  ['query reply', replyBodySchema, { queryId: '6f1c2a4e-8b1d-4c3e-9f5a-2b7d8e9f0a1b', reply: 'Thanks' }, 'reply'],
  ['shipment notes', shipmentUpdateBodySchema, { notes: 'Leave at the gate' }, 'notes'],
  ['quote price email', sendPriceBodySchema, { email: 'a@b.co', price: '10' }, 'email'],
  ['quote price', sendPriceBodySchema, { email: 'a@b.co', price: '10' }, 'price'],
];

describe('every request string of the classic schemas refuses NUL and lone surrogates', () => {
  it.each(REQUEST_FIELDS)('%s', (_label, schema, valid, field) => {
    expect(schema.safeParse(valid).success).toBe(true);
    for (const bad of ['a\u0000b', '\uD800']) {
      const value = String(valid[field]);
      const result = schema.safeParse({ ...valid, [field]: `${value.slice(0, 1)}${bad}${value.slice(1)}` });
      expect(result.success, `${field} with ${JSON.stringify(bad)}`).toBe(false);
      expect(result.error?.issues.map((issue) => issue.path.join('.'))).toContain(field);
    }
  });

  it('names the field in the message', () => {
    expect(faqBodySchema.safeParse({ question: 'Why\u0000?', answer: 'ok' }).error?.issues[0].message).toBe(
      'Question contains a character that is not allowed',
    );
    expect(shipmentUpdateBodySchema.safeParse({ notes: '\uDFFF' }).error?.issues[0].message).toBe('notes contains a character that is not allowed');
  });
});

/** The lists Analytics drills down to, and their exports: each takes the created-day range, checked the same way. */
const CREATED_DAY_LISTS: [string, z.ZodType][] = [
  ['ute list', uteListQuerySchema],
  ['job list', jobListQuerySchema],
  ['booking list', bookingListQuerySchema],
  ['user list', userListQuerySchema],
  ['query list', queryListQuerySchema],
  ['ute export', uteExportQuerySchema],
  ['job export', jobExportQuerySchema],
  ['booking export', bookingExportQuerySchema],
  ['user export', userExportQuerySchema],
  ['query export', queryExportQuerySchema],
];

describe('the created-day filter of the lists (createdFrom, createdTo)', () => {
  const messagesOf = (schema: z.ZodType, query: Record<string, unknown>) => schema.safeParse(query).error?.issues.map((issue) => issue.message);

  it.each(CREATED_DAY_LISTS)('%s takes either bound or both, one day included', (_label, schema) => {
    for (const query of [{}, { createdFrom: '2026-11-01' }, { createdTo: '2026-11-07' }, { createdFrom: '2026-11-01', createdTo: '2026-11-01' }]) {
      expect(schema.safeParse(query).success, JSON.stringify(query)).toBe(true);
    }
  });

  it.each(CREATED_DAY_LISTS)('%s refuses what is not a day, and a range that ends before it starts', (_label, schema) => {
    expect(messagesOf(schema, { createdFrom: '2026-02-30' })).toEqual([createdDayTexts.createdFromInvalid]);
    expect(messagesOf(schema, { createdTo: '1/11/2026' })).toEqual([createdDayTexts.createdToInvalid]);
    expect(messagesOf(schema, { createdFrom: '2026-11-02', createdTo: '2026-11-01' })).toEqual([createdDayTexts.createdToBeforeFrom]);
  });

  it('lets the booking lists narrow to one status, as stored', () => {
    expect(bookingListQuerySchema.parse({ status: ' delivered ' }).status).toBe('delivered');
    expect(messagesOf(bookingListQuerySchema, { status: '' })).toEqual([bookingListTexts.statusInvalid]);
    expect(messagesOf(bookingListQuerySchema, { status: 'x'.repeat(41) })).toEqual([bookingListTexts.statusInvalid]);
  });
});
