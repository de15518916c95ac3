import type { AuditEntry } from '@ute/contract';
import { DetailsDialog } from '../../components/ui';
import { formatDateTime } from '../../lib/format';
import { AuditChanges } from './AuditChanges';
import { actionLabel, adminLabel, targetTypeLabel } from './auditView';

function JsonBlock({ title, value }: { title: string; value: unknown }) {
  return (
    <div>
      <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-600">{title}</h3>
      <pre className="mt-1 max-h-64 overflow-auto rounded border border-slate-200 bg-slate-50 p-2 text-xs text-slate-900">
        {value === null || value === undefined ? 'None' : JSON.stringify(value, null, 2)}
      </pre>
    </div>
  );
}

/** One audit entry in full: who, what, when, and the whole before and after. */
export function AuditEntryDialog({ entry, onClose }: { entry: AuditEntry | null; onClose: () => void }) {
  return (
    <DetailsDialog
      open={entry !== null}
      onOpenChange={(open) => !open && onClose()}
      title={entry ? `Audit entry #${entry.seq ?? entry.id}` : 'Audit entry'}
      fields={
        entry
          ? [
              { label: 'When', value: formatDateTime(entry.when) },
              { label: 'Admin', value: adminLabel(entry.admin) },
              { label: 'Action', value: `${actionLabel(entry.action)} (${entry.action})` },
              { label: 'Target', value: `${targetTypeLabel(entry.targetType)} ${entry.targetId ?? ''}`.trim() },
              { label: 'Request id', value: entry.requestId ?? 'N/A' },
              { label: 'Entry id', value: String(entry.id) },
            ]
          : []
      }
    >
      {entry && (
        <div className="mt-5 space-y-4">
          <div>
            <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-600">Changes</h3>
            <div className="mt-1">
              <AuditChanges before={entry.before} after={entry.after} isFull />
            </div>
          </div>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <JsonBlock title="Before" value={entry.before} />
            <JsonBlock title="After" value={entry.after} />
          </div>
        </div>
      )}
    </DetailsDialog>
  );
}
