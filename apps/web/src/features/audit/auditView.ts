import { AUDIT_TIME_ZONE, auditTexts, type AuditEntry } from '@ute/contract';

/** One field of an entry's change: changed (old → new), added (only after) or removed (only before). */
export interface FieldChange {
  field: string;
  kind: 'changed' | 'added' | 'removed';
  before?: string;
  after?: string;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value as one short line: text as it is, anything else (numbers, objects, arrays) as compact JSON. */
export function compactValue(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value) ?? String(value);
}

/** The value's JSON, with `undefined` written as null so equal values compare equal. */
const canonical = (value: unknown): string => JSON.stringify(value ?? null, (_key, inner: unknown) => (isPlainObject(inner) ? sortedObject(inner) : inner));

function sortedObject(value: Record<string, unknown>): Record<string, unknown> {
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) sorted[key] = value[key];
  return sorted;
}

/**
 * What an entry changed, field by field, in the order the fields first appear: a field in both
 * before and after that differs is `changed`, one only after is `added`, one only before `removed`.
 * Equal fields are left out. A before or after that is not an object counts as one field, `value`.
 */
export function diffChanges(before: unknown, after: unknown): FieldChange[] {
  const hasBefore = before !== null && before !== undefined;
  const hasAfter = after !== null && after !== undefined;
  const beforeFields = isPlainObject(before) ? before : hasBefore ? { value: before } : {};
  const afterFields = isPlainObject(after) ? after : hasAfter ? { value: after } : {};
  const fields = [...new Set([...Object.keys(beforeFields), ...Object.keys(afterFields)])];
  const changes: FieldChange[] = [];
  for (const field of fields) {
    const isBefore = Object.hasOwn(beforeFields, field);
    const isAfter = Object.hasOwn(afterFields, field);
    if (isBefore && isAfter) {
      if (canonical(beforeFields[field]) !== canonical(afterFields[field])) {
        changes.push({ field, kind: 'changed', before: compactValue(beforeFields[field] ?? null), after: compactValue(afterFields[field] ?? null) });
      }
    } else if (isAfter) {
      // An entry with no before at all (a creation) lists what was created, not a diff against nothing.
      changes.push({ field, kind: 'added', after: compactValue(afterFields[field] ?? null) });
    } else {
      changes.push({ field, kind: 'removed', before: compactValue(beforeFields[field] ?? null) });
    }
  }
  return changes;
}

/** "Ute status", "Bank details read": an action name as words. */
export function actionLabel(action: string): string {
  const words = action.replace(/[._-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** "customer_query" → "Customer query". */
export function targetTypeLabel(targetType: string): string {
  const words = targetType.replace(/_+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function adminLabel(admin: AuditEntry['admin']): string {
  if (!admin) return auditTexts.system;
  return admin.name && admin.name !== admin.email ? `${admin.name} (${admin.email})` : admin.email || admin.id;
}

/** Today's calendar day where the date filters count days (YYYY-MM-DD). */
export function auditToday(now = new Date()): string {
  return now.toLocaleDateString('en-CA', { timeZone: AUDIT_TIME_ZONE });
}

/** Long values are cut in the table; the details dialog shows them whole. */
export function truncateMiddle(text: string, max = 80): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
