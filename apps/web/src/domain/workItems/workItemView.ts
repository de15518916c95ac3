import type { WorkItemSummary } from '@ute/contract';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How long an item has waited, in its largest unit: "12 min", "3 h", "2 d". */
export function waitText(enteredAt: string, now: number): string {
  const waited = Math.max(0, now - Date.parse(enteredAt));
  if (waited < HOUR) return `${Math.max(1, Math.floor(waited / MINUTE))} min`;
  if (waited < DAY) return `${Math.floor(waited / HOUR)} h`;
  return `${Math.floor(waited / DAY)} d`;
}

/** Whether the item is past its queue's threshold (the api's `overdueAt`). */
export const isOverdue = (item: Pick<WorkItemSummary, 'overdueAt'>, now: number): boolean => Date.parse(item.overdueAt) <= now;

/** An admin's initials for the list's holder mark: "Mo Moderator" gives "MM", "ava" gives "A". */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const letters = words.length === 1 ? [words[0][0]] : [words[0][0], words[words.length - 1][0]];
  return letters.join('').toUpperCase();
}
