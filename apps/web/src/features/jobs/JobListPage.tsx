import { useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { canSetJobStatus, type Job } from '@ute/contract';
import { ConfirmDeleteDialog, EmptyState, ImageThumbnail, PageHeader, PagedListView, SearchBox, StatusBadge } from '../../components/ui';
import { listingTone, useModerationColumns } from '../../domain';
import { formatBudget, formatDateTime, imageUrl, listOrNA, orNA } from '../../lib/format';
import { useKeepPageInRange } from '../../lib/useKeepPageInRange';
import { useListParams } from '../../lib/useListParams';
import { JOB_PAGE_SIZE, JOB_SEARCH_DELAY_MS, useDeleteJob, useJobs, useSetJobStatus } from './api';
import { JobDetailsDialog } from './JobDetailsDialog';
import { JobFilterMenu } from './JobFilterMenu';
import { JOB_EMPTY_TITLE, jobEmptyText, parseJobSort } from './jobFilters';

const JOB_COLUMNS: ColumnDef<Job, unknown>[] = [
  { id: 'title', header: 'Job Title', cell: ({ row }) => <span className="font-medium">{row.original.title}</span> },
  {
    id: 'description',
    header: 'Description',
    cell: ({ row }) => <span className="line-clamp-3 block min-w-48 max-w-xs">{row.original.description?.trim() || 'No description'}</span>,
  },
  { id: 'state', header: 'State', cell: ({ row }) => orNA(row.original.state) },
  { id: 'location', header: 'Location', cell: ({ row }) => orNA(row.original.location) },
  { id: 'workSchedule', header: 'Shift', cell: ({ row }) => listOrNA(row.original.workSchedule) },
  { id: 'budget', header: 'Budget', cell: ({ row }) => formatBudget(row.original.budget) },
  {
    id: 'image',
    header: 'Image',
    cell: ({ row }) => {
      const [first] = row.original.jobImg;
      return first ? <ImageThumbnail src={imageUrl.job(first)} alt={`${row.original.title} image`} size={40} /> : 'N/A';
    },
  },
  { id: 'createdAt', header: 'Created', cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(row.original.createdAt)}</span> },
  { id: 'status', header: 'Status', cell: ({ row }) => <StatusBadge label={row.original.status} tone={listingTone(row.original.status)} /> },
  { id: 'jobId', header: 'JOB ID', cell: ({ row }) => <span className="whitespace-nowrap">{row.original.jobId}</span> },
];

export function JobListPage() {
  const [params, setParams] = useListParams({ page: 1, search: '', sort: '' });
  const sort = parseJobSort(params.sort);
  const jobs = useJobs({ page: params.page, search: params.search, sort });
  const setStatus = useSetJobStatus();
  const [viewed, setViewed] = useState<Job | null>(null);
  const [toDelete, setToDelete] = useState<Job | null>(null);
  const deleteJob = useDeleteJob({ onSuccess: () => setToDelete(null) });
  const columns = useModerationColumns(JOB_COLUMNS, {
    canSetStatus: canSetJobStatus,
    setStatus,
    deletion: deleteJob,
    onView: setViewed,
    onDelete: setToDelete,
  });
  useKeepPageInRange(jobs, params.page, JOB_PAGE_SIZE, setParams);

  return (
    <section>
      <PageHeader title="Job Listings">
        <SearchBox value={params.search} onSearch={(search) => setParams({ search })} placeholder="Search jobs..." delayMs={JOB_SEARCH_DELAY_MS} />
        <JobFilterMenu value={sort} onChange={(next) => setParams({ sort: next })} />
      </PageHeader>

      <PagedListView
        list={jobs}
        paging={{ page: params.page, pageSize: JOB_PAGE_SIZE, onPageChange: (page) => setParams({ page }) }}
        columns={columns}
        getRowId={(job) => job._id}
        caption="Job listings"
        empty={<EmptyState title={JOB_EMPTY_TITLE} description={jobEmptyText(params.search)} />}
      />
      <ConfirmDeleteDialog
        target={toDelete}
        onClose={() => !deleteJob.isPending && setToDelete(null)}
        title="Delete Job"
        message={`Are you sure you want to delete this job${toDelete ? ` (${toDelete.title})` : ''}?`}
        deletion={deleteJob}
        pendingLabel="Processing"
      />
      <JobDetailsDialog job={viewed} onClose={() => setViewed(null)} />
    </section>
  );
}
