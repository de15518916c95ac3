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
