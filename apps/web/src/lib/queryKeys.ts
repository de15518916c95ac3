import type { BookingKind } from '@ute/contract';

/** A domain's keys: `all`, and `list(params)` for one page of its list, by its named parameters. */
function listKeysOf<const TAll extends readonly string[]>(all: TAll) {
  return { all, list: <TParams extends object>(params: TParams) => [...all, 'list', params] as const };
}

/** A domain whose list the api answers whole (no parameters). */
function wholeListKeysOf<const TAll extends readonly string[]>(all: TAll) {
  return { all, list: () => [...all, 'list'] as const };
}

const USERS = ['users'] as const;
const QUOTES = ['quotes'] as const;
const ADMINS = ['admins'] as const;
const BOOKINGS = { ute: ['uteBookings'] as const, job: ['jobBookings'] as const };

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
    ...listKeysOf(USERS),
    // Under `users`: a status change on the page (or anywhere) refreshes it.
    story: (id: string) => [...USERS, 'story', id] as const,
  },
  utes: listKeysOf(['utes']),
  jobs: listKeysOf(['jobs']),
  bookings: {
    /** The booking lists of one kind (ute or job bookings). */
    all: (kind: BookingKind) => BOOKINGS[kind],
    list: <TParams extends { kind: BookingKind }>(params: TParams) => [...BOOKINGS[params.kind], 'list', params] as const,
    bankAccount: (ownerId: string | null) => ['bankAccount', ownerId] as const,
  },
  /** Both tabs' lists (`params.tab`): accepting a manual payment refreshes either. */
  payments: listKeysOf(['payments']),
  activity: listKeysOf(['activity']),
  quotes: {
    ...listKeysOf(QUOTES),
    shipment: (id: string) => [...QUOTES, 'shipment', id] as const,
  },
  queries: listKeysOf(['queries']),
  /** Verifying and exporting are themselves logged: both refresh the list. */
  audit: listKeysOf(['audit']),
  admins: {
    ...wholeListKeysOf(ADMINS),
    settings: [...ADMINS, 'settings'] as const,
  },
  faq: wholeListKeysOf(['faq']),
  blogs: wholeListKeysOf(['blogs']),
};
