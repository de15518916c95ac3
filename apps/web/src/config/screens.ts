import { canCall, type RouteName } from '@ute/contract';
import { buildHref, type FilterDefaults, type HrefArgs } from './urlFilters';

/** A list opened on one row, `?open=<id>` (global search's hits): the page sends it as its call's `id`. */
const openRow = { open: '' } as const;
/** A list narrowed to one user's rows, `?user=<id>` (the user page's "See all"): sent as `userId`. */
const byUser = { user: '' } as const;
/** A list narrowed to the rows made on these Sydney days, `?createdFrom=…&createdTo=…` (analytics' drill-down). */
const createdIn = { createdFrom: '', createdTo: '' } as const;
/** A queue-filtered list's holder filter (me | none; '' = anyone) and its 'oldest' first sort (docs/design.md §15). */
const queueFilters = { assigned: '', waitSort: '' } as const;

interface ScreenRow {
  /** Its URL; each `:name` segment is a param its `href` requires. */
  readonly path: `/${string}`;
  readonly label: string;
  /**
   * Its sidebar entry's icon, by its lucide-react name; a screen without one is reached by links only
   * (a row's page, sign-in). A name, not the component, so the sign-in page's JS carries no icons:
   * the shell maps each name used here to its component (app/AdminLayout.tsx, checked by the compiler).
   */
  readonly icon?: string;
  /**
   * The contract calls it is built on: an admin may open it when ROUTE_ACCESS lets them make every
   * one (canCall). The server decides again on every call; this keeps the menu and the screens honest.
   */
  readonly access: readonly [RouteName, ...RouteName[]];
  /**
   * Calls of which the admin must be able to make at least one, beside every call of `access`: a screen
   * made of parts each with its own call (Analytics' groups) opens to whoever may see any part of it.
   */
  readonly accessAny?: readonly [RouteName, ...RouteName[]];
  /** Outside the signed-in shell: sign-in, the password reset steps, the invitation. */
  readonly isPublic?: true;
  /** The URL filters its page reads (useListParams) and its `href` writes, with their defaults. */
  readonly filters?: FilterDefaults;
}

/**
 * Every screen, one row each: the router, the sidebar (the rows with an icon, in this order), the
 * access check, the dashboard's cards and every link to a screen read it. The sidebar is
 * docs/product.md's 11 entries with Quotes after Job Booking List (docs/design.md decision 1), then
 * the team's screens (Admins, Audit Log, Security; README, "The admin team"), then the ledger's (Balances and
 * Settings, the platform fee; docs/product.md 3.18), then Stripe's side of it (Webhooks, the event inbox, and Reconciliation).
 * app/router.tsx gives each row its page.
 */
