import { useEffect, useMemo, useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { canSetUteStatus, type SettableListingStatus, type Ute } from '@ute/contract';
import {
  ConfirmDialog,
  DataTable,
  EmptyState,
  ImageThumbnail,
  PageHeader,
  Pager,
  SearchBox,
  StatusBadge,
  listingTone,
  ModerationActions,
} from '../../components/ui';
import { formatBudget, formatDateTime, imageUrl, listOrNA, orNA } from '../../lib/format';
import { errorText } from '../../lib/toast';
import { useListParams } from '../../lib/useListParams';
import { UTE_PAGE_SIZE, UTE_SEARCH_DELAY_MS, useDeleteUte, useSetUteStatus, useUtes } from './api';
import { UteDetailsDialog } from './UteDetailsDialog';
import { formatLicenceExpiry, uteDescriptionPreview } from './uteFormat';

export const UTE_EMPTY_TITLE = 'No UTE Listings Found';
export const UTE_EMPTY_TEXT = 'There are currently no UTE listings available. Check back later or add a new UTE.';

export function UteListPage() {
  const [params, setParams] = useListParams({ page: 1, search: '' });
  const utes = useUtes({ page: params.page, search: params.search });
  const setStatus = useSetUteStatus();
  const [viewed, setViewed] = useState<Ute | null>(null);
  const [toDelete, setToDelete] = useState<Ute | null>(null);
  const deleteUte = useDeleteUte({ onSuccess: () => setToDelete(null) });

  const totalCount = utes.data?.totalCount ?? 0;
  const rows = useMemo(() => utes.data?.data ?? [], [utes.data]);

  // A page past the end (the last row of the last page deleted, or an old link) goes to the last page.
  useEffect(() => {
    if (utes.isPlaceholderData || !utes.data) return;
    const lastPage = Math.max(1, Math.ceil(totalCount / UTE_PAGE_SIZE));
    if (params.page > lastPage) setParams({ page: lastPage }, { replace: true });
  }, [utes.data, utes.isPlaceholderData, totalCount, params.page, setParams]);

  const columns = useMemo<ColumnDef<Ute, unknown>[]>(() => {
    const handleStatus = (ute: Ute, status: SettableListingStatus) => setStatus.mutate({ id: ute._id, status });
    return [
      { id: 'fullName', header: 'Full Name', cell: ({ row }) => <span className="whitespace-nowrap font-medium">{orNA(row.original.fullName)}</span> },
      {
        id: 'description',
        header: 'Description',
        cell: ({ row }) => <span className="block min-w-48 max-w-xs">{uteDescriptionPreview(row.original.description)}</span>,
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
      { id: 'status', header: 'Status', cell: ({ row }) => <StatusBadge label={row.original.status} tone={listingTone(row.original.status)} /> },
      { id: 'createdAt', header: 'Created At', cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(row.original.createdAt)}</span> },
      { id: 'uteId', header: 'UTE ID', cell: ({ row }) => <span className="whitespace-nowrap">{row.original.uteId}</span> },
      {
        id: 'actions',
        header: 'Actions',
        cell: ({ row }) => {
          const ute = row.original;
          const isPending = setStatus.isRowPending(ute._id) || deleteUte.isRowPending(ute._id);
          const pendingStatus = setStatus.isRowPending(ute._id) ? setStatus.variables?.status : undefined;
          return (
            <ModerationActions
              canApprove={canSetUteStatus(ute.status, 'Approved')}
              canReject={canSetUteStatus(ute.status, 'Rejected')}
              isPending={isPending}
              pendingStatus={pendingStatus}
              onView={() => setViewed(ute)}
              onSetStatus={(status) => handleStatus(ute, status)}
              onDelete={() => setToDelete(ute)}
            />
          );
        },
      },
    ];
  }, [setStatus, deleteUte]);

  return (
    <section>
      <PageHeader title="UTE Management">
        <SearchBox
          value={params.search}
          onSearch={(search) => setParams({ search })}
          placeholder="Search by UTE name"
          delayMs={UTE_SEARCH_DELAY_MS}
        />
      </PageHeader>

      {utes.isError && !utes.data ? (
        <p role="alert" className="text-red-700">
          {errorText(utes.error)}
        </p>
      ) : (
        <>
          <DataTable
            columns={columns}
            data={rows}
            getRowId={(ute) => ute._id}
            isLoading={utes.isPending}
            caption="UTE listings"
            empty={<EmptyState title={UTE_EMPTY_TITLE} description={UTE_EMPTY_TEXT} />}
          />
          <Pager page={params.page} pageSize={UTE_PAGE_SIZE} totalCount={totalCount} onPageChange={(page) => setParams({ page })} />
        </>
      )}

      <UteDetailsDialog ute={viewed} onClose={() => setViewed(null)} />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && !deleteUte.isPending && setToDelete(null)}
        title="Delete UTE"
        message={`Are you sure you want to delete this UTE${toDelete?.fullName ? ` (${toDelete.fullName})` : ''}?`}
        confirmLabel="Delete"
        pendingLabel="Processing"
        isPending={deleteUte.isPending}
        onConfirm={() => toDelete && deleteUte.mutate(toDelete._id)}
      />
    </section>
  );
}
