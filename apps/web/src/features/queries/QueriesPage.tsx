import { useMemo, useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { Eye, Reply, Trash2 } from 'lucide-react';
import type { CustomerQuery } from '@ute/contract';
import { Button, ConfirmDeleteDialog, EmptyState, ListView, PageHeader, Pager, SearchBox } from '../../components/ui';
import { formatDateTime, orNA, truncateWords } from '../../lib/format';
import { errorText } from '../../lib/toast';
import { useListParams } from '../../lib/useListParams';
import { QUERIES_PAGE_SIZE, useCustomerQueries, useDeleteQuery, type QuerySort } from './api';
import { QueryDetailsDialog } from './QueryDetailsDialog';
import { ReplyDialog } from './ReplyDialog';

/** docs/product.md: the message column shows the first 5 words then '...'. */
const MESSAGE_PREVIEW_WORDS = 5;
/** Every page gets a numbered button; past this many pages a sliding window keeps the pager usable. */
const ALL_PAGE_BUTTONS_UP_TO = 50;

export function QueriesPage() {
  const [params, setParams] = useListParams({ page: 1, email: '', sort: 'latest' });
  const sort: QuerySort = params.sort === 'oldest' ? 'oldest' : 'latest';
  const queries = useCustomerQueries({ page: params.page, email: params.email, sort });
  const [viewing, setViewing] = useState<CustomerQuery | null>(null);
  const [replying, setReplying] = useState<CustomerQuery | null>(null);
  const [toDelete, setToDelete] = useState<CustomerQuery | null>(null);
  const deleteQuery = useDeleteQuery(() => setToDelete(null));

  const columns = useMemo<ColumnDef<CustomerQuery, unknown>[]>(
    () => [
      { id: 'name', header: 'Name', cell: ({ row }) => <span className="font-medium">{orNA(`${row.original.firstName} ${row.original.lastName}`)}</span> },
      { id: 'email', header: 'Email', cell: ({ row }) => <span className="break-all">{row.original.email}</span> },
      { id: 'phone', header: 'Phone', cell: ({ row }) => <span className="whitespace-nowrap">{orNA(row.original.phone)}</span> },
      { id: 'message', header: 'Message', cell: ({ row }) => truncateWords(row.original.message, MESSAGE_PREVIEW_WORDS) },
      { id: 'date', header: 'Date', cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(row.original.date)}</span> },
      { id: 'replies', header: 'Replies', cell: ({ row }) => <span data-testid="reply-count">{row.original.replies.length}</span> },
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
    [],
  );

  const totalCount = queries.data?.totalCount ?? 0;
  const totalPages = queries.data?.totalPages ?? 1;
  // Keep an open dialog in step with the list after a reply lands.
  const viewingNow = viewing ? (queries.data?.queries.find((query) => query._id === viewing._id) ?? viewing) : null;
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
      </PageHeader>
      <ListView
        error={queries.isError ? errorText(queries.error) : undefined}
        columns={columns}
        data={queries.data?.queries ?? []}
        getRowId={(query) => query._id}
        isLoading={queries.isPending}
        caption="Customer queries"
        empty={<EmptyState title="No queries found" />}
        pager={
          <Pager
            page={params.page}
            pageSize={QUERIES_PAGE_SIZE}
            totalCount={totalCount}
            onPageChange={(page) => setParams({ page })}
            windowSize={totalPages <= ALL_PAGE_BUTTONS_UP_TO ? 0 : 9}
          />
        }
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
    </section>
  );
}
