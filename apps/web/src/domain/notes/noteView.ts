/** "9 min left" / "less than a minute left": the time left to edit a note. */
export function editTimeLeftText(editableUntil: string, now: number): string {
  const minutes = Math.floor((Date.parse(editableUntil) - now) / 60_000);
  return minutes >= 1 ? `${minutes} min left` : 'less than a minute left';
}
