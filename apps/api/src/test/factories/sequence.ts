import { randomUUID } from 'node:crypto';

/** Unique values for factory rows, so rows made by different tests of one file never collide. */
let counter = 0;
const run = Date.now().toString(36);

/** The next number of this test file's run (1, 2, 3...). */
export function nextSequence(): number {
  counter += 1;
  return counter;
}

/**
 * A reference such as `UTE-T<n>-<run>-<random>`: unique, none the start of another (a test may look
 * for it inside a mail subject), and without `%` or `_` (the searches take those literally).
 */
export function uniqueReference(prefix: string): string {
  return `${prefix}-T${nextSequence()}-${run}-${randomUUID().slice(0, 6)}`;
}

let newest = 0;
/**
 * A creation time a day ahead of now, later than any this file asked for before: the row it is
 * given is first on a newest-first list, whichever test of the file ran before.
 */
export function newestCreatedAt(): Date {
  newest = Math.max(newest + 1000, Date.now() + 86_400_000);
  return new Date(newest);
}