const SCREEN_ROWS = {
  dashboard: { path: '/', label: 'Dashboard', icon: 'LayoutDashboard', access: ['dashboard'] },
  // The marketplace's charts (docs/design.md §10): each group is drawn for the admins its call lets in.
  analytics: {
    path: '/analytics',
    label: 'Analytics',
    icon: 'ChartLine',
    access: ['dashboard'],
    // Its groups' calls (ANALYTICS_GROUP_ROUTES): an admin who may make none has nothing to see there.
    accessAny: ['analyticsMoney', 'analyticsBookings', 'analyticsSupply', 'analyticsSupport', 'analyticsPeople', 'analyticsFunnel', 'analyticsCohorts'],
    filters: { preset: 'last30', from: '', to: '', groupBy: 'day' },
  },
  utes: {
    path: '/ute-list',
    label: 'Ute List',
    icon: 'Truck',
    access: ['utes'],
    filters: { page: 1, search: '', status: '', ...createdIn, ...openRow, ...byUser, ...queueFilters },
  },
  jobs: {
    path: '/job-list',
    label: 'Job List',
    icon: 'Briefcase',
    access: ['jobs'],
    filters: { page: 1, search: '', sort: '', status: '', ...createdIn, ...openRow, ...byUser, ...queueFilters },
  },
  uteBookings: {
    path: '/booking-list',
    label: 'Ute Booking List',
    icon: 'CalendarCheck',
    access: ['uteBookings'],
    filters: { page: 1, tab: 'stripe', awaitingPayout: '', bookingStatus: '', ...createdIn, ...openRow, ...byUser, ...queueFilters },
  },
  jobBookings: {
    path: '/job-booking-list',
    label: 'Job Booking List',
    icon: 'ClipboardList',
    access: ['jobBookings'],
    filters: { page: 1, tab: 'stripe', awaitingPayout: '', bookingStatus: '', ...createdIn, ...openRow, ...byUser, ...queueFilters },
  },
  quotes: { path: '/quotes', label: 'Quotes', icon: 'Receipt', access: ['quotes'], filters: { page: 1, awaitingPrice: '', ...queueFilters } },
  shipment: { path: '/shipment/:id', label: 'Shipment', access: ['shipment'] },
  users: { path: '/all-users', label: 'Users List', icon: 'Users', access: ['users'], filters: { page: 1, search: '', ...createdIn, ...openRow } },
  user: { path: '/users/:id', label: 'User', access: ['userStory'] },
  userActivity: { path: '/users-activity/:id', label: 'User Activity', access: ['activities'], filters: { date: 'latest' } },
  payments: {
    path: '/payment-history',
    label: 'Payment History',
    icon: 'CreditCard',
    access: ['payments', 'manualPayments'],
    filters: { page: 1, search: '', sort: 'newest', tab: 'stripe', kind: 'ute', awaitingAcceptance: '', ...byUser, ...queueFilters },
  },
  queries: {
    path: '/queries',
    label: 'Queries',
    icon: 'MessageSquare',
    access: ['queries'],
    filters: { page: 1, email: '', sort: 'latest', unanswered: '', ...createdIn, ...openRow, ...queueFilters },
  },
  changePassword: { path: '/change-password', label: 'Change Password', icon: 'KeyRound', access: ['changePassword'] },
  blogs: { path: '/blogs', label: 'blogs', icon: 'FileText', access: ['blogs'] },
  faq: { path: '/faq', label: 'faq', icon: 'HelpCircle', access: ['faqs'] },
  admins: { path: '/admins', label: 'Admins', icon: 'UserCog', access: ['admins'] },
  auditLog: {
    path: '/audit-log',
    label: 'Audit Log',
    icon: 'ScrollText',
    access: ['auditLog'],
    filters: { page: 1, adminId: '', action: '', targetType: '', targetId: '', from: '', to: '' },
  },
  security: { path: '/security', label: 'Security', icon: 'ShieldCheck', access: ['twoFactorStatus'] },
  balances: {
    path: '/balances',
    label: 'Balances',
    icon: 'Scale',
    access: ['ownerBalances'],
    filters: { page: 1, sort: 'payable', from: '', to: '', negative: '' },
  },
  // Not under /balances: a screen is judged by its first segment (screenAt), so each has its own.
  ownerLedger: { path: '/owner-ledger/:id', label: 'Owner ledger', access: ['ownerLedger'], filters: { page: 1 } },
  settings: { path: '/settings', label: 'Settings', icon: 'Settings', access: ['platformFees'] },
  webhooks: { path: '/webhooks', label: 'Webhooks', icon: 'Webhook', access: ['webhookEvents'], filters: { page: 1, state: '' } },
  reconciliation: { path: '/reconciliation', label: 'Reconciliation', icon: 'ListChecks', access: ['reconciliationRuns'], filters: { page: 1 } },
  // A run's page, reached from the list: its own first segment, as ownerLedger's.
  reconciliationRun: { path: '/reconciliation-runs/:id', label: 'Reconciliation run', access: ['reconciliationRun'] },
  // Stripe's chargebacks, their evidence and who bears a lost one (docs/design.md §9.7).
  disputes: { path: '/disputes', label: 'Disputes', icon: 'ShieldAlert', access: ['disputes', 'dispute'], filters: { page: 1, status: '', ...queueFilters } },
  // Bank-file payouts with maker-checker (docs/design.md §9.8); a batch's page has its own first segment.
  payoutBatches: { path: '/payout-batches', label: 'Payout Batches', icon: 'Landmark', access: ['payoutBatches'], filters: { page: 1 } },
  payoutBatch: { path: '/payout-batch/:id', label: 'Payout batch', access: ['payoutBatch'] },
  // Every refund, and those whose owner share waits for a recovery choice (docs/design.md §9.6).
  refunds: { path: '/refunds', label: 'Refunds', icon: 'Undo2', access: ['refunds'], filters: { page: 1, recovery: '' } },

  signIn: { path: '/sign-in', label: 'Sign In', access: ['signIn'], isPublic: true },
  forgetPassword: { path: '/forget-password', label: 'Forget Password', access: ['forgotPassword'], isPublic: true },
  otp: { path: '/otp', label: 'Verify Code', access: ['validOtp'], isPublic: true },
  resetPassword: { path: '/reset-password', label: 'Reset Password', access: ['resetPassword'], isPublic: true },
  acceptInvite: { path: '/accept-invite', label: 'Accept Invitation', access: ['invitation', 'acceptInvitation'], isPublic: true },
} as const satisfies Record<string, ScreenRow>;

