import { routePaths, type RouteName } from './paths';

/** The back-office roles of issue 15; an admin may hold several. */
export const ADMIN_ROLES = ['owner', 'finance', 'support', 'content', 'moderator'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

export const ADMIN_ROLE_LABELS: Record<AdminRole, string> = {
  owner: 'Owner',
  finance: 'Finance',
  support: 'Support',
  content: 'Content',
  moderator: 'Moderator',
};

/**
 * Who may call a route: anyone (`public`), any signed-in admin (`signed-in`), or an admin holding
 * one of the roles listed. An owner may call every route that is not public.
 */
export type RouteAccess = 'public' | 'signed-in' | readonly AdminRole[];

const moderator = ['moderator'] as const;
const finance = ['finance'] as const;
const support = ['support'] as const;
const content = ['content'] as const;
const ownerOnly = [] as const;

/**
 * The one map of who may call what, enforced by the api's guard on the matched route (a route
 * missing here stops the api at start) and read by the web to show only what the admin can open.
 * The README's roles table says the same in words.
 */
export const ROUTE_ACCESS = {
  signIn: 'public',
  forgotPassword: 'public',
  validOtp: 'public',
  resetPassword: 'public',
  signInTwoFactor: 'public',
  invitation: 'public',
  acceptInvitation: 'public',

  checkToken: 'signed-in',
  changePassword: 'signed-in',
  signOut: 'signed-in',
  dashboard: 'signed-in',
  // Answers only the queues whose lists the caller's roles open (WORK_QUEUE_LISTS).
  workQueues: 'signed-in',
  // Answers only the groups whose lists the caller's roles open (SEARCH_GROUP_LISTS).
  globalSearch: 'signed-in',
  twoFactorStatus: 'signed-in',
  twoFactorSetup: 'signed-in',
  twoFactorEnable: 'signed-in',
  twoFactorDisable: 'signed-in',
  twoFactorRecoveryCodes: 'signed-in',
  stepUp: 'signed-in',

  utes: moderator,
  uteStatus: moderator,
  deleteUte: moderator,
  jobs: moderator,
  jobStatus: moderator,
  deleteJob: moderator,
  quotes: moderator,
  sendQuotePrice: moderator,
  rejectQuote: moderator,
  acceptQuote: moderator,
  shipment: moderator,
  updateShipment: moderator,
  deleteShipment: moderator,

  uteBookings: finance,
  jobBookings: finance,
  stripeTransfer: finance,
  manualTransfer: finance,
  bankAccount: finance,
  deleteJobBooking: finance,
  payments: finance,
  manualPayments: finance,
  acceptManualPayment: finance,

  users: support,
  userStatus: support,
  deleteUser: support,
  activities: support,
  queries: support,
  replyQuery: support,
  deleteQuery: support,

  createFaq: content,
  faqs: content,
  faq: content,
  updateFaq: content,
  deleteFaq: content,
  blogs: content,
  blog: content,
  createBlog: content,
  updateBlog: content,
  deleteBlog: content,

  admins: ownerOnly,
  inviteAdmin: ownerOnly,
  updateAdminRoles: ownerOnly,
  updateAdminStatus: ownerOnly,
  resetAdminTwoFactor: ownerOnly,
  signOutAdmin: ownerOnly,
  adminSettings: ownerOnly,
  updateAdminSettings: ownerOnly,
  // Finance reads the money entries only (the api filters them); verifying the chain is the owner's.
  auditLog: finance,
  auditExport: finance,
  auditVerify: ownerOnly,
  // A list's CSV export: the roles of its list (LIST_EXPORTS). Bank account numbers in them are masked
  // to their last 3 digits, so they need no step-up as the full bank details do.
  utesExport: moderator,
  jobsExport: moderator,
  quotesExport: moderator,
  usersExport: support,
  queriesExport: support,
  uteBookingsExport: finance,
  jobBookingsExport: finance,
  paymentsExport: finance,
  manualPaymentsExport: finance,
  // Bulk actions: the roles of the single-row calls they repeat.
  utesBulk: moderator,
  jobsBulk: moderator,
  usersBulk: support,
  queriesBulk: support,
  // Answers only the sections whose lists the caller's roles open (USER_STORY_SECTION_LISTS).
  userStory: support,
} as const satisfies Record<RouteName, RouteAccess>;

/** Whether an admin holding `roles` may call the route `name` (public routes: anyone). */
export function canCall(roles: readonly string[], name: RouteName): boolean {
  const access: RouteAccess = ROUTE_ACCESS[name];
  if (access === 'public' || access === 'signed-in') return true;
  return roles.includes('owner') || access.some((role) => roles.includes(role));
}

export const isPublicRoute = (name: RouteName): boolean => ROUTE_ACCESS[name] === 'public';

/** The only calls that answer without a bearer token. */
export const PUBLIC_ROUTES = (Object.keys(ROUTE_ACCESS) as RouteName[]).filter(isPublicRoute);

/** The public calls' templates, from ROUTE_ACCESS. */
export const PUBLIC_API_PATHS: readonly string[] = PUBLIC_ROUTES.map((name) => routePaths[name]);

/** Calls that move money or show bank details: with 2FA on, they need a second factor from the last 5 minutes. */
export const STEP_UP_ROUTES = ['stripeTransfer', 'manualTransfer', 'acceptManualPayment', 'bankAccount'] as const satisfies readonly RouteName[];
export const STEP_UP_WINDOW_MS = 5 * 60_000;
export const isStepUpRoute = (name: RouteName): boolean => (STEP_UP_ROUTES as readonly RouteName[]).includes(name);

/** What an admin who must enrol in 2FA (owners require it, they have none) may still call. */
export const ENROLMENT_ROUTES = ['checkToken', 'signOut', 'twoFactorStatus', 'twoFactorSetup', 'twoFactorEnable'] as const satisfies readonly RouteName[];
export const isEnrolmentRoute = (name: RouteName): boolean => (ENROLMENT_ROUTES as readonly RouteName[]).includes(name);

/** Why a signed-in admin's call was refused with 403: the error envelope's `reason`. */
export const FORBIDDEN_REASONS = ['ROLE', 'STEP_UP_REQUIRED', 'TWO_FACTOR_ENROLMENT_REQUIRED'] as const;
export type ForbiddenReason = (typeof FORBIDDEN_REASONS)[number];

export const accessTexts = {
  forbidden: 'You do not have access to this action',
  forbiddenScreen: 'You do not have access to this screen',
  stepUpRequired: 'Enter a code from your authenticator app to confirm this action',
  enrolmentRequired: 'Set up two-factor authentication to continue',
} as const;
