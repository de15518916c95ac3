/** A regular expression matching `text` literally. */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A work queue's sidebar badge, by its accessible name: "12 waiting: Pending utes", or "12 waiting,
 * 3 overdue: Pending utes" when items are past their queue's threshold (docs/design.md §15). Without
 * `count`, any count.
 */
export function waitingBadgeName(label: string, count?: number): RegExp {
  return new RegExp(`^${count ?? '\\d+'} waiting(, \\d+ overdue)?: ${literal(label)}$`);
}

/** A sidebar link that is an entry, not a badge beside one (waiting, overdue or mine). */
export const NOT_A_BADGE = /^(?!\d+ (waiting|mine)[:,] )/;
