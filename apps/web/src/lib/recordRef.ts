/**
 * The record an action is about: its id, and its version as the screen loaded it (sent as If-Match,
 * so the api answers 409 when someone changed it since: docs/design.md §14).
 */
export interface RecordRef {
  id: string;
  version?: string;
}
