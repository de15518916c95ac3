import { useMemo, useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { Link } from 'react-router';
import { Activity, Trash2 } from 'lucide-react';
import { apiPaths, fullNameOf, type User } from '@ute/contract';
import {
  ActiveFilter,
  BulkActionBar,
  BulkResultsDialog,
  Button,
  ConfirmDeleteDialog,
  EmptyState,
  ExportCsvButton,
  PagedListView,
  PageHeader,
  SearchBox,
  StatusBadge,
  TruncatedText,
  useBulkRows,
} from '../../components/ui';
import { screens } from '../../config/screens';
import type { FilterValues } from '../../config/urlFilters';
import { RecordChangeNotice, SavedViewTabs } from '../../domain';
import { downloadFile } from '../../lib/apiClient';
import { formatDateTime, orNA } from '../../lib/format';
import { queryKeys } from '../../lib/queryKeys';
import { createdDayLabel, hasCreatedDays } from '../../lib/createdDayFilter';
import { useListParams } from '../../lib/useListParams';
import { openedRowLabel } from '../../lib/useOpenedRow';
import { bulkUsers, countUsers, USER_SEARCH_DEBOUNCE_MS, USERS_PAGE_SIZE, useDeleteUser, userListQuery, useSetUserStatus, useUsers } from './api';

/** The list call's parameters from the page's URL filters (the page's own, and a saved view's count). */
const userListParamsOf = (params: FilterValues<typeof screens.users.filters>) => ({
  search: params.search,
  id: params.open,
  createdFrom: params.createdFrom,
  createdTo: params.createdTo,
});

export function UsersListPage() {
  const [params, setParams] = useListParams(screens.users);
  const listParams = userListParamsOf(params);
  const users = useUsers({ ...listParams, page: params.page });
  const setStatus = useSetUserStatus();
  const [toDelete, setToDelete] = useState<User | null>(null);
  const deleteUser = useDeleteUser({ onSuccess: () => setToDelete(null) });
  const {
    selection,
    bulk,
    column: selectColumn,
  } = useBulkRows(users.data?.rows, {
    nameOf: (user: User) => fullNameOf(user) || user.email,
    mutationFn: bulkUsers,
    invalidates: [queryKeys.users.all, queryKeys.dashboard],
  });

  const columns = useMemo<ColumnDef<User, unknown>[]>(
    () => [
      selectColumn,
      {
        id: 'name',
        header: 'Name',
        // The user's whole story: their page.
        cell: ({ row }) => (
          <Link to={screens.user.href({ id: row.original._id })} className="font-medium text-brand-700 underline-offset-2 hover:underline">
            <TruncatedText text={orNA(fullNameOf(row.original))} />
          </Link>
        ),
      },
      { id: 'email', header: 'Email', cell: ({ row }) => <TruncatedText text={row.original.email} className="max-w-[16rem]" /> },
      { id: 'address', header: 'Address', cell: ({ row }) => <TruncatedText text={orNA(row.original.address)} className="max-w-[16rem]" /> },
      { id: 'phoneNumber', header: 'Mobile Number', cell: ({ row }) => <span className="whitespace-nowrap">{orNA(row.original.phoneNumber)}</span> },
      { id: 'createdAt', header: 'Created Date', cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(row.original.createdAt)}</span> },
      {
        id: 'status',
        header: 'Status',
        cell: ({ row }) => (
          <>
            <StatusBadge label={row.original.isActive ? 'Active' : 'Inactive'} tone={row.original.isActive ? 'green' : 'red'} />
            <RecordChangeNotice recordType="user" recordId={row.original._id} className="mt-1" />
          </>
        ),
      },
      {
        id: 'activity',
        header: 'Activity',
        cell: ({ row }) => (
          <Link
            to={screens.userActivity.href({ id: row.original._id })}
            className="inline-flex items-center gap-1 whitespace-nowrap font-medium text-brand-700 underline-offset-2 hover:underline"
            aria-label={`Activity of ${fullNameOf(row.original) || row.original.email}`}
          >
            <Activity className="h-4 w-4" aria-hidden="true" />
            Activity
          </Link>
        ),
      },
      {
        id: 'actions',
        header: 'Actions',
        cell: ({ row }) => {
          const user = row.original;
          const isPending = setStatus.isRowPending(user._id);
          return (
            <div className="flex items-center gap-1">
              <Button
                size="sm"
                variant={user.isActive ? 'secondary' : 'success'}
                className="min-w-[6.5rem]"
                disabled={isPending}
                onClick={() => setStatus.mutate({ id: user._id, status: user.isActive ? 'inActive' : 'active', version: user.version })}
              >
                {isPending ? 'Processing...' : user.isActive ? 'Deactivate' : 'Activate'}
              </Button>
              <Button
                variant="ghost"
                size="sm"
                className="text-red-700"
                aria-label={`Delete user ${user.email}`}
                title="Delete"
                onClick={() => setToDelete(user)}
              >
                <Trash2 className="h-4 w-4" aria-hidden="true" />
              </Button>
            </div>
          );
        },
      },
    ],
    [setStatus, selectColumn],
  );

  return (
    <section>
      <PageHeader title="Users List">
        <SearchBox
          value={params.search}
          onSearch={(search) => setParams({ search })}
          placeholder="Search by email"
          label="Search users by email"
          delayMs={USER_SEARCH_DEBOUNCE_MS}
        />
        <ExportCsvButton path={apiPaths.usersExport} query={userListQuery(listParams)} download={downloadFile} totalRows={users.data?.totalCount} />
      </PageHeader>
      <SavedViewTabs
        list="users"
        filters={screens.users.filters}
        countKey={queryKeys.users.all}
        countOf={(filters, signal) => countUsers(userListParamsOf(filters), signal)}
      />
      {params.open && <ActiveFilter label={openedRowLabel('user')} onClear={() => setParams({ open: '' })} />}
      {hasCreatedDays(params) && <ActiveFilter label={createdDayLabel(params)} onClear={() => setParams({ createdFrom: '', createdTo: '' })} />}
      <BulkActionBar count={selection.selectedIds.length} onClear={selection.clear}>
        <Button size="sm" variant="success" disabled={bulk.isPending} onClick={() => bulk.run('Activate', { action: 'activate', ids: selection.selectedIds })}>
          Activate selected
        </Button>
        <Button
          size="sm"
          variant="secondary"
          disabled={bulk.isPending}
          onClick={() => bulk.run('Deactivate', { action: 'deactivate', ids: selection.selectedIds })}
        >
          Deactivate selected
        </Button>
      </BulkActionBar>
      <PagedListView
        list={users}
        paging={{ page: params.page, pageSize: USERS_PAGE_SIZE, onPageChange: (page) => setParams({ page }) }}
        columns={columns}
        getRowId={(user) => user._id}
        caption="Users"
        empty={<EmptyState title={params.search ? 'No matching users found' : 'No Users Yet'} />}
      />
      <ConfirmDeleteDialog
        target={toDelete}
        onClose={() => setToDelete(null)}
        title="Delete User"
        message="Are you sure you want to delete this user?"
        deletion={deleteUser}
      />
      <BulkResultsDialog outcome={bulk.outcome} onClose={bulk.closeOutcome} />
    </section>
  );
}
