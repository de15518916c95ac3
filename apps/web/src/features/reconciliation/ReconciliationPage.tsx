import { Link } from 'react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { ListChecks } from 'lucide-react';
import { canCall, type ReconciliationRun } from '@ute/contract';
import { Button, EmptyState, PagedListView, PageHeader, StatusBadge } from '../../components/ui';
import { screens } from '../../config/screens';
import { formatDateTime } from '../../lib/format';
import { useSession } from '../../lib/session';
import { useKeepPageInRange } from '../../lib/useKeepPageInRange';
import { useListParams } from '../../lib/useListParams';
import { RECONCILIATION_RUNS_PAGE_SIZE, useReconciliationRuns, useRunReconciliation } from './api';
import { discrepancyCountText, periodText, RUN_STATUS_TONES, startedByText } from './reconciliationView';

const RUN_COLUMNS: ColumnDef<ReconciliationRun, unknown>[] = [
  {
    id: 'createdAt',
    header: 'Run',
    cell: ({ row }) => (
      <Link
        to={screens.reconciliationRun.href({ id: row.original.id })}
        className="whitespace-nowrap font-medium text-brand-700 underline-offset-2 hover:underline"
      >
        {formatDateTime(row.original.createdAt)}
      </Link>
    ),
  },
  { id: 'period', header: 'Period', cell: ({ row }) => <span className="block min-w-40">{periodText(row.original)}</span> },
  { id: 'status', header: 'Status', cell: ({ row }) => <StatusBadge label={row.original.status} tone={RUN_STATUS_TONES[row.original.status]} /> },
  { id: 'transfersChecked', header: 'Transfers checked', cell: ({ row }) => <span className="tabular-nums">{row.original.transfersChecked}</span> },
  {
    id: 'manualPayoutsChecked',
    header: 'Bank payouts checked',
    cell: ({ row }) => <span className="tabular-nums">{row.original.manualPayoutsChecked}</span>,
  },
  {
    id: 'discrepancies',
    header: 'Discrepancies',
    cell: ({ row }) => (
      <span className={`whitespace-nowrap tabular-nums ${row.original.openCount > 0 ? 'font-medium text-red-700' : ''}`}>
        {discrepancyCountText(row.original)}
      </span>
    ),
  },
  { id: 'startedBy', header: 'Started by', cell: ({ row }) => <span className="break-all">{startedByText(row.original)}</span> },
  { id: 'error', header: 'Note', cell: ({ row }) => <span className="block min-w-48 max-w-sm break-words">{row.original.error ?? 'N/A'}</span> },
];

/**
 * Reconciliation: the ledger's Stripe transfers checked against Stripe's own list, by the daily job
 * or "Reconcile now". A run's discrepancies stay open until finance explains each one (its page).
 */
export function ReconciliationPage() {
  const [params, setParams] = useListParams(screens.reconciliation);
  const runs = useReconciliationRuns(params.page);
  const roles = useSession((session) => session.user?.roles ?? []);
  const canRun = canCall(roles, 'runReconciliation');
  // The new run is the newest: the first page shows it.
  const reconcile = useRunReconciliation({ onSuccess: () => setParams({ page: 1 }) });

  useKeepPageInRange(runs, params.page, RECONCILIATION_RUNS_PAGE_SIZE, setParams);

  return (
    <section>
      <PageHeader title="Reconciliation">
        {canRun && (
          <Button onClick={() => reconcile.mutate()} disabled={reconcile.isPending}>
            <ListChecks className={`h-4 w-4 ${reconcile.isPending ? 'animate-pulse' : ''}`} aria-hidden="true" />
            {reconcile.isPending ? 'Reconciling...' : 'Reconcile now'}
          </Button>
        )}
      </PageHeader>
      <p className="mb-4 max-w-3xl text-sm text-slate-700">
        Each day the ledger&apos;s Stripe transfers of the last two days are checked against Stripe&apos;s own list. A transfer on one side only, or an amount,
        destination or reversal that differs, is a discrepancy: open it from its run to explain it.
      </p>
      <PagedListView
        list={runs}
        columns={RUN_COLUMNS}
        getRowId={(run) => run.id}
        caption="Reconciliation runs, newest first"
        empty={<EmptyState title="No reconciliation has run yet" description={canRun ? 'Reconcile now runs one over the last two days.' : undefined} />}
        paging={{ page: params.page, pageSize: RECONCILIATION_RUNS_PAGE_SIZE, onPageChange: (page) => setParams({ page }) }}
      />
    </section>
  );
}
