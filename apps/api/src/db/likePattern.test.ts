import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../test/testApp';
import { queryRows } from './database';
import { containsPattern, emailTermMatch, indexedPattern, lowerEmailTermMatch, lowerTermMatch, termMatch } from './likePattern';

describe('indexedPattern', () => {
  it.each([
    // The first four characters of each of the three longest words, in the term's order.
    ['Landscaping supplies in Ballarat', '%Land%supp%Ball%'],
    ["Angus's Isuzu D-Max", '%Angu%Isuz%Max%'],
    ['angus.brown.q10002', '%angu%brow%q100%'],
    // Ties keep the earlier word; a word under three characters is none.
    ['move a fridge from Carlton to Fitzroy', '%frid%Carl%Fitz%'],
    ['to be', undefined],
    // One word is asked for whole: its start could be in many more rows.
    ['appliance', undefined],
    ['%_\\ evie', undefined],
    // Letters of any script, by code point.
    ['Zoë Ångström', '%Zoë%Ångs%'],
  ])('%s → %s', (term, pattern) => {
    expect(indexedPattern(term)).toBe(pattern);
  });
});

/** Texts a term of several words could be mistaken in: words apart, out of order, in other words, other case, wildcards. */
const TEXTS = [
  'Landscaping supplies in Ballarat',
  'LANDSCAPING SUPPLIES IN BALLARAT EAST',
  'Landscaping supplies to Ballarat',
  'Ballarat landscaping supplies in',
  'Landscaping, supplies in Ballarat',
  'landscaping supplies in ballarat and landscaping supplies in ballarat',
  'Angus Brown',
  'angus.brown.q10002@example.com.au',
  'angus.brown.q10002@other.com.au',
  'angus.browne.q10002@example.com.au',
  '100% Angus_Brown',
  'Zoë Ångström',
  'zoë ångströms',
];

const TERMS = [
  'Landscaping supplies in Ballarat',
  'supplies in Ballarat',
  'landscaping supplies',
  'Angus Brown',
  'angus.brown.q10002@example.com.au',
  'angus.brown.q10002',
  '100% Angus_Brown',
  'Zoë Ångström',
];

describe('a term of several words finds what the whole term finds', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  /** The texts `match` finds, given the column as its search table holds it (lower-cased) or not. */
  const found = async (match: (column: SQL) => SQL, lowered = false) => {
    const values = sql.join(
      TEXTS.map((text) => sql`(${text})`),
      sql`, `,
    );
    const rows = await queryRows<{ text: string }>(
      t.database.db,
      sql`select text from (values ${values}) as texts (text) where ${match(lowered ? sql`lower(text)` : sql`text`)} order by text`,
    );
    return rows.map((row) => row.text);
  };

  it.each(TERMS)('%s', async (term) => {
    const expected = await found((column) => sql`${column} ilike ${containsPattern(term)}`);
    expect(expected.length).toBeGreaterThan(0);
    expect(await found((column) => termMatch(column, term))).toEqual(expected);
    expect(await found((column) => emailTermMatch(column, term))).toEqual(expected);
    expect(await found((column) => lowerTermMatch(column, term), true)).toEqual(expected);
    expect(await found((column) => lowerEmailTermMatch(column, term), true)).toEqual(expected);
  });
});
