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
 * A call that moves money, shows bank details or changes who may do what: the roles listed, and on
 * top a second factor proved in the last STEP_UP_WINDOW_MS. An admin without 2FA is refused such a
 * call whatever their roles (TWO_FACTOR_REQUIRED), so nobody moves money or grants power on a
 * password alone (SECURITY.md, "Step-up").
 */
export interface StepUpAccess {
  readonly roles: readonly AdminRole[];
  readonly stepUp: true;
}

/**
 * Who may call a route: anyone (`public`), any signed-in admin (`signed-in`), an admin holding one
 * of the roles listed, or that and a fresh second factor (`StepUpAccess`). An owner may call every
 * route that is not public.
 */
export type RouteAccess = 'public' | 'signed-in' | readonly AdminRole[] | StepUpAccess;

const moderator = ['moderator'] as const;
const finance = ['finance'] as const;
const support = ['support'] as const;
const content = ['content'] as const;
const ownerOnly = [] as const;
const withStepUp = (roles: readonly AdminRole[]): StepUpAccess => ({ roles, stepUp: true });

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
  stripeTransfer: withStepUp(finance),
  manualTransfer: withStepUp(finance),
  bankAccount: withStepUp(finance),
  deleteJobBooking: finance,
  payments: finance,
  manualPayments: finance,
  acceptManualPayment: withStepUp(finance),

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
  // Every change of who may do what is a step-up: a stolen or unattended owner session must not
  // mint a new finance admin, take 2FA off someone or turn "require 2FA" off without a code.
  inviteAdmin: withStepUp(ownerOnly),
  updateAdminRoles: withStepUp(ownerOnly),
  updateAdminStatus: withStepUp(ownerOnly),
  resetAdminTwoFactor: withStepUp(ownerOnly),
  signOutAdmin: withStepUp(ownerOnly),
  adminSettings: ownerOnly,
  updateAdminSettings: withStepUp(ownerOnly),
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

const isStepUpAccess = (access: RouteAccess): access is StepUpAccess => typeof access === 'object' && 'stepUp' in access;

/** Whether an admin holding `roles` may call the route `name` (public routes: anyone); a step-up route also needs a fresh second factor. */
export function canCall(roles: readonly string[], name: RouteName): boolean {
  const access: RouteAccess = ROUTE_ACCESS[name];
  if (access === 'public' || access === 'signed-in') return true;
  const allowed = isStepUpAccess(access) ? access.roles : access;
  return roles.includes('owner') || allowed.some((role) => roles.includes(role));
}

export const isPublicRoute = (name: RouteName): boolean => ROUTE_ACCESS[name] === 'public';

/** The only calls that answer without a bearer token. */
export const PUBLIC_ROUTES = (Object.keys(ROUTE_ACCESS) as RouteName[]).filter(isPublicRoute);

/** The public calls' templates, from ROUTE_ACCESS. */
export const PUBLIC_API_PATHS: readonly string[] = PUBLIC_ROUTES.map((name) => routePaths[name]);

export const isStepUpRoute = (name: RouteName): boolean => isStepUpAccess(ROUTE_ACCESS[name]);

/** Calls that need 2FA and a second factor from the last STEP_UP_WINDOW_MS (StepUpAccess in ROUTE_ACCESS). */
export const STEP_UP_ROUTES: readonly RouteName[] = (Object.keys(ROUTE_ACCESS) as RouteName[]).filter(isStepUpRoute);
export const STEP_UP_WINDOW_MS = 5 * 60_000;

/** What an admin who must enrol in 2FA (owners require it, they have none) may still call. */
export const ENROLMENT_ROUTES = ['checkToken', 'signOut', 'twoFactorStatus', 'twoFactorSetup', 'twoFactorEnable'] as const satisfies readonly RouteName[];
export const isEnrolmentRoute = (name: RouteName): boolean => (ENROLMENT_ROUTES as readonly RouteName[]).includes(name);

/** Why a signed-in admin's call was refused with 403: the error envelope's `reason`. */
export const FORBIDDEN_REASONS = ['ROLE', 'STEP_UP_REQUIRED', 'TWO_FACTOR_REQUIRED', 'TWO_FACTOR_ENROLMENT_REQUIRED'] as const;
export type ForbiddenReason = (typeof FORBIDDEN_REASONS)[number];

export const accessTexts = {
  forbidden: 'You do not have access to this action',
  forbiddenScreen: 'You do not have access to this screen',
  stepUpRequired: 'Enter a code from your authenticator app to confirm this action',
  enrolmentRequired: 'Set up two-factor authentication to continue',
  twoFactorRequired: 'Turn on two-factor authentication on the Security page to do this',
} as const;
