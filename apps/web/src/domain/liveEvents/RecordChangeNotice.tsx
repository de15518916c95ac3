import { useEffect, useState } from 'react';
import { changedByText } from '@ute/contract';
import { useRecordChange } from './recordChanges';

/** "12 s ago", "3 min ago", "2 h ago": how long since a colleague's change. */
export function agoText(at: string, now: number): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(at)) / 1000));
  if (seconds < 60) return `${seconds} s ago`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  return `${Math.floor(minutes / 60)} h ago`;
}

/** The current time, moving on every second while `isTicking`. */
function useNow(isTicking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!isTicking) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [isTicking]);
  return now;
}

/**
 * "Approved by Ava 12 s ago" under a list row's status or atop an open details dialog, once another
 * admin changed the record while this tab was open (features/liveEvents, docs/design.md §14). The
 * screen has already read the record again; this says who moved it.
 */
export function RecordChangeNotice({ recordType, recordId, className = '' }: { recordType: string; recordId: string | undefined; className?: string }) {
  const change = useRecordChange(recordType, recordId);
  const now = useNow(change !== undefined);
  if (!change) return null;
  return (
    <p role="status" className={`text-xs font-medium text-amber-800 ${className}`}>
      {changedByText(change)} {agoText(change.at, now)}
    </p>
  );
}
