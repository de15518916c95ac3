import {
  canSetJobStatus,
  listingMessages,
  totalPagesOf,
  toListingStatus,
  type Job,
  type JobExportQuery,
  type JobListQuery,
  type JobListResponse,
  type BulkResponse,
  type ListingBulkBody,
  type Rejection,
  type SettableListingStatus,
} from '@ute/contract';
import type { Db } from '../../db/database';
import { readListBatches } from '../../db/keyset';
import { csvChunks, dollars, type CsvColumn } from '../../lib/csv';
import { conflict, notFound } from '../../lib/errors';
import { assertUnchanged, each, writeAudit, type Actor } from '../../platform/audit/auditLog';
import { rejectionOf, runListingBulk, type ListingNotices } from '../moderation/moderation.service';
import { joinedWorkItemSummaries, workItemListFilterOf } from '../assignments/workItemLists';
import * as repo from './jobs.repository';

/** The one place a stored job becomes the wire shape of docs/product.md. */
export function toJobDto(row: repo.JobRow & { version: string }): Job {
  return {
    _id: row.id,
    jobId: row.jobId,
    title: row.title,
    description: row.description,
    state: row.state,
    location: row.location,
    workSchedule: row.workSchedule,
    budget: row.budget === null ? null : Number(row.budget),
    jobImg: row.images,
    status: toListingStatus(row.status),
    rejection: rejectionOf(row),
    createdAt: row.createdAt.toISOString(),
    version: row.version,
  };
}

const auditView = (row: Pick<repo.JobRow, 'status' | 'deletedAt' | 'rejectionReason' | 'rejectionNote'>) => ({
  status: row.status,
  rejectionReason: row.rejectionReason,
  rejectionNote: row.rejectionNote,
  deletedAt: row.deletedAt ? row.deletedAt.toISOString() : null,
});

/**
 * The list's filter and sort from its query (the page aside): the list and its export read the same
 * rows (the export in its own order: `waitSort` orders the page only).
 */
function jobListFilterOf(query: JobExportQuery, adminId?: string, isPage = false) {
  return {
    workItems: workItemListFilterOf(query, adminId, { isSorted: isPage }),
    search: query.search || undefined,
    sort: query.sort,
    isPending: query.status === 'Pending',
    id: query.id,
    userId: query.userId,
    createdFrom: query.createdFrom,
    createdTo: query.createdTo,
  };
}

/** The jobs export's columns; the budget is in dollars. */
export const JOB_CSV: readonly CsvColumn<repo.JobRow>[] = [
  { header: 'id', value: (row) => row.id },
  { header: 'job_id', value: (row) => row.jobId },
  { header: 'title', value: (row) => row.title },
  { header: 'status', value: (row) => toListingStatus(row.status) },
  { header: 'description', value: (row) => row.description },
  { header: 'state', value: (row) => row.state },
  { header: 'location', value: (row) => row.location },
  { header: 'work_schedule', value: (row) => row.workSchedule.join('; ') },
  { header: 'budget_dollars', value: (row) => dollars(row.budget) },
  { header: 'created_at', value: (row) => row.createdAt.toISOString() },
];

export interface JobsServiceDeps {
  db: Db;
  notices: ListingNotices;
}

export function createJobsService({ db, notices }: JobsServiceDeps) {
  async function listJobs(query: JobListQuery, adminId?: string): Promise<JobListResponse> {
    const { rows, totalCount } = await repo.listJobs(db, { page: query.page, limit: query.limit, ...jobListFilterOf(query, adminId, true) });
    const items = joinedWorkItemSummaries('pendingJobs', rows);
    return {
      data: rows.map((row) => ({ ...toJobDto(row), workItem: items.get(row.id) ?? null })),
      totalCount,
      paginationData: { page: query.page, totalPages: totalPagesOf(totalCount, query.limit) },
    };
  }

  /** GET get-all-job-list/export: every job of the list under this query, in its order, as CSV, read in batches. */
  function exportJobs(query: JobExportQuery, adminId?: string): AsyncGenerator<string> {
    return csvChunks(JOB_CSV, readListBatches(db, repo.jobListSource(jobListFilterOf(query, adminId))));
  }

  /**
   * Approves or rejects one job (a rejection with its reason, when given), in one transaction with
   * its audit entry, the lister's activity entry and their notice mail, which is held for the
   * listing's decision window and counted in the admin's mail quota (moderation.service, createListingNotices).
   */
  async function setJobStatus(id: string, status: SettableListingStatus, rejection: Rejection | null, actor: Actor) {
    const kept = status === 'Rejected' ? rejection : null;
    await notices.decideWithNotice(actor, (tell) =>
      db.transaction(async (tx) => {
        const job = await repo.lockLiveJob(tx, id);
        if (!job) throw notFound('Job');
        await assertUnchanged(tx, actor, { version: job.version, id, targetType: 'job' });
        const current = toListingStatus(job.status);
        if (!canSetJobStatus(current, status)) {
          throw conflict(current === 'Approved' && status === 'Rejected' ? listingMessages.approvedJobCannotBeRejected : listingMessages.jobAlready(current));
        }
        await repo.setJobStatus(tx, id, status, kept);
        const after = { ...job, status, rejectionReason: kept?.reason ?? null, rejectionNote: kept?.note ?? null };
        await writeAudit(tx, actor, { action: 'job.status', targetType: 'job', targetId: id, before: auditView(job), after: auditView(after) });
        await tell(tx, { kind: 'job', listingId: id, listerId: job.postedBy, listingName: job.title, reference: job.jobId, status, rejection: kept });
      }),
    );
    return { message: status === 'Approved' ? listingMessages.jobApproved : listingMessages.jobRejected };
  }

  /** POST jobs/bulk: each job in turn, through the single-row actions. */
  const bulkJobs = (body: ListingBulkBody, actor: Actor): Promise<BulkResponse> =>
    runListingBulk(body, {
      setStatus: (id, status, rejection) => setJobStatus(id, status, rejection, each(actor)),
      remove: (id) => deleteJob(id, each(actor)),
    });

  async function deleteJob(id: string, actor: Actor) {
    await db.transaction(async (tx) => {
      const job = await repo.lockLiveJob(tx, id);
      if (!job) throw notFound('Job');
      await assertUnchanged(tx, actor, { version: job.version, id, targetType: 'job' });
      const deletedAt = await repo.markJobDeleted(tx, id);
      await writeAudit(tx, actor, { action: 'job.delete', targetType: 'job', targetId: id, before: auditView(job), after: auditView({ ...job, deletedAt }) });
    });
    return { message: listingMessages.jobDeleted };
  }

  return { listJobs, exportJobs, setJobStatus, bulkJobs, deleteJob };
}

export type JobsService = ReturnType<typeof createJobsService>;
