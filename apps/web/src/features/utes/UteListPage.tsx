import { useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { apiPaths, canSetUteStatus, WORK_QUEUE_LABELS, type Ute } from '@ute/contract';
import {
  ActiveFilter,
  ConfirmDeleteDialog,
  EmptyState,
  ExportCsvButton,
  ImageThumbnail,
  PagedListView,
  PageHeader,
  SearchBox,
  TruncatedText,
  useBulkRows,
} from '../../components/ui';
import { ListingBulkActions, ListingStatus, RejectDialog, SavedViewTabs, useModerationColumns } from '../../domain';
import { WorkItemCell, WorkItemFilters } from '../../domain/workItems';
import { screens } from '../../config/screens';
import type { FilterValues } from '../../config/urlFilters';
import { downloadFile } from '../../lib/apiClient';
import { createdDayLabel, hasCreatedDays } from '../../lib/createdDayFilter';
import { formatBudget, formatDateTime, imageUrl, listOrNA, orNA } from '../../lib/format';
import { useKeepPageInRange } from '../../lib/useKeepPageInRange';
import { useListParams } from '../../lib/useListParams';
import { openedRowLabel, useOpenedRow, userFilterLabel } from '../../lib/useOpenedRow';
import { queryKeys } from '../../lib/queryKeys';
import { UTE_PAGE_SIZE, UTE_SEARCH_DELAY_MS, uteListQuery, bulkUtes, countUtes, useDeleteUte, useSetUteStatus, useUtes } from './api';
import { UteDetailsDialog } from './UteDetailsDialog';
import { formatLicenceExpiry, uteDescriptionPreview } from './uteFormat';

export const UTE_EMPTY_TITLE = 'No UTE Listings Found';
export const UTE_EMPTY_TEXT = 'There are currently no UTE listings available. Check back later or add a new UTE.';

const UTE_COLUMNS: ColumnDef<Ute, unknown>[] = [
  { id: 'fullName', header: 'Full Name', cell: ({ row }) => <TruncatedText text={orNA(row.original.fullName)} className="font-medium" /> },
  {
    id: 'description',
    header: 'Description',
    cell: ({ row }) => (
      <TruncatedText
        text={uteDescriptionPreview(row.original.description)}
        fullText={row.original.description?.trim() || undefined}
        className="min-w-48 max-w-xs"
      />
    ),
  },
  { id: 'licenceNumber', header: 'Licence No.', cell: ({ row }) => orNA(row.original.licenceNumber) },
  { id: 'licenceExpireDate', header: 'Expiry Date', cell: ({ row }) => formatLicenceExpiry(row.original.licenceExpireDate) },
  { id: 'serviceCity', header: 'Service Cities', cell: ({ row }) => listOrNA(row.original.serviceCity) },
  { id: 'state', header: 'Location', cell: ({ row }) => orNA(row.original.state) },
  { id: 'uteModel', header: 'UTE Model', cell: ({ row }) => <span className="whitespace-nowrap">{orNA(row.original.uteModel)}</span> },
  { id: 'chesisNumber', header: 'Chassis No.', cell: ({ row }) => orNA(row.original.chesisNumber) },
  { id: 'uteAvailble', header: 'Availability', cell: ({ row }) => listOrNA(row.original.uteAvailble) },
  { id: 'budget', header: 'Budget', cell: ({ row }) => formatBudget(row.original.budget) },
  {
    id: 'image',
    header: 'Image',
    cell: ({ row }) => {
      const [first] = row.original.uteImages;
      return first ? <ImageThumbnail src={imageUrl.ute(first)} alt={`${row.original.fullName ?? row.original.uteId} image`} size={40} round /> : 'N/A';
    },
  },
  {
    id: 'status',
    header: 'Status',
    cell: ({ row }) => <ListingStatus recordType="ute" listing={row.original} />,
  },
  { id: 'createdAt', header: 'Created At', cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(row.original.createdAt)}</span> },
  { id: 'uteId', header: 'UTE ID', cell: ({ row }) => <span className="whitespace-nowrap">{row.original.uteId}</span> },
];

/** The wait, holder and Assign menu of a pending ute (docs/design.md §15): shown on the pendingUtes queue's list. */
const UTE_WAITING_COLUMN: ColumnDef<Ute, unknown> = {
  id: 'workItem',
  header: 'Waiting',
  cell: ({ row }) => (
    <WorkItemCell
      queue="pendingUtes"
      recordId={row.original._id}
      item={row.original.workItem}
      label={`UTE ${row.original.fullName ?? row.original.uteId}`}
      invalidates={[queryKeys.utes.all]}
    />
  ),
};

