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
const LEDGER = ['ledger'] as const;
const RECONCILIATION = ['reconciliation'] as const;
const DISPUTES = ['disputes'] as const;
const PAYOUT_BATCHES = ['payoutBatches'] as const;

/**
 * Every query key of the app in one place, so a feature can refresh another's lists without
 * knowing how it spells its keys. A domain's `all` is the prefix its mutations invalidate
 * (TanStack Query matches by prefix); its builders make the keys of single queries below it.
 * The dashboard's counts follow users, utes, jobs and job bookings: their mutations invalidate
 * `queryKeys.dashboard` too. The sidebar's work queues and the header's notifications follow every mutation (useAdminMutation).
 */
export const queryKeys = {
  session: (token: string) => ['check-token', token] as const,
  dashboard: ['dashboard'] as const,
  /** One analytics group over a range (Analytics and the dashboard's charts share them); not invalidated: a range's numbers move slowly. */
  analytics: (group: string, query: object) => ['analytics', group, query] as const,
  workQueues: ['workQueues'] as const,
  /** My inbox (features/notifications): refreshed every 30 s and, as the work queues, after every mutation. */
  notifications: ['notifications'] as const,
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
  /** The fee in force and its history (Settings): only a fee change refreshes them. */
  platformFees: ['platformFees'] as const,
  businessDetails: ['businessDetails'] as const,
  /**
   * The owners' money: Balances and each owner's ledger. A payout (or a withdrawn booking) moves it,
   * so the booking mutations refresh `ledger.all` too.
   */
  ledger: {
    all: LEDGER,
    balances: (params: object) => [...LEDGER, 'balances', params] as const,
    owner: (ownerId: string, page: number) => [...LEDGER, 'owner', ownerId, page] as const,
    /** A delivered booking's split: fixed once delivered (a later fee change does not touch it). */
    payoutSplit: (kind: BookingKind, bookingId: string) => [...LEDGER, 'payoutSplit', kind, bookingId] as const,
  },
  /** Stripe's event inbox (Webhooks): a replay refreshes it (and the ledger, which the event may move). */
  webhookEvents: listKeysOf(['webhookEvents']),
  /** The reconciliation runs and each run with its discrepancies: a new run or an explanation refreshes them all (a run's open count). */
  reconciliation: {
    ...listKeysOf(RECONCILIATION),
    run: (id: string) => [...RECONCILIATION, 'run', id] as const,
  },
  /** Payout batches, each batch with its credits, and the bookings a new batch may take: every batch change refreshes them all. */
  payoutBatches: {
    ...listKeysOf(PAYOUT_BATCHES),
    batch: (id: string) => [...PAYOUT_BATCHES, 'batch', id] as const,
    candidates: [...PAYOUT_BATCHES, 'candidates'] as const,
  },
  /** Stripe's disputes and each one with its evidence: saving, submitting or recovering one refreshes them all (and the ledger it moves). */
  disputes: {
    ...listKeysOf(DISPUTES),
    dispute: (id: string) => [...DISPUTES, 'dispute', id] as const,
  },
  /** Refunds: the list, and each payment's refund summary (the dialog); a refund or a recovery choice refreshes them all. */
  refunds: listKeysOf(['refunds']),
  /** A record's internal notes (domain/notes), and the admins a note may mention: a note's change refreshes its record's notes. */
  notes: {
    all: ['notes'] as const,
    record: (recordType: string, recordId: string) => ['notes', recordType, recordId] as const,
    mentionable: ['notes', 'mentionable'] as const,
  },
  /** A list's saved views (domain/savedViews): saving, renaming, sharing or deleting one refreshes them. */
  savedViews: {
    all: ['savedViews'] as const,
    list: (list: string) => ['savedViews', list] as const,
  },
  faq: wholeListKeysOf(['faq']),
  blogs: wholeListKeysOf(['blogs']),
};
