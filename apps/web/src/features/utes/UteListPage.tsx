import { useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { canSetUteStatus, type Ute } from '@ute/contract';
import { ConfirmDeleteDialog, EmptyState, ImageThumbnail, PageHeader, PagedListView, SearchBox, StatusBadge } from '../../components/ui';
import { listingTone, useModerationColumns } from '../../domain';
import { formatBudget, formatDateTime, imageUrl, listOrNA, orNA } from '../../lib/format';
import { useKeepPageInRange } from '../../lib/useKeepPageInRange';
import { useListParams } from '../../lib/useListParams';
import { UTE_PAGE_SIZE, UTE_SEARCH_DELAY_MS, useDeleteUte, useSetUteStatus, useUtes } from './api';
import { UteDetailsDialog } from './UteDetailsDialog';
import { formatLicenceExpiry, uteDescriptionPreview } from './uteFormat';

export const UTE_EMPTY_TITLE = 'No UTE Listings Found';
export const UTE_EMPTY_TEXT = 'There are currently no UTE listings available. Check back later or add a new UTE.';

const UTE_COLUMNS: ColumnDef<Ute, unknown>[] = [
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
];

export function UteListPage() {
  const [params, setParams] = useListParams({ page: 1, search: '' });
  const utes = useUtes({ page: params.page, search: params.search });
  const setStatus = useSetUteStatus();
  const [viewed, setViewed] = useState<Ute | null>(null);
  const [toDelete, setToDelete] = useState<Ute | null>(null);
  const deleteUte = useDeleteUte({ onSuccess: () => setToDelete(null) });
  const columns = useModerationColumns(UTE_COLUMNS, {
    canSetStatus: canSetUteStatus,
    setStatus,
    deletion: deleteUte,
    onView: setViewed,
    onDelete: setToDelete,
  });
  useKeepPageInRange(utes, params.page, UTE_PAGE_SIZE, setParams);

  return (
    <section>
      <PageHeader title="UTE Management">
        <SearchBox value={params.search} onSearch={(search) => setParams({ search })} placeholder="Search by UTE name" delayMs={UTE_SEARCH_DELAY_MS} />
      </PageHeader>

      <PagedListView
        list={utes}
        paging={{ page: params.page, pageSize: UTE_PAGE_SIZE, onPageChange: (page) => setParams({ page }) }}
        columns={columns}
        getRowId={(ute) => ute._id}
        caption="UTE listings"
        empty={<EmptyState title={UTE_EMPTY_TITLE} description={UTE_EMPTY_TEXT} />}
      />
      <ConfirmDeleteDialog
        target={toDelete}
        onClose={() => !deleteUte.isPending && setToDelete(null)}
        title="Delete UTE"
        message={`Are you sure you want to delete this UTE${toDelete?.fullName ? ` (${toDelete.fullName})` : ''}?`}
        deletion={deleteUte}
        pendingLabel="Processing"
      />
      <UteDetailsDialog ute={viewed} onClose={() => setViewed(null)} />
    </section>
  );
}
