import { useMemo, useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { apiPaths, AUDIT_PAGE_SIZE, AUDIT_SYSTEM_ADMIN, auditTexts, type AuditEntry, type AuditVerifyResponse } from '@ute/contract';
import { Button, DateRangeFields, EmptyState, ExportCsvButton, Field, PageHeader, PagedListView, SearchBox, fieldClass } from '../../components/ui';
import { screens } from '../../config/screens';
import { downloadFile } from '../../lib/apiClient';
import { formatDateTime } from '../../lib/format';
import { useSession } from '../../lib/session';
import { useKeepPageInRange } from '../../lib/useKeepPageInRange';
import { useListParams } from '../../lib/useListParams';
import { queryKeys } from '../../lib/queryKeys';
import { auditQueryOf, useAuditLog, useVerifyAudit } from './api';
import { AuditChanges } from './AuditChanges';
import { AuditEntryDialog } from './AuditEntryDialog';
import { actionLabel, adminLabel, targetTypeLabel } from './auditView';

/** The choices of a filter's select, keeping the current value even when the log has none of it. */
function withCurrent(values: readonly string[], current: string): string[] {
  return current && !values.includes(current) ? [current, ...values] : [...values];
}

function VerifyResult({ result }: { result: AuditVerifyResponse }) {
  return (
    <div
      role="status"
      className={`mb-4 rounded-md border px-4 py-3 text-sm ${result.ok ? 'border-green-300 bg-green-50 text-green-900' : 'border-red-300 bg-red-50 text-red-900'}`}
    >
      <p className="font-semibold">{result.ok ? auditTexts.intact(result.entries) : auditTexts.broken(result.firstBrokenSeq, result.reason)}</p>
      <p className="mt-1 break-all text-xs">Chain head: {result.headHash}</p>
    </div>
  );
}

export function AuditLogPage() {
  const [params, setParams] = useListParams(screens.auditLog);
  const { page, ...filter } = params;
  const list = useAuditLog(params);
  const roles = useSession((session) => session.user?.roles ?? []);
  const isOwner = roles.includes('owner');
  const queryClient = useQueryClient();
  const [verifyResult, setVerifyResult] = useState<AuditVerifyResponse | null>(null);
  const verify = useVerifyAudit({ onSuccess: (result) => setVerifyResult(result) });
  const [openEntry, setOpenEntry] = useState<AuditEntry | null>(null);
  const choices = list.data?.filters;
  const hasFilter = Object.values(filter).some(Boolean);

  useKeepPageInRange(list, page, AUDIT_PAGE_SIZE, setParams);

  const handleVerify = () => {
    setVerifyResult(null);
    verify.mutate();
  };

  const columns = useMemo<ColumnDef<AuditEntry, unknown>[]>(
    () => [
      { id: 'when', header: 'When', cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(row.original.when)}</span> },
      { id: 'admin', header: 'Admin', cell: ({ row }) => <span className="break-words">{adminLabel(row.original.admin)}</span> },
      {
        id: 'action',
        header: 'Action',
        cell: ({ row }) => (
          <span className="whitespace-nowrap" title={row.original.action}>
            {actionLabel(row.original.action)}
          </span>
        ),
      },
      {
        id: 'target',
        header: 'Target',
        cell: ({ row }) => (
          <span className="block">
            <span className="block whitespace-nowrap">{targetTypeLabel(row.original.targetType)}</span>
            {row.original.targetId && <span className="block break-all font-mono text-xs text-slate-600">{row.original.targetId}</span>}
          </span>
        ),
      },
      { id: 'changes', header: 'Changes', cell: ({ row }) => <AuditChanges before={row.original.before} after={row.original.after} maxFields={4} /> },
      {
        id: 'actions',
        header: () => <span className="sr-only">Details</span>,
        cell: ({ row }) => (
          <Button
            size="sm"
            variant="secondary"
            aria-label={`View audit entry #${row.original.seq ?? row.original.id}`}
            onClick={() => setOpenEntry(row.original)}
          >
            View
          </Button>
        ),
      },
    ],
    [],
  );

  return (
    <section>
      <PageHeader title="Audit Log">
        {isOwner && (
          <Button variant="secondary" onClick={handleVerify} disabled={verify.isPending}>
            <ShieldCheck className={`h-4 w-4 ${verify.isPending ? 'animate-pulse' : ''}`} aria-hidden="true" />
            {verify.isPending ? 'Verifying…' : 'Verify'}
          </Button>
        )}
        <ExportCsvButton
          path={apiPaths.auditExport}
          query={auditQueryOf(filter)}
          download={downloadFile}
          totalRows={list.data?.totalCount}
          // The export is itself logged: show that entry.
          onDone={() => void queryClient.invalidateQueries({ queryKey: queryKeys.audit.all })}
        />
        {/* The internal notes of the records this admin may open (docs/design.md §11): their bodies are not in the log's entries. */}
        <ExportCsvButton
          path={apiPaths.notesExport}
          query={{}}
          download={downloadFile}
          label="Export notes"
          onDone={() => void queryClient.invalidateQueries({ queryKey: queryKeys.audit.all })}
        />
      </PageHeader>
      {verifyResult && <VerifyResult result={verifyResult} />}
      <div
        className="mb-4 grid grid-cols-1 gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-6"
        role="group"
        aria-label="Filters"
      >
        <Field label="Admin">
          {(id) => (
            <select id={id} className={fieldClass} value={filter.adminId} onChange={(event) => setParams({ adminId: event.target.value })}>
              <option value="">Any admin</option>
              <option value={AUDIT_SYSTEM_ADMIN}>{auditTexts.system}</option>
              {withCurrent(
                (choices?.admins ?? []).map((admin) => admin.id),
                filter.adminId === AUDIT_SYSTEM_ADMIN ? '' : filter.adminId,
              ).map((adminId) => {
                const admin = choices?.admins.find((candidate) => candidate.id === adminId);
                return (
                  <option key={adminId} value={adminId}>
                    {admin ? adminLabel(admin) : adminId}
                  </option>
                );
              })}
            </select>
          )}
        </Field>
        <Field label="Action">
          {(id) => (
            <select id={id} className={fieldClass} value={filter.action} onChange={(event) => setParams({ action: event.target.value })}>
              <option value="">Any action</option>
              {withCurrent(choices?.actions ?? [], filter.action).map((action) => (
                <option key={action} value={action}>
                  {actionLabel(action)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Target type">
          {(id) => (
            <select id={id} className={fieldClass} value={filter.targetType} onChange={(event) => setParams({ targetType: event.target.value })}>
              <option value="">Any target</option>
              {withCurrent(choices?.targetTypes ?? [], filter.targetType).map((targetType) => (
                <option key={targetType} value={targetType}>
                  {targetTypeLabel(targetType)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className="flex flex-col gap-1">
          <span className="text-sm font-medium text-slate-800" aria-hidden="true">
            Target id
          </span>
          <SearchBox value={filter.targetId} onSearch={(targetId) => setParams({ targetId })} placeholder="Target id" label="Target id" />
        </div>
        <DateRangeFields from={filter.from} to={filter.to} onChange={setParams} />
        <p className="text-xs text-slate-600 sm:col-span-2 lg:col-span-3 xl:col-span-5">
          Dates are calendar days in Sydney time.{' '}
          {isOwner ? 'Every admin action is listed.' : 'You see the money entries: payouts, payments, receipts and bank details.'}
        </p>
        {hasFilter && (
          <Button variant="ghost" size="sm" onClick={() => setParams({ adminId: '', action: '', targetType: '', targetId: '', from: '', to: '' })}>
            Clear filters
          </Button>
        )}
      </div>
      <PagedListView
        list={list}
        columns={columns}
        getRowId={(entry) => String(entry.id)}
        caption="Audit log entries, newest first"
        empty={<EmptyState title={hasFilter ? 'No entries match these filters' : 'No entries yet'} />}
        paging={{ page, pageSize: AUDIT_PAGE_SIZE, onPageChange: (next) => setParams({ page: next }) }}
      />
      <AuditEntryDialog entry={openEntry} onClose={() => setOpenEntry(null)} />
    </section>
  );
}
