import { diffChanges, truncateMiddle } from './auditView';

/**
 * An entry's before/after as a readable diff: "field: old → new" per changed field, added and
 * removed fields marked. `isFull` shows whole values (the details dialog); else they are cut short.
 */
export function AuditChanges({ before, after, isFull = false, maxFields }: { before: unknown; after: unknown; isFull?: boolean; maxFields?: number }) {
  const changes = diffChanges(before, after);
  if (changes.length === 0) return <span className="text-slate-600">No field changes</span>;
  const shown = maxFields === undefined ? changes : changes.slice(0, maxFields);
  const cut = (text: string | undefined) => (isFull ? (text ?? '') : truncateMiddle(text ?? '', 60));
  return (
    <ul className="space-y-0.5 text-xs">
      {shown.map((change) => (
        <li key={change.field} className={`break-words ${isFull ? '' : 'max-w-md'}`}>
          <span className="font-semibold text-slate-800">{change.field}</span>
          {change.kind === 'added' && <span className="ml-1 rounded bg-green-100 px-1 text-green-800">added</span>}
          {change.kind === 'removed' && <span className="ml-1 rounded bg-red-100 px-1 text-red-800">removed</span>}
          <span className="text-slate-700">: </span>
          {change.kind === 'changed' && (
            <>
              <del className="text-red-800">{cut(change.before)}</del>
              <span> → </span>
              <ins className="text-green-800 no-underline">{cut(change.after)}</ins>
            </>
          )}
          {change.kind === 'added' && <ins className="text-green-800 no-underline">{cut(change.after)}</ins>}
          {change.kind === 'removed' && <del className="text-red-800">{cut(change.before)}</del>}
        </li>
      ))}
      {shown.length < changes.length && <li className="text-slate-600">and {changes.length - shown.length} more</li>}
    </ul>
  );
}
