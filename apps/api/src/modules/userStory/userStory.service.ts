import {
  formatAud,
  formatCentsAud,
  refundedLabel,
  toListingStatus,
  truncateWords,
  USER_STORY_ITEMS,
  visibleUserStorySections,
  type UserStoryItem,
  type UserStoryResponse,
  type UserStorySection,
  type UserStorySectionData,
} from '@ute/contract';
import type { Db } from '../../db/database';
import { notFound } from '../../lib/errors';
import { auditScopeOf } from '../audit/audit.service';
import { listJobBookings, listUteBookings } from '../bookings/bookings.repository';
import { refundedCentsOfPayments } from '../payments/payments.repository';
import { listJobs } from '../jobs/jobs.repository';
import { findLiveUser, type UserRow } from '../users/users.repository';
import { toUserDto } from '../users/users.service';
import { listUtes } from '../utes/utes.repository';
import * as repo from './userStory.repository';

const at = (date: Date) => date.toISOString();
/** A query's title: its first words. */
const QUERY_TITLE_WORDS = 8;

/** A bookings section (ute or job): the reference, what was booked, the amount and which side the user was on. */
function bookingSection(
  user: UserRow,
  { rows, total }: { rows: { id: string; reference: string; name: string; amount: number; status: string; ownerId: string; createdAt: Date }[]; total: number },
) {
  return {
    total,
    items: rows.map((row) => ({
      id: row.id,
      title: row.reference,
      detail: `${row.name} · ${formatAud(row.amount)} · ${row.ownerId === user.id ? 'as owner' : 'as booker'}`,
      at: at(row.createdAt),
      status: row.status,
    })),
  };
}

/**
 * Each section's rows and how they read on the page. Utes, jobs and bookings are read by their
 * lists' own calls with the `userId` filter (page 1 of `limit` rows), so a section's total is the
 * one its "see all" link shows.
 */
const SECTIONS: Record<
  UserStorySection,
  (db: Db, user: UserRow, limit: number, roles: readonly string[]) => Promise<{ total: number; items: UserStoryItem[] }>
> = {
  utes: async (db, user, limit) => {
    const { rows, totalCount } = await listUtes(db, { userId: user.id, page: 1, pageSize: limit });
    return {
      total: totalCount,
      items: rows.map((row) => ({
        id: row.id,
        title: row.fullName ?? row.uteId,
        detail: row.uteId,
        at: at(row.createdAt),
        status: toListingStatus(row.status),
      })),
    };
  },
  jobs: async (db, user, limit) => {
    const { rows, totalCount } = await listJobs(db, { userId: user.id, page: 1, limit });
    return {
      total: totalCount,
      items: rows.map((row) => ({ id: row.id, title: row.title, detail: row.jobId, at: at(row.createdAt), status: toListingStatus(row.status) })),
    };
  },
  uteBookings: async (db, user, limit) => {
    const { rows, total } = await listUteBookings(db, { userId: user.id, page: 1, limit });
    return bookingSection(user, { total, rows: rows.map((row) => ({ ...row, reference: row.uteBookingId, name: row.uteName })) });
  },
  jobBookings: async (db, user, limit) => {
    const { rows, total } = await listJobBookings(db, { userId: user.id, page: 1, limit });
    return bookingSection(user, { total, rows: rows.map((row) => ({ ...row, reference: row.jobBookingId, name: row.jobTitle })) });
  },
  payments: async (db, user, limit) => {
    const { rows, total } = await repo.findPayments(db, user.id, limit);
    const refunded = await refundedCentsOfPayments(db, rows);
    return {
      total,
      items: rows.map((row) => ({
        id: row.id,
        title: formatCentsAud(row.amountCents),
        detail: `${row.isStripe ? 'Stripe' : 'Manual'} · ${row.isJob ? 'job' : 'ute'}`,
        at: at(row.createdAt),
        // A refunded payment says so (docs/design.md §9.6) instead of its payment status.
        status: refundedLabel(refunded.get(row.id), row.amountCents) ?? row.status,
      })),
    };
  },
  queries: async (db, user, limit) => {
    const { rows, total } = await repo.findQueries(db, user.email, limit);
    return {
      total,
      items: rows.map((row) => ({ id: row.id, title: truncateWords(row.message, QUERY_TITLE_WORDS), detail: user.email, at: at(row.createdAt), status: null })),
    };
  },
  activity: async (db, user, limit) => {
    const { rows, total } = await repo.findActivities(db, user.id, limit);
    return {
      total,
      items: rows.map((row) => {
        const to = row.activityTo ?? {};
        return {
          id: String(row.id),
          title: row.activity.replaceAll('-', ' '),
          detail: to.uteName ?? to.jobName ?? to.fullName ?? '',
          at: at(row.occurredAt),
          status: null,
        };
      }),
    };
  },
  // The Audit Log's own scope: finance reads here only what the Audit Log shows them.
  adminActions: async (db, user, limit, roles) => {
    const { rows, total } = await repo.findAdminActions(db, user.id, limit, auditScopeOf(roles));
    return {
      total,
      items: rows.map((row) => ({
        id: String(row.id),
        title: row.action,
        detail: row.adminName ? `${row.adminName} (${row.adminEmail})` : 'System',
        at: at(row.createdAt),
        status: null,
      })),
    };
  },
};

export interface UserStoryServiceDeps {
  db: Db;
}

export function createUserStoryService({ db }: UserStoryServiceDeps) {
  /** GET users/:id/story: the user and, for each part of the marketplace the caller's roles open, their newest rows and total. */
  async function getStory(userId: string, roles: readonly string[]): Promise<UserStoryResponse> {
    const user = await findLiveUser(db, userId);
    if (!user) throw notFound('User');
    const sections = visibleUserStorySections(roles);
    const data = await Promise.all(sections.map((section) => SECTIONS[section](db, user, USER_STORY_ITEMS, roles)));
    return {
      user: toUserDto(user),
      sections: sections.map((section, i): UserStorySectionData => ({ section, ...data[i] })),
    };
  }

  return { getStory };
}

export type UserStoryService = ReturnType<typeof createUserStoryService>;