export type ScreenId = keyof typeof SCREEN_ROWS;
type RowOf<Id extends ScreenId> = (typeof SCREEN_ROWS)[Id];
/** The icons the sidebar shows, by name. */
export type ScreenIcon = { [Id in ScreenId]: RowOf<Id> extends { readonly icon: infer Name extends string } ? Name : never }[ScreenId];
type FiltersOf<Id extends ScreenId> = RowOf<Id> extends { readonly filters: infer F extends FilterDefaults } ? F : Record<never, never>;

/** What every screen has, whatever its path and filters: enough for the router, the sidebar and the access check. */
export interface ScreenInfo {
  readonly id: ScreenId;
  readonly path: string;
  readonly label: string;
  readonly icon: ScreenIcon | undefined;
  readonly access: readonly RouteName[];
  /** At least one of these calls too (empty: no such condition). */
  readonly accessAny: readonly RouteName[];
  readonly isPublic: boolean;
  readonly filters: FilterDefaults;
}

/** One screen, its filters and its `href` typed: `screens.utes.href({ status: 'Pending', open: id })`. */
export type Screen<Id extends ScreenId> = Omit<ScreenInfo, 'id' | 'path' | 'filters'> & {
  readonly id: Id;
  readonly path: RowOf<Id>['path'];
  readonly filters: FiltersOf<Id>;
  /** Its address with these params; filters empty or at their default stay out of it. */
  readonly href: (...params: HrefArgs<RowOf<Id>['path'], FiltersOf<Id>>) => string;
};

function toScreen(id: ScreenId, row: ScreenRow): ScreenInfo & { href: (params?: Record<string, string | number | undefined>) => string } {
  const filters = row.filters ?? {};
  return {
    id,
    path: row.path,
    label: row.label,
    icon: row.icon as ScreenIcon | undefined,
    access: row.access,
    accessAny: row.accessAny ?? [],
    isPublic: row.isPublic === true,
    filters,
    href: (params) => buildHref(row.path, filters, params),
  };
}

export const screens = Object.fromEntries(Object.entries(SCREEN_ROWS).map(([id, row]) => [id, toScreen(id as ScreenId, row)])) as unknown as {
  readonly [Id in ScreenId]: Screen<Id>;
};

/** Every screen, in the registry's order. */
export const screenList: readonly ScreenInfo[] = Object.values(screens);

/** The sidebar's entries: the screens with an icon, in the registry's order (filter them with canOpen). */
export const sidebarScreens = screenList.filter((screen): screen is ScreenInfo & { icon: ScreenIcon } => screen.icon !== undefined);

/**
 * Whether an admin holding `roles` may open `screen`: every call it is built on is one they may make,
 * and at least one of its `accessAny` calls when it lists some.
 */
export function canOpen(roles: readonly string[], screen: Pick<ScreenInfo, 'access'> & Partial<Pick<ScreenInfo, 'accessAny'>>): boolean {
  const anyOf = screen.accessAny ?? [];
  return screen.access.every((route) => canCall(roles, route)) && (anyOf.length === 0 || anyOf.some((route) => canCall(roles, route)));
}

const firstSegmentOf = (path: string) => path.split('/')[1] ?? '';

/** The screen shown at `pathname`, judged by its first segment (`/shipment/abc` is the Shipment screen). */
export function screenAt(pathname: string): ScreenInfo | undefined {
  const segment = firstSegmentOf(pathname);
  return screenList.find((screen) => firstSegmentOf(screen.path) === segment);
}

/** Whether an admin holding `roles` may open the screen at `pathname` (unknown screens: yes, they show "Page not found"). */
export function canOpenScreen(roles: readonly string[], pathname: string): boolean {
  const screen = screenAt(pathname);
  return screen === undefined || canOpen(roles, screen);
}
