import { useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { apiPaths, canSetJobStatus, WORK_QUEUE_LABELS, type Job } from '@ute/contract';
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
import { formatBudget, formatDateTime, imageUrl, listOrNA, orNA } from '../../lib/format';
import { useKeepPageInRange } from '../../lib/useKeepPageInRange';
import { createdDayLabel, hasCreatedDays } from '../../lib/createdDayFilter';
import { useListParams } from '../../lib/useListParams';
import { openedRowLabel, useOpenedRow, userFilterLabel } from '../../lib/useOpenedRow';
import { queryKeys } from '../../lib/queryKeys';
import { JOB_PAGE_SIZE, JOB_SEARCH_DELAY_MS, jobListQuery, bulkJobs, countJobs, useDeleteJob, useJobs, useSetJobStatus } from './api';
import { JobDetailsDialog } from './JobDetailsDialog';
import { JobFilterMenu } from './JobFilterMenu';
import { JOB_EMPTY_TITLE, jobEmptyText, parseJobSort } from './jobFilters';

const JOB_COLUMNS: ColumnDef<Job, unknown>[] = [
  { id: 'title', header: 'Job Title', cell: ({ row }) => <TruncatedText text={row.original.title} className="font-medium" /> },
  {
    id: 'description',
    header: 'Description',
    cell: ({ row }) => <TruncatedText text={row.original.description?.trim() || 'No description'} className="min-w-48 max-w-xs" />,
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
  {
    id: 'status',
    header: 'Status',
    cell: ({ row }) => <ListingStatus recordType="job" listing={row.original} />,
  },
  { id: 'jobId', header: 'JOB ID', cell: ({ row }) => <span className="whitespace-nowrap">{row.original.jobId}</span> },
];

/** The wait, holder and Assign menu of a pending job (docs/design.md §15): shown on the pendingJobs queue's list. */
const JOB_WAITING_COLUMN: ColumnDef<Job, unknown> = {
  id: 'workItem',
  header: 'Waiting',
  cell: ({ row }) => (
    <WorkItemCell
      queue="pendingJobs"
      recordId={row.original._id}
      item={row.original.workItem}
      label={`job ${row.original.title}`}
      invalidates={[queryKeys.jobs.all]}
    />
  ),
};

/** The list call's parameters from the page's URL filters (the page's own, and a saved view's count). */
const jobListParamsOf = (params: FilterValues<typeof screens.jobs.filters>) => ({
  search: params.search,
  sort: parseJobSort(params.sort),
  isPending: params.status === 'Pending',
  id: params.open,
  userId: params.user,
  createdFrom: params.createdFrom,
  createdTo: params.createdTo,
  assigned: params.assigned,
  waitSort: params.waitSort,
});

export function JobListPage() {
  const [params, setParams] = useListParams(screens.jobs);
  const listParams = jobListParamsOf(params);
  const { sort, isPending } = listParams;
  const jobs = useJobs({ ...listParams, page: params.page });
  const setStatus = useSetJobStatus();
  const [viewed, setViewed] = useState<Job | null>(null);
  const [toDelete, setToDelete] = useState<Job | null>(null);
  const deleteJob = useDeleteJob({ onSuccess: () => setToDelete(null) });
  const [toReject, setToReject] = useState<Job | null>(null);
  const nameOf = (job: Job) => job.title;
  const {
    selection,
    bulk,
    column: selectColumn,
  } = useBulkRows(jobs.data?.rows, {
    nameOf,
    mutationFn: bulkJobs,
    invalidates: [queryKeys.jobs.all, queryKeys.dashboard],
  });
  const columns = useModerationColumns([selectColumn, ...(isPending ? [JOB_WAITING_COLUMN] : []), ...JOB_COLUMNS], {
    canSetStatus: canSetJobStatus,
    setStatus,
    deletion: deleteJob,
    onView: setViewed,
    onReject: setToReject,
    onDelete: setToDelete,
  });
  useKeepPageInRange(jobs, params.page, JOB_PAGE_SIZE, setParams);
  useOpenedRow(jobs.data?.rows, params.open, setViewed);

  return (
    <section>
      <PageHeader title="Job Listings">
        <SearchBox value={params.search} onSearch={(search) => setParams({ search })} placeholder="Search jobs..." delayMs={JOB_SEARCH_DELAY_MS} />
        <JobFilterMenu value={sort} onChange={(next) => setParams({ sort: next })} />
        <ExportCsvButton path={apiPaths.jobsExport} query={jobListQuery(listParams)} download={downloadFile} totalRows={jobs.data?.totalCount} />
      </PageHeader>
      <SavedViewTabs
        list="jobs"
        filters={screens.jobs.filters}
        countKey={queryKeys.jobs.all}
        countOf={(filters, signal) => countJobs(jobListParamsOf(filters), signal)}
      />
      {isPending && <ActiveFilter label={WORK_QUEUE_LABELS.pendingJobs} onClear={() => setParams({ status: '', assigned: '', waitSort: '' })} />}
      {isPending && <WorkItemFilters values={params} onChange={setParams} />}
      {params.open && <ActiveFilter label={openedRowLabel('job')} onClear={() => setParams({ open: '' })} />}
      {params.user && <ActiveFilter label={userFilterLabel('jobs')} onClear={() => setParams({ user: '' })} />}
      {hasCreatedDays(params) && <ActiveFilter label={createdDayLabel(params)} onClear={() => setParams({ createdFrom: '', createdTo: '' })} />}

      <ListingBulkActions selection={selection} bulk={bulk} noun={{ one: 'job', many: 'jobs' }} />
      <PagedListView
        list={jobs}
        paging={{ page: params.page, pageSize: JOB_PAGE_SIZE, onPageChange: (page) => setParams({ page }) }}
        columns={columns}
        getRowId={(job) => job._id}
        caption="Job listings"
        empty={<EmptyState title={JOB_EMPTY_TITLE} description={jobEmptyText(params.search)} />}
      />
      <RejectDialog
        subject={toReject ? `Job “${nameOf(toReject)}”` : null}
        isPending={setStatus.isPending}
        onConfirm={(rejection) =>
          toReject && setStatus.mutate({ id: toReject._id, status: 'Rejected', rejection, version: toReject.version }, { onSuccess: () => setToReject(null) })
        }
        onClose={() => setToReject(null)}
        record={toReject ? { recordType: 'job', recordId: toReject._id } : undefined}
      />
      <ConfirmDeleteDialog
        target={toDelete}
        onClose={() => !deleteJob.isPending && setToDelete(null)}
        title="Delete Job"
        message={`Are you sure you want to delete this job${toDelete ? ` (${toDelete.title})` : ''}?`}
        deletion={deleteJob}
        pendingLabel="Processing"
      />
      {/* The open dialog shows the list's latest read of its row (a colleague's change refreshes it). */}
      <JobDetailsDialog job={viewed && (jobs.data?.rows.find((row) => row._id === viewed._id) ?? viewed)} onClose={() => setViewed(null)} />
    </section>
  );
}
