import { useEffect, useMemo, useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { canSetJobStatus, type Job, type SettableListingStatus } from '@ute/contract';
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
import { JOB_PAGE_SIZE, JOB_SEARCH_DELAY_MS, useDeleteJob, useJobs, useSetJobStatus } from './api';
import { JobDetailsDialog } from './JobDetailsDialog';
import { JobFilterMenu } from './JobFilterMenu';
import { JOB_EMPTY_TITLE, jobEmptyText, parseJobSort } from './jobFilters';

export function JobListPage() {
  const [params, setParams] = useListParams({ page: 1, search: '', sort: '' });
  const sort = parseJobSort(params.sort);
  const jobs = useJobs({ page: params.page, search: params.search, sort });
  const setStatus = useSetJobStatus();
  const [viewed, setViewed] = useState<Job | null>(null);
  const [toDelete, setToDelete] = useState<Job | null>(null);
  const deleteJob = useDeleteJob({ onSuccess: () => setToDelete(null) });

  const totalCount = jobs.data?.totalCount ?? 0;
  const rows = useMemo(() => jobs.data?.data ?? [], [jobs.data]);

  // A page past the end (the last row of the last page deleted, or an old link) goes to the last page.
  useEffect(() => {
    if (jobs.isPlaceholderData || !jobs.data) return;
    const lastPage = Math.max(1, Math.ceil(totalCount / JOB_PAGE_SIZE));
    if (params.page > lastPage) setParams({ page: lastPage }, { replace: true });
  }, [jobs.data, jobs.isPlaceholderData, totalCount, params.page, setParams]);

  const columns = useMemo<ColumnDef<Job, unknown>[]>(() => {
    const handleStatus = (job: Job, status: SettableListingStatus) => setStatus.mutate({ id: job._id, status });
    return [
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
      {
        id: 'actions',
        header: 'Actions',
        cell: ({ row }) => {
          const job = row.original;
          const isPending = setStatus.isRowPending(job._id) || deleteJob.isRowPending(job._id);
          const pendingStatus = setStatus.isRowPending(job._id) ? setStatus.variables?.status : undefined;
          return (
            <ModerationActions
              canApprove={canSetJobStatus(job.status, 'Approved')}
              canReject={canSetJobStatus(job.status, 'Rejected')}
              isPending={isPending}
              pendingStatus={pendingStatus}
              onView={() => setViewed(job)}
              onSetStatus={(status) => handleStatus(job, status)}
              onDelete={() => setToDelete(job)}
            />
          );
        },
      },
    ];
  }, [setStatus, deleteJob]);

  return (
    <section>
      <PageHeader title="Job Listings">
        <SearchBox value={params.search} onSearch={(search) => setParams({ search })} placeholder="Search jobs..." delayMs={JOB_SEARCH_DELAY_MS} />
        <JobFilterMenu value={sort} onChange={(next) => setParams({ sort: next })} />
      </PageHeader>

      {jobs.isError && !jobs.data ? (
        <p role="alert" className="text-red-700">
          {errorText(jobs.error)}
        </p>
      ) : (
        <>
          <DataTable
            columns={columns}
            data={rows}
            getRowId={(job) => job._id}
            isLoading={jobs.isPending}
            caption="Job listings"
            empty={<EmptyState title={JOB_EMPTY_TITLE} description={jobEmptyText(params.search)} />}
          />
          <Pager page={params.page} pageSize={JOB_PAGE_SIZE} totalCount={totalCount} onPageChange={(page) => setParams({ page })} />
        </>
      )}

      <JobDetailsDialog job={viewed} onClose={() => setViewed(null)} />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && !deleteJob.isPending && setToDelete(null)}
        title="Delete Job"
        message={`Are you sure you want to delete this job${toDelete ? ` (${toDelete.title})` : ''}?`}
        confirmLabel="Delete"
        pendingLabel="Processing"
        isPending={deleteJob.isPending}
        onConfirm={() => toDelete && deleteJob.mutate(toDelete._id)}
      />
    </section>
  );
}
