import { useMemo, useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { Eye, Reply, Trash2 } from 'lucide-react';
import { apiPaths, totalPagesOf, WORK_QUEUE_LABELS, type CustomerQuery } from '@ute/contract';
import {
  ActiveFilter,
  BulkActionBar,
  BulkResultsDialog,
  Button,
  ConfirmDeleteDialog,
  ConfirmDialog,
  EmptyState,
  ExportCsvButton,
  PagedListView,
  PageHeader,
  SearchBox,
  TruncatedText,
  useBulkRows,
} from '../../components/ui';
import { screens } from '../../config/screens';
import type { FilterValues } from '../../config/urlFilters';
import { SavedViewTabs } from '../../domain';
import { WorkItemCell, WorkItemFilters } from '../../domain/workItems';
import { downloadFile } from '../../lib/apiClient';
import { formatDateTime, orNA, truncateWords } from '../../lib/format';
import { queryKeys } from '../../lib/queryKeys';
import { createdDayLabel, hasCreatedDays } from '../../lib/createdDayFilter';
import { useListParams } from '../../lib/useListParams';
import { openedRowLabel, useOpenedRow } from '../../lib/useOpenedRow';
import { bulkQueries, countCustomerQueries, QUERIES_PAGE_SIZE, queryListQuery, useCustomerQueries, useDeleteQuery, type QuerySort } from './api';
import { QueryDetailsDialog } from './QueryDetailsDialog';
import { ReplyDialog } from './ReplyDialog';

/** docs/product.md: the message column shows the first 5 words then '...'. */
const MESSAGE_PREVIEW_WORDS = 5;
/** Every page gets a numbered button; past this many pages a sliding window keeps the pager usable. */
const ALL_PAGE_BUTTONS_UP_TO = 50;

/** The list call's parameters from the page's URL filters (the page's own, and a saved view's count). */
const queryListParamsOf = (params: FilterValues<typeof screens.queries.filters>) => ({
  email: params.email,
  sort: (params.sort === 'oldest' ? 'oldest' : 'latest') as QuerySort,
  isUnanswered: params.unanswered === 'true',
  id: params.open,
  createdFrom: params.createdFrom,
  createdTo: params.createdTo,
  assigned: params.assigned,
  waitSort: params.waitSort,
});

export function QueriesPage() {
  const [params, setParams] = useListParams(screens.queries);
  const listParams = queryListParamsOf(params);
  const { sort, isUnanswered } = listParams;
  const queries = useCustomerQueries({ ...listParams, page: params.page });
  const [viewing, setViewing] = useState<CustomerQuery | null>(null);
  useOpenedRow(queries.data?.rows, params.open, setViewing);
  const [replying, setReplying] = useState<CustomerQuery | null>(null);
  const [toDelete, setToDelete] = useState<CustomerQuery | null>(null);
  const deleteQuery = useDeleteQuery({ onSuccess: () => setToDelete(null) });
  const {
    selection,
    bulk,
    column: selectColumn,
  } = useBulkRows(queries.data?.rows, {
    nameOf: (query: CustomerQuery) => `the query from ${query.email}`,
    mutationFn: bulkQueries,
    invalidates: [queryKeys.queries.all],
  });
  const [isAskingBulkDelete, setIsAskingBulkDelete] = useState(false);
  const selectedCount = selection.selectedIds.length;

  const columns = useMemo<ColumnDef<CustomerQuery, unknown>[]>(
    () => [
      selectColumn,
      {
        id: 'name',
        header: 'Name',
        cell: ({ row }) => <TruncatedText text={orNA(`${row.original.firstName} ${row.original.lastName}`)} className="font-medium" />,
      },
      { id: 'email', header: 'Email', cell: ({ row }) => <TruncatedText text={row.original.email} className="max-w-[16rem]" /> },
      { id: 'phone', header: 'Phone', cell: ({ row }) => <span className="whitespace-nowrap">{orNA(row.original.phone)}</span> },
      {
        id: 'message',
        header: 'Message',
        cell: ({ row }) => (
          <TruncatedText text={truncateWords(row.original.message, MESSAGE_PREVIEW_WORDS)} fullText={row.original.message} className="min-w-48 max-w-xs" />
        ),
      },
      { id: 'date', header: 'Date', cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(row.original.date)}</span> },
      { id: 'replies', header: 'Replies', cell: ({ row }) => <span data-testid="reply-count">{row.original.replies.length}</span> },
      // The wait, holder and Assign menu (docs/design.md §15): on the unansweredQueries queue's list.
      ...(isUnanswered
        ? [
            {
              id: 'workItem',
              header: 'Waiting',
              cell: ({ row }: { row: { original: CustomerQuery } }) => (
                <WorkItemCell
                  queue="unansweredQueries"
                  recordId={row.original._id}
                  item={row.original.workItem}
                  label={`the query from ${row.original.email}`}
                  invalidates={[queryKeys.queries.all]}
                />
              ),
            },
          ]
        : []),
      {
        id: 'actions',
        header: 'Actions',
        cell: ({ row }) => {
          const query = row.original;
          return (
            <div className="flex items-center gap-1">
              <Button
                variant="ghost"
                size="sm"
                aria-label={`View details of the query from ${query.email}`}
                title="View details"
                onClick={() => setViewing(query)}
              >
                <Eye className="h-4 w-4" aria-hidden="true" />
              </Button>
              <Button variant="secondary" size="sm" onClick={() => setReplying(query)} aria-label={`Reply to ${query.email}`}>
                <Reply className="h-4 w-4" aria-hidden="true" />
                Reply
              </Button>
              <Button
                variant="ghost"
                size="sm"
                className="text-red-700"
                aria-label={`Delete the query from ${query.email}`}
                title="Delete"
                onClick={() => setToDelete(query)}
              >
                <Trash2 className="h-4 w-4" aria-hidden="true" />
              </Button>
            </div>
          );
        },
      },
    ],
    [selectColumn, isUnanswered],
  );

  const totalPages = totalPagesOf(queries.data?.totalCount ?? 0, QUERIES_PAGE_SIZE);
  // Keep an open dialog in step with the list after a reply lands.
  const viewingNow = viewing ? (queries.data?.rows.find((query) => query._id === viewing._id) ?? viewing) : null;
  return (
    <section>
      <PageHeader title="User Queries">
        <SearchBox
          value={params.email}
          onSearch={(email) => setParams({ email })}
          placeholder="Search by email"
          label="Search queries by email"
          delayMs={500}
        />
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <span className="sr-only">Sort queries</span>
          <select
            value={sort}
            onChange={(event) => setParams({ sort: event.target.value })}
            className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-100"
          >
            <option value="latest">Sort by Latest</option>
            <option value="oldest">Sort by Oldest</option>
          </select>
        </label>
        <ExportCsvButton path={apiPaths.queriesExport} query={queryListQuery(listParams)} download={downloadFile} totalRows={queries.data?.totalCount} />
      </PageHeader>
      <SavedViewTabs
        list="queries"
        filters={screens.queries.filters}
        countKey={queryKeys.queries.all}
        countOf={(filters, signal) => countCustomerQueries(queryListParamsOf(filters), signal)}
      />
      {isUnanswered && <ActiveFilter label={WORK_QUEUE_LABELS.unansweredQueries} onClear={() => setParams({ unanswered: '', assigned: '', waitSort: '' })} />}
      {isUnanswered && <WorkItemFilters values={params} onChange={setParams} />}
      {params.open && <ActiveFilter label={openedRowLabel('query')} onClear={() => setParams({ open: '' })} />}
      {hasCreatedDays(params) && <ActiveFilter label={createdDayLabel(params)} onClear={() => setParams({ createdFrom: '', createdTo: '' })} />}
      <BulkActionBar count={selectedCount} onClear={selection.clear}>
        <Button size="sm" variant="danger" disabled={bulk.isPending} onClick={() => setIsAskingBulkDelete(true)}>
          Delete selected
        </Button>
      </BulkActionBar>
      <PagedListView
        list={queries}
        paging={{
          page: params.page,
          pageSize: QUERIES_PAGE_SIZE,
          onPageChange: (page) => setParams({ page }),
          windowSize: totalPages <= ALL_PAGE_BUTTONS_UP_TO ? 0 : 9,
        }}
        columns={columns}
        getRowId={(query) => query._id}
        caption="Customer queries"
        empty={<EmptyState title="No queries found" />}
      />
      <QueryDetailsDialog query={viewingNow} onClose={() => setViewing(null)} />
      <ReplyDialog query={replying} onClose={() => setReplying(null)} />
      <ConfirmDeleteDialog
        target={toDelete}
        onClose={() => setToDelete(null)}
        title="Delete Query"
        message="Are you sure you want to delete this query?"
        deletion={deleteQuery}
      />
      <ConfirmDialog
        open={isAskingBulkDelete}
        onOpenChange={setIsAskingBulkDelete}
        title={`Delete ${selectedCount} ${selectedCount === 1 ? 'query' : 'queries'}`}
        message={`Are you sure you want to delete ${selectedCount} ${selectedCount === 1 ? 'query' : 'queries'}?`}
        confirmLabel="Delete"
        isPending={bulk.isPending}
        onConfirm={() => {
          bulk.run('Delete', { action: 'delete', ids: selection.selectedIds });
          setIsAskingBulkDelete(false);
        }}
      />
      <BulkResultsDialog outcome={bulk.outcome} onClose={bulk.closeOutcome} />
    </section>
  );
}
