import {
  fullNameOf,
  SEARCH_HITS_PER_GROUP,
  toListingStatus,
  visibleSearchGroups,
  type SearchGroup,
  type SearchGroupResult,
  type SearchHit,
  type SearchQuery,
} from '@ute/contract';
import type { Db } from '../../db/database';
import * as repo from './search.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Each group's finder and how its rows are named in the results. */
const FINDERS: Record<SearchGroup, (db: Db, term: repo.SearchTerm) => Promise<SearchHit[]>> = {
  users: async (db, term) => (await repo.findUsers(db, term)).map((row) => ({ id: row.id, title: fullNameOf(row), detail: row.email })),
  utes: async (db, term) =>
    (await repo.findUtes(db, term)).map((row) => ({ id: row.id, title: row.fullName ?? row.uteId, detail: `${row.uteId} · ${toListingStatus(row.status)}` })),
  jobs: async (db, term) =>
    (await repo.findJobs(db, term)).map((row) => ({ id: row.id, title: row.title, detail: `${row.jobId} · ${toListingStatus(row.status)}` })),
  uteBookings: async (db, term) =>
    (await repo.findUteBookings(db, term)).map((row) => ({ id: row.id, title: row.bookingId, detail: `${row.name} · ${row.status}` })),
  jobBookings: async (db, term) =>
    (await repo.findJobBookings(db, term)).map((row) => ({ id: row.id, title: row.bookingId, detail: `${row.name} · ${row.status}` })),
  queries: async (db, term) => (await repo.findQueries(db, term)).map((row) => ({ id: row.id, title: fullNameOf(row), detail: row.email })),
};

export interface SearchServiceDeps {
  db: Db;
}

export function createSearchService({ db }: SearchServiceDeps) {
  /** The hits of every group an admin holding `roles` may see (the groups of the lists they may open), in SEARCH_GROUPS order. */
  async function search(query: SearchQuery, roles: readonly string[]): Promise<SearchGroupResult[]> {
    const term: repo.SearchTerm = { text: query.q, uuid: UUID.test(query.q) ? query.q.toLowerCase() : undefined, limit: SEARCH_HITS_PER_GROUP };
    const groups = visibleSearchGroups(roles);
    const hits = await Promise.all(groups.map((group) => FINDERS[group](db, term)));
    return groups.map((group, i) => ({ group, hits: hits[i] }));
  }

  return { search };
}

export type SearchService = ReturnType<typeof createSearchService>;
