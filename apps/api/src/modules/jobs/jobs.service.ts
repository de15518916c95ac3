import {
  canSetJobStatus,
  listingMessages,
  totalPagesOf,
  toListingStatus,
  type Job,
  type JobListQuery,
  type JobListResponse,
  type SettableListingStatus,
} from '@ute/contract';
import type { Db } from '../../db/database';
import { conflict, notFound } from '../../lib/errors';
import { writeAudit, type Actor } from '../audit/audit.repository';
import * as repo from './jobs.repository';

/** The one place a stored job becomes the wire shape of docs/product.md. */
export function toJobDto(row: repo.JobRow): Job {
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
    createdAt: row.createdAt.toISOString(),
  };
}

const auditView = (row: Pick<repo.JobRow, 'status' | 'deletedAt'>) => ({
  status: row.status,
  deletedAt: row.deletedAt ? row.deletedAt.toISOString() : null,
});

export interface JobsServiceDeps {
  db: Db;
}

export function createJobsService({ db }: JobsServiceDeps) {
  async function listJobs(query: JobListQuery): Promise<JobListResponse> {
    const { rows, totalCount } = await repo.listJobs(db, { page: query.page, limit: query.limit, search: query.search || undefined, sort: query.sort });
    return {
      data: rows.map(toJobDto),
      totalCount,
      paginationData: { page: query.page, totalPages: totalPagesOf(totalCount, query.limit) },
    };
  }

  async function setJobStatus(id: string, status: SettableListingStatus, actor: Actor) {
    await db.transaction(async (tx) => {
      const job = await repo.lockLiveJob(tx, id);
      if (!job) throw notFound('Job');
      const current = toListingStatus(job.status);
      if (!canSetJobStatus(current, status)) {
        throw conflict(current === 'Approved' && status === 'Rejected' ? listingMessages.approvedJobCannotBeRejected : listingMessages.jobAlready(current));
      }
      await repo.setJobStatus(tx, id, status);
      await writeAudit(tx, actor, { action: 'job.status', targetType: 'job', targetId: id, before: auditView(job), after: auditView({ ...job, status }) });
    });
    return { message: status === 'Approved' ? listingMessages.jobApproved : listingMessages.jobRejected };
  }

  async function deleteJob(id: string, actor: Actor) {
    await db.transaction(async (tx) => {
      const job = await repo.lockLiveJob(tx, id);
      if (!job) throw notFound('Job');
      const deletedAt = await repo.markJobDeleted(tx, id);
      await writeAudit(tx, actor, { action: 'job.delete', targetType: 'job', targetId: id, before: auditView(job), after: auditView({ ...job, deletedAt }) });
    });
    return { message: listingMessages.jobDeleted };
  }

  return { listJobs, setJobStatus, deleteJob };
}

export type JobsService = ReturnType<typeof createJobsService>;