/** The list call's parameters from the page's URL filters (the page's own, and a saved view's count). */
const uteListParamsOf = (params: FilterValues<typeof screens.utes.filters>) => ({
  search: params.search,
  isPending: params.status === 'Pending',
  id: params.open,
  userId: params.user,
  createdFrom: params.createdFrom,
  createdTo: params.createdTo,
  assigned: params.assigned,
  waitSort: params.waitSort,
});

export function UteListPage() {
  const [params, setParams] = useListParams(screens.utes);
  const listParams = uteListParamsOf(params);
  const isPending = listParams.isPending;
  const utes = useUtes({ ...listParams, page: params.page });
  const setStatus = useSetUteStatus();
  const [viewed, setViewed] = useState<Ute | null>(null);
  const [toDelete, setToDelete] = useState<Ute | null>(null);
  const deleteUte = useDeleteUte({ onSuccess: () => setToDelete(null) });
  const [toReject, setToReject] = useState<Ute | null>(null);
  const nameOf = (ute: Ute) => ute.fullName ?? ute.uteId;
  const {
    selection,
    bulk,
    column: selectColumn,
  } = useBulkRows(utes.data?.rows, {
    nameOf,
    mutationFn: bulkUtes,
    invalidates: [queryKeys.utes.all, queryKeys.dashboard],
  });
  const columns = useModerationColumns([selectColumn, ...(isPending ? [UTE_WAITING_COLUMN] : []), ...UTE_COLUMNS], {
    canSetStatus: canSetUteStatus,
    setStatus,
    deletion: deleteUte,
    onView: setViewed,
    onReject: setToReject,
    onDelete: setToDelete,
  });
  useKeepPageInRange(utes, params.page, UTE_PAGE_SIZE, setParams);
  useOpenedRow(utes.data?.rows, params.open, setViewed);

  return (
    <section>
      <PageHeader title="UTE Management">
        <SearchBox value={params.search} onSearch={(search) => setParams({ search })} placeholder="Search by UTE name" delayMs={UTE_SEARCH_DELAY_MS} />
        <ExportCsvButton path={apiPaths.utesExport} query={uteListQuery(listParams)} download={downloadFile} totalRows={utes.data?.totalCount} />
      </PageHeader>
      <SavedViewTabs
        list="utes"
        filters={screens.utes.filters}
        countKey={queryKeys.utes.all}
        countOf={(filters, signal) => countUtes(uteListParamsOf(filters), signal)}
      />
      {isPending && <ActiveFilter label={WORK_QUEUE_LABELS.pendingUtes} onClear={() => setParams({ status: '', assigned: '', waitSort: '' })} />}
      {isPending && <WorkItemFilters values={params} onChange={setParams} />}
      {params.open && <ActiveFilter label={openedRowLabel('ute')} onClear={() => setParams({ open: '' })} />}
      {params.user && <ActiveFilter label={userFilterLabel('utes')} onClear={() => setParams({ user: '' })} />}
      {hasCreatedDays(params) && <ActiveFilter label={createdDayLabel(params)} onClear={() => setParams({ createdFrom: '', createdTo: '' })} />}

      <ListingBulkActions selection={selection} bulk={bulk} noun={{ one: 'UTE', many: 'UTEs' }} />
      <PagedListView
        list={utes}
        paging={{ page: params.page, pageSize: UTE_PAGE_SIZE, onPageChange: (page) => setParams({ page }) }}
        columns={columns}
        getRowId={(ute) => ute._id}
        caption="UTE listings"
        empty={<EmptyState title={UTE_EMPTY_TITLE} description={UTE_EMPTY_TEXT} />}
      />
      <RejectDialog
        subject={toReject ? `UTE “${nameOf(toReject)}”` : null}
        isPending={setStatus.isPending}
        onConfirm={(rejection) =>
          toReject && setStatus.mutate({ id: toReject._id, status: 'Rejected', rejection, version: toReject.version }, { onSuccess: () => setToReject(null) })
        }
        onClose={() => setToReject(null)}
        record={toReject ? { recordType: 'ute', recordId: toReject._id } : undefined}
      />
      <ConfirmDeleteDialog
        target={toDelete}
        onClose={() => !deleteUte.isPending && setToDelete(null)}
        title="Delete UTE"
        message={`Are you sure you want to delete this UTE${toDelete?.fullName ? ` (${toDelete.fullName})` : ''}?`}
        deletion={deleteUte}
        pendingLabel="Processing"
      />
      {/* The open dialog shows the list's latest read of its row (a colleague's change refreshes it). */}
      <UteDetailsDialog ute={viewed && (utes.data?.rows.find((row) => row._id === viewed._id) ?? viewed)} onClose={() => setViewed(null)} />
    </section>
  );
}
