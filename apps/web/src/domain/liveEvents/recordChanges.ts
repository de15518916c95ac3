import { useSyncExternalStore } from 'react';
import type { RecordChange } from '@ute/contract';

/**
 * The latest change other admins made to each record while this tab was open (docs/design.md §14),
 * by `recordType:recordId`: a list row or an open details dialog reads its own and says "Approved by
 * Ava 12 s ago". Kept for the tab's life; a record has at most one entry.
 */
const changes = new Map<string, RecordChange>();
const listeners = new Set<() => void>();

const keyOf = (recordType: string, recordId: string) => `${recordType}:${recordId}`;

export function rememberChange(change: RecordChange): void {
  changes.set(keyOf(change.recordType, change.recordId), change);
  for (const listener of listeners) listener();
}

export function forgetChanges(): void {
  changes.clear();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The last change another admin made to the record while this tab was open, if any. */
export function useRecordChange(recordType: string, recordId: string | undefined): RecordChange | undefined {
  return useSyncExternalStore(subscribe, () => (recordId ? changes.get(keyOf(recordType, recordId)) : undefined));
}
