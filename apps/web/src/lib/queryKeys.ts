import type { BookingKind } from '@ute/contract';

const USERS = ['users'] as const;
const UTES = ['utes'] as const;
const JOBS = ['jobs'] as const;
const BOOKINGS = { ute: ['uteBookings'] as const, job: ['jobBookings'] as const };
const PAYMENTS = ['payments'] as const;
const ACTIVITY = ['activity'] as const;
const QUOTES = ['quotes'] as const;
const QUERIES = ['queries'] as const;

/**
 * Every query key of the app in one place, so a feature can refresh another's lists without
 * knowing how it spells its keys. A domain's `all` is the prefix its mutations invalidate
 * (TanStack Query matches by prefix); its builders make the keys of single queries below it.
 * The dashboard's counts follow users, utes, jobs and job bookings: their mutations invalidate
 * `queryKeys.dashboard` too. The sidebar's work queues follow every mutation (useAdminMutation).
 */
export const queryKeys = {
  session: (token: string) => ['check-token', token] as const,
  dashboard: ['dashboard'] as const,
  workQueues: ['workQueues'] as const,
  // Not invalidated by mutations: a hit opens its row on its list, which is always fresh.
  globalSearch: (term: string) => ['globalSearch', term] as const,
  users: {
    all: USERS,
    list: (page: number, search: string, id = '') => [...USERS, page, search, id] as const,
    // Under `users`: a status change on the page (or anywhere) refreshes it.
    story: (id: string) => [...USERS, 'story', id] as const,
  },
  utes: {
    all: UTES,
    list: (params: { page: number; search: string; isPending: boolean; id?: string; userId?: string }) => [...UTES, params] as const,
  },
  jobs: {
    all: JOBS,
    list: (params: { page: number; search: string; sort: string | undefined; isPending: boolean; id?: string }) => [...JOBS, params] as const,
  },
  bookings: {
    /** The booking lists of one kind (ute or job bookings). */
    all: (kind: BookingKind) => BOOKINGS[kind],
    list: (kind: BookingKind, params: object) => [...BOOKINGS[kind], params] as const,
    bankAccount: (ownerId: string | null) => ['bankAccount', ownerId] as const,
  },
  payments: {
    all: PAYMENTS,
    list: (tab: 'stripe' | 'manual', params: object) => [...PAYMENTS, tab, params] as const,
  },
  activity: {
    all: ACTIVITY,
    list: (userId: string, filter: string) => [...ACTIVITY, userId, filter] as const,
  },
  quotes: {
    all: QUOTES,
    list: (page: number, isAwaitingPrice: boolean) => [...QUOTES, 'list', page, isAwaitingPrice] as const,
    shipment: (id: string) => [...QUOTES, 'shipment', id] as const,
  },
  queries: {
    all: QUERIES,
    list: (page: number, email: string, sort: string, isUnanswered: boolean, id = '') => [...QUERIES, page, email, sort, isUnanswered, id] as const,
  },
  faq: ['faq'] as const,
  blogs: ['blogs'] as const,
};
