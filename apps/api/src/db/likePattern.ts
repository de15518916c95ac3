import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (char) => `\\${char}`);

/** `%term%` for ILIKE, with the wildcard characters of the term taken literally. */
export function containsPattern(term: string): string {
  return `%${escapeLike(term)}%`;
}

/** `term%` for ILIKE (the text starts with the term), wildcards taken literally. */
export function prefixPattern(term: string): string {
  return `${escapeLike(term)}%`;
}

/** `% term%` for ILIKE (a word after a space starts with the term), wildcards taken literally. */
export function wordPrefixPattern(term: string): string {
  return `% ${escapeLike(term)}%`;
}

/**
 * What the trigram index is asked for when a term has two or more words (runs of 3+ letters or
 * digits): the first four characters of each of its three longest, in the term's order, as one
 * LIKE pattern (`%land%supp%ball%` for "Landscaping supplies in Ballarat"). Every text holding the
 * term holds that pattern, so the index finds every match, and the whole term is checked on what it
 * finds (`column || ''` keeps it out of the index). The whole term's trigrams include the words' edges
 * (" in", "n b"), which are in nearly every row, and the index reads each trigram's posting list: on
 * the bench's 250,000 jobs of a search table's half, that title's count took 13.3 ms, 2.7 ms asked
 * this way (3.7 ms with five characters, 7.4 ms with whole words); an address's local part
 * "angus.brown.q10002" 2.0 → 0.7 ms. A one-word term is asked for whole: its first four characters
 * could be in many more rows ("char" in "Richard"), each one rechecked.
 */
export function indexedPattern(term: string): string | undefined {
  const words = [...term.matchAll(/[\p{L}\p{N}]{3,}/gu)].map((match) => ({ word: match[0], at: match.index }));
  if (words.length < 2) return undefined;
  const longest = [...words].sort((a, b) => b.word.length - a.word.length || a.at - b.at).slice(0, 3);
  const starts = longest.sort((a, b) => a.at - b.at).map(({ word }) => Array.from(word).slice(0, 4).join(''));
  return `%${starts.join('%')}%`;
}

/** The pattern the trigram index is asked for: indexedPattern, or else the whole term. */
const askedPattern = (term: string) => indexedPattern(term) ?? containsPattern(term);

/** `column (i)like pattern` for the index, and the whole term checked on what it finds when the index is asked for less (indexedPattern). */
function indexedMatch(column: AnyColumn | SQL, indexed: string, term: string, lowered: boolean): SQL {
  const like = (target: SQL, pattern: string) => (lowered ? sql`${target} like lower(${pattern})` : sql`${target} ilike ${pattern}`);
  if (indexed === containsPattern(term)) return like(sql`${column}`, indexed);
  return sql`(${like(sql`${column}`, indexed)} and ${like(sql`(${column} || '')`, containsPattern(term))})`;
}

/**
 * Whether a term matches the starts of words (termMatch): 1 or 2 characters (UTF-16 code units, as
 * the trigram path counts them) have no trigram of their own.
 */
export const matchesWordStarts = (term: string) => term.length < 3;

/**
 * A search term inside a text column, case-insensitive, in a shape its pg_trgm index serves: from 3
 * characters anywhere in the text (a term of several words asks the index for indexedPattern); a
 * 1- or 2-character term has no trigram of its own (`%ol%` would read the whole index), so it
 * matches the start of the text or of a word, which the index holds with its word-start padding
 * (docs/product.md §2.3).
 */
export function termMatch(column: AnyColumn | SQL, term: string): SQL {
  if (!matchesWordStarts(term)) return indexedMatch(column, askedPattern(term), term, false);
  return sql`(${column} ilike ${prefixPattern(term)} or ${column} ilike ${wordPrefixPattern(term)})`;
}

/**
 * termMatch on a search table's lower-cased `term` (db/tables/search.table.ts): LIKE on lower-cased
 * text matches what ILIKE matches on the original, at a third of its cost per row.
 */
export function lowerTermMatch(column: AnyColumn | SQL, term: string): SQL {
  if (!matchesWordStarts(term)) return indexedMatch(column, askedPattern(term), term, true);
  return sql`(${column} like lower(${prefixPattern(term)}) or ${column} like lower(${wordPrefixPattern(term)}))`;
}

/** The part of an e-mail search term before its "@", when the trigram index can look it up (3+ characters). */
function localPartOf(term: string): string | undefined {
  const at = term.indexOf('@');
  return at >= 3 ? term.slice(0, at) : undefined;
}

/**
 * The pattern the trigram index is asked for, for a term on an e-mail column: a term with an "@" by
 * the part before it (as indexedPattern asks for a term of several words), and the whole term is
 * checked on those rows only: the domain's trigrams ("exa", "com", ".au") are in nearly every
 * address, so asking the index for them reads posting lists of the whole table. A whole address
 * among 1,000,000 users: 44 → 10 ms (EXPLAIN ANALYZE on the bench's data). It finds the same rows.
 */
function emailAskedPattern(term: string): string {
  return askedPattern(localPartOf(term) ?? term);
}

/** termMatch on an e-mail column. */
export function emailTermMatch(column: AnyColumn | SQL, term: string): SQL {
  if (matchesWordStarts(term)) return termMatch(column, term);
  return indexedMatch(column, emailAskedPattern(term), term, false);
}

/** emailTermMatch on a search table's lower-cased `term`. */
export function lowerEmailTermMatch(column: AnyColumn | SQL, term: string): SQL {
  if (matchesWordStarts(term)) return lowerTermMatch(column, term);
  return indexedMatch(column, emailAskedPattern(term), term, true);
}
