import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { ArrowLeft } from 'lucide-react';
import { canCall, explainDiscrepancyBodySchema, type ReconciliationDiscrepancy, type ReconciliationRun } from '@ute/contract';
import { Button, EmptyState, NoteDialog, PagedListView, Spinner, StatusBadge } from '../../components/ui';
import { screens } from '../../config/screens';
import { formatDateTime, orNA } from '../../lib/format';
import { useSession } from '../../lib/session';
import { errorText } from '../../lib/toast';
import { useExplainDiscrepancy, useReconciliationRun, useRunDiscrepancies } from './api';
import { discrepancyCountText, discrepancyKindLabel, explainedByText, periodText, RUN_STATUS_TONES, startedByText } from './reconciliationView';

const mono = (value: string | null) => <span className="block break-all font-mono text-xs">{orNA(value)}</span>;

function RunHeader({ run }: { run: ReconciliationRun }) {
  const facts: [string, string][] = [
    ['Period', periodText(run)],
    ['Transfers checked', String(run.transfersChecked)],
    ['Bank payouts checked', String(run.manualPayoutsChecked)],
    ['Discrepancies', discrepancyCountText(run)],
    ['Started by', startedByText(run)],
  ];
  return (
    <div className="mb-5 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">Reconciliation run of {formatDateTime(run.createdAt)}</h1>
        <StatusBadge label={run.status} tone={RUN_STATUS_TONES[run.status]} />
      </div>
      <dl className="mt-3 grid grid-cols-1 gap-3 text-sm sm:grid-cols-2 lg:grid-cols-5">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt className="text-slate-600">{term}</dt>
            <dd className="break-words text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {/* A skipped run says why (the offline provider has no transfers to compare with); a failed one, Stripe's error. */}
      {run.error && (
        <p className={`mt-3 rounded-md px-3 py-2 text-sm ${run.status === 'failed' ? 'bg-red-50 text-red-800' : 'bg-slate-100 text-slate-800'}`}>{run.error}</p>
      )}
    </div>
  );
}

/**
 * A reconciliation run (Reconciliation → a run): what it compared, and each discrepancy it found
 * with both sides' values; an open one is explained with a note, which closes it.
 */
export function ReconciliationRunPage() {
  const { id = '' } = useParams();
  const run = useReconciliationRun(id);
  const discrepancies = useRunDiscrepancies(id);
  const roles = useSession((session) => session.user?.roles ?? []);
  const canExplain = canCall(roles, 'explainDiscrepancy');
  const [toExplain, setToExplain] = useState<ReconciliationDiscrepancy | null>(null);
  const explain = useExplainDiscrepancy({ onSuccess: () => setToExplain(null) });

  const columns = useMemo<ColumnDef<ReconciliationDiscrepancy, unknown>[]>(
    () => [
      {
        id: 'kind',
        header: 'Kind',
        cell: ({ row }) => (
          <span className="whitespace-nowrap font-medium" title={row.original.kind}>
            {discrepancyKindLabel(row.original.kind)}
          </span>
        ),
      },
      { id: 'transferId', header: 'Transfer', cell: ({ row }) => mono(row.original.transferId) },
      { id: 'payoutId', header: 'Payout', cell: ({ row }) => mono(row.original.payoutId) },
      { id: 'ledgerValue', header: 'Ledger', cell: ({ row }) => orNA(row.original.ledgerValue) },
      { id: 'stripeValue', header: 'Stripe or receipts', cell: ({ row }) => orNA(row.original.stripeValue) },
      {
        id: 'explanation',
        header: 'Explanation',
        cell: ({ row }) =>
          row.original.explainedAt ? (
            <span className="block min-w-48 max-w-sm break-words">
              {row.original.explanation}
              <span className="block text-xs text-slate-600">{explainedByText(row.original)}</span>
            </span>
          ) : (
            <StatusBadge label="open" tone="red" />
          ),
      },
      ...(canExplain
        ? [
            {
              id: 'actions',
              header: 'Actions',
              cell: ({ row }) =>
                row.original.explainedAt ? null : (
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={`Explain the discrepancy ${discrepancyKindLabel(row.original.kind)}${row.original.transferId ? ` of ${row.original.transferId}` : ''}`}
                    onClick={() => setToExplain(row.original)}
                  >
                    Explain
                  </Button>
                ),
            } satisfies ColumnDef<ReconciliationDiscrepancy, unknown>,
          ]
        : []),
    ],
    [canExplain],
  );

  return (
    <section>
      <Link
        to={screens.reconciliation.path}
        className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        Reconciliation
      </Link>
      {run.data ? (
        <RunHeader run={run.data} />
      ) : run.isError ? (
        <p role="alert" className="text-red-700">
          {errorText(run.error)}
        </p>
      ) : (
        <Spinner />
      )}
      {run.data && (
        <>
          <h2 className="mb-2 text-lg font-semibold text-slate-900">Discrepancies</h2>
          <PagedListView
            list={discrepancies}
            columns={columns}
            getRowId={(discrepancy) => discrepancy.id}
            caption="Discrepancies of this run"
            empty={<EmptyState title={run.data.status === 'done' ? 'No discrepancies: the ledger and Stripe agree' : 'Nothing was compared in this run'} />}
          />
        </>
      )}
      <NoteDialog
        open={toExplain !== null}
        title="Explain discrepancy"
        description={
          toExplain
            ? `${discrepancyKindLabel(toExplain.kind)}${toExplain.transferId ? `, transfer ${toExplain.transferId}` : ''}: say why it is expected or how it was settled.`
            : undefined
        }
        label="Note"
        schema={explainDiscrepancyBodySchema.shape.note}
        submitLabel="Mark explained"
        isPending={explain.isPending}
        onSubmit={(note) => toExplain && explain.mutate({ discrepancyId: toExplain.id, body: { note } })}
        onClose={() => setToExplain(null)}
      />
    </section>
  );
}
