import { canCall } from './access';
import type { AnalyticsGroup } from './analytics';
import type { NoteRecordType } from './notes';
import type { NotificationRecordType } from './notifications';
import type { SavedViewList } from './savedViews';
import { ANALYTICS_GROUPS } from './analytics';
import type { RouteName } from './routes';
import type { SearchGroup } from './search';
import { SEARCH_GROUPS } from './search';
import type { UserStorySection } from './userStory';
import { USER_STORY_SECTIONS } from './userStory';
import type { WorkQueue } from './workQueues';
import { WORK_QUEUES } from './workQueues';

// The list call behind each work queue, search group, story section and export: who may open that
// list sees it (the route table's access column stays the one map).

/** The list call each queue filters: who may open that list sees its queue. */
export const WORK_QUEUE_LISTS = {
  pendingUtes: 'utes',
  pendingJobs: 'jobs',
  uteBookingsAwaitingPayout: 'uteBookings',
  jobBookingsAwaitingPayout: 'jobBookings',
  manualPaymentsAwaitingAcceptance: 'manualPayments',
  unansweredQueries: 'queries',
  quotesAwaitingPrice: 'quotes',
  disputesNeedingEvidence: 'disputes',
  undecidedRefunds: 'refunds',
} as const satisfies Record<WorkQueue, RouteName>;

/** The queues an admin holding `roles` sees: those whose list they may open. */
export function visibleWorkQueues(roles: readonly string[]): WorkQueue[] {
  return WORK_QUEUES.filter((queue) => canCall(roles, WORK_QUEUE_LISTS[queue]));
}

/** The list call of each group's rows: who may open that list sees the group. */
export const SEARCH_GROUP_LISTS = {
  users: 'users',
  utes: 'utes',
  jobs: 'jobs',
  uteBookings: 'uteBookings',
  jobBookings: 'jobBookings',
  queries: 'queries',
} as const satisfies Record<SearchGroup, RouteName>;

/** The groups an admin holding `roles` is answered: those whose list they may open. */
export function visibleSearchGroups(roles: readonly string[]): SearchGroup[] {
  return SEARCH_GROUPS.filter((group) => canCall(roles, SEARCH_GROUP_LISTS[group]));
}

/** The list call behind each section: who may open that list sees the section. */
export const USER_STORY_SECTION_LISTS = {
  utes: 'utes',
  jobs: 'jobs',
  uteBookings: 'uteBookings',
  jobBookings: 'jobBookings',
  payments: 'payments',
  queries: 'queries',
  activity: 'activities',
  adminActions: 'auditLog',
} as const satisfies Record<UserStorySection, RouteName>;

/** The sections an admin holding `roles` is answered. */
export function visibleUserStorySections(roles: readonly string[]): UserStorySection[] {
  return USER_STORY_SECTIONS.filter((section) => canCall(roles, USER_STORY_SECTION_LISTS[section]));
}

/** The exportable lists: each one's export route, and the list route whose query (without the page) it takes. */
export const LIST_EXPORTS = {
  utes: { route: 'utesExport', list: 'utes' },
  jobs: { route: 'jobsExport', list: 'jobs' },
  quotes: { route: 'quotesExport', list: 'quotes' },
  users: { route: 'usersExport', list: 'users' },
  queries: { route: 'queriesExport', list: 'queries' },
  uteBookings: { route: 'uteBookingsExport', list: 'uteBookings' },
  jobBookings: { route: 'jobBookingsExport', list: 'jobBookings' },
  payments: { route: 'paymentsExport', list: 'payments' },
  manualPayments: { route: 'manualPaymentsExport', list: 'manualPayments' },
  auditLog: { route: 'auditExport', list: 'auditLog' },
} as const satisfies Record<string, { route: RouteName; list: RouteName }>;
export type ExportName = keyof typeof LIST_EXPORTS;

/** The call behind each analytics group: who may make it sees the group's charts. */
export const ANALYTICS_GROUP_ROUTES = {
  money: 'analyticsMoney',
  bookings: 'analyticsBookings',
  supply: 'analyticsSupply',
  support: 'analyticsSupport',
  people: 'analyticsPeople',
  funnel: 'analyticsFunnel',
  cohorts: 'analyticsCohorts',
} as const satisfies Record<AnalyticsGroup, RouteName>;

/** The analytics groups an admin holding `roles` may open. */
export function visibleAnalyticsGroups(roles: readonly string[]): AnalyticsGroup[] {
  return ANALYTICS_GROUPS.filter((group) => canCall(roles, ANALYTICS_GROUP_ROUTES[group]));
}

/**
 * The list call of each record type that carries notes (docs/design.md §11): who may open that list
 * reads, writes and is mentioned in the record's notes. The notes' route rows are 'signed-in' and the
 * notes service checks this per record type.
 */
export const NOTE_RECORD_LISTS = {
  user: 'users',
  ute: 'utes',
  job: 'jobs',
  uteBooking: 'uteBookings',
  jobBooking: 'jobBookings',
  payment: 'payments',
  query: 'queries',
  quote: 'quotes',
  admin: 'admins',
} as const satisfies Record<NoteRecordType, RouteName>;

/** Whether an admin holding `roles` may read and write the notes of a record of type `recordType`. */
export const canUseNotesOf = (roles: readonly string[], recordType: NoteRecordType): boolean => canCall(roles, NOTE_RECORD_LISTS[recordType]);

/**
 * The list call of each list that carries saved views (docs/design.md §12): who may open that list
 * reads, saves and shares its views. The saved views' route rows are 'signed-in' and the service
 * checks this per list.
 */
export const SAVED_VIEW_LIST_ROUTES = {
  utes: 'utes',
  jobs: 'jobs',
  users: 'users',
  uteBookings: 'uteBookings',
  jobBookings: 'jobBookings',
  payments: 'payments',
  queries: 'queries',
  quotes: 'quotes',
} as const satisfies Record<SavedViewList, RouteName>;

/** Whether an admin holding `roles` may use the saved views of `list`. */
export const canUseSavedViewsOf = (roles: readonly string[], list: SavedViewList): boolean => canCall(roles, SAVED_VIEW_LIST_ROUTES[list]);

/**
 * The list call of each record a notification opens (docs/design.md §13): a system event about a
 * record notifies the active admins who may open that list. The migration's triggers name the
 * roles of the failed payout's and the failed webhook event's lists in SQL; a test checks they are
 * still these lists' roles.
 */
export const NOTIFICATION_RECORD_LISTS = {
  ...NOTE_RECORD_LISTS,
  webhookEvent: 'webhookEvents',
  dispute: 'disputes',
  // An export's notice goes to the admin who took it (no one else is told): its inbox is theirs.
  export: 'notifications',
} as const satisfies Record<NotificationRecordType, RouteName>;

/** Whether an admin holding `roles` is notified of system events about records of type `recordType`. */
export const isNotifiedOf = (roles: readonly string[], recordType: NotificationRecordType): boolean => canCall(roles, NOTIFICATION_RECORD_LISTS[recordType]);

/**
 * Live events (docs/design.md §14): who hears of a change to a record of each audit target type: the admins who may open its list
 * (owners hear of every change). A target type missing here is heard by owners only.
 */
export const LIVE_RECORD_LISTS: Readonly<Record<string, RouteName>> = {
  ute: 'utes',
  job: 'jobs',
  shipment: 'quotes',
  customer_query: 'queries',
  user: 'users',
  ute_booking: 'uteBookings',
  job_booking: 'jobBookings',
  payment: 'payments',
  faq: 'faqs',
  blog: 'blogs',
  dispute: 'disputes',
  payout_batch: 'payoutBatches',
};
