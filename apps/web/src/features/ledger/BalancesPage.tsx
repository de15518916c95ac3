import { useId, useMemo } from 'react';
import { Link } from 'react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { apiPaths, type OwnerBalance } from '@ute/contract';
import { Button, DateRangeFields, EmptyState, ExportCsvButton, Field, fieldClass, PagedListView, PageHeader, TruncatedText } from '../../components/ui';
import { screens } from '../../config/screens';
import { downloadFile } from '../../lib/apiClient';
import { orNA } from '../../lib/format';
import { useKeepPageInRange } from '../../lib/useKeepPageInRange';
import { useListParams } from '../../lib/useListParams';
import { BALANCES_PAGE_SIZE, balanceListQuery, useOwnerBalances } from './api';
import { CentsAmount } from './CentsAmount';
import { asBalanceSort, BALANCE_SORT_OPTIONS } from './ledgerView';

/**
 * Balances: what the platform owes each owner now (payable; negative when the owner owes the
 * platform), what is on its way to them, and what they were paid out in a period of days.
 */
export function BalancesPage() {
  const [params, setParams] = useListParams(screens.balances);
  const negativeId = useId();
  const listParams = { sort: asBalanceSort(params.sort), from: params.from, to: params.to, isNegativeOnly: params.negative === 'true' };
  const balances = useOwnerBalances({ ...listParams, page: params.page });
  const hasPeriod = Boolean(params.from || params.to);
  const hasFilter = hasPeriod || listParams.isNegativeOnly;

  useKeepPageInRange(balances, params.page, BALANCES_PAGE_SIZE, setParams);

  const columns = useMemo<ColumnDef<OwnerBalance, unknown>[]>(
    () => [
      {
        id: 'owner',
        header: 'Owner',
        cell: ({ row }) => (
          <Link to={screens.ownerLedger.href({ id: row.original.ownerId })} className="font-medium text-brand-700 underline-offset-2 hover:underline">
            <TruncatedText text={row.original.ownerName} />
          </Link>
        ),
      },
      { id: 'email', header: 'Email', cell: ({ row }) => <TruncatedText text={orNA(row.original.email)} className="max-w-[16rem]" /> },
      { id: 'payable', header: 'Payable', cell: ({ row }) => <CentsAmount cents={row.original.payableCents} /> },
      { id: 'inTransit', header: 'In transit', cell: ({ row }) => <CentsAmount cents={row.original.inTransitCents} /> },
      {
        id: 'paidOut',
        header: hasPeriod ? 'Paid out (period)' : 'Paid out (all time)',
        cell: ({ row }) => <CentsAmount cents={row.original.paidOutCents} />,
      },
    ],
    [hasPeriod],
  );

  return (
    <section>
      <PageHeader title="Balances">
        <ExportCsvButton
          path={apiPaths.ownerBalancesExport}
          query={balanceListQuery(listParams)}
          download={downloadFile}
          totalRows={balances.data?.totalCount}
        />
      </PageHeader>
      <div
        className="mb-4 grid grid-cols-1 items-end gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4"
        role="group"
        aria-label="Filters"
      >
        <Field label="Sort">
          {(id) => (
            <select id={id} className={fieldClass} value={listParams.sort} onChange={(event) => setParams({ sort: event.target.value })}>
              {BALANCE_SORT_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <DateRangeFields from={params.from} to={params.to} onChange={setParams} />
        <div className="flex items-center gap-2 py-2">
          <input
            id={negativeId}
            type="checkbox"
            className="h-4 w-4 accent-brand-600"
            checked={listParams.isNegativeOnly}
            onChange={(event) => setParams({ negative: event.target.checked ? 'true' : '' })}
          />
          <label htmlFor={negativeId} className="text-sm font-medium text-slate-800">
            Negative balances only
          </label>
        </div>
        <p className="text-xs text-slate-600 sm:col-span-2 lg:col-span-3">
          Payable is owed now (negative: the owner owes the platform); in transit is on its way. Paid out counts the period&apos;s days (Sydney time), all time
          without one.
        </p>
        {hasFilter && (
          <Button variant="ghost" size="sm" onClick={() => setParams({ from: '', to: '', negative: '' })}>
            Clear filters
          </Button>
        )}
      </div>
      <PagedListView
        list={balances}
        columns={columns}
        getRowId={(balance) => balance.ownerId}
        caption="Owners' balances"
        empty={<EmptyState title={hasFilter ? 'No owners match these filters' : 'No owner has a balance yet'} />}
        paging={{ page: params.page, pageSize: BALANCES_PAGE_SIZE, onPageChange: (page) => setParams({ page }) }}
      />
    </section>
  );
}
