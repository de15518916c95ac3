/** Every admin call's path under API_BASE, as docs/design.md's contract names them. */
export const API_BASE = '/api/admin';

/**
 * The one declaration of the admin routes: Fastify templates (`:name` is a path parameter, named
 * as in the route's params schema). The api registers these; `apiPaths` fills them in for the web.
 */
export const routePaths = {
  signIn: '/sign-in',
  forgotPassword: '/forgot-password-otp',
  validOtp: '/valid-otp/:email',
  resetPassword: '/reset-password',
  checkToken: '/check-token',
  changePassword: '/change-password',
  signOut: '/sign-out',
  dashboard: '/dashboard-data',
  utes: '/get-all-ute-list',
  uteStatus: '/user-ute-status/:id',
  deleteUte: '/delete-ute/:id',
  jobs: '/get-all-job-list',
  jobStatus: '/user-job-status/:id',
  deleteJob: '/delete-job/:id',
  quotes: '/all-shipments',
  sendQuotePrice: '/send-quote-price-email/:id',
  rejectQuote: '/reject-quote/:id',
  acceptQuote: '/accept-quote/:id',
  shipment: '/single-shipment-detail/:id',
  updateShipment: '/shipment-detail-update/:id',
  deleteShipment: '/shipment-delete/:id',
  createFaq: '/create-faq',
  faqs: '/all-faq',
  faq: '/single-faq-detail/:id',
  updateFaq: '/update-faq/:id',
  deleteFaq: '/delete-faq/:id',
  blogs: '/all-blogs',
  blog: '/blog-detail/:id',
  createBlog: '/create-blog',
  updateBlog: '/update-blog/:id',
  deleteBlog: '/delete-blog/:id',
  users: '/all-users-data',
  userStatus: '/update-user-status/:id',
  deleteUser: '/delete-user/:id',
  uteBookings: '/ute-booking-list',
  jobBookings: '/job-booking-list',
  stripeTransfer: '/transfer-amount/:uteOwnerId/:bookingId',
  manualTransfer: '/transfer-manual-payment/:bookingId',
  bankAccount: '/get-account-detail/:ownerId',
  deleteJobBooking: '/delete-job-booking/:id',
  payments: '/payment-list',
  manualPayments: '/get-update-manual-status',
  acceptManualPayment: '/update-manual-status/:id',
  queries: '/all-queries',
  replyQuery: '/reply-query',
  deleteQuery: '/delete-queries/:id',
  activities: '/get-activities/:userId',
} as const;

export type RouteName = keyof typeof routePaths;

/** The `:name` parameters of a route template. */
type ParamsOf<T extends string> = T extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamsOf<`/${Rest}`>
  : T extends `${string}:${infer Name}`
    ? Name
    : never;

/** A route's template with its parameters filled in, as given (the caller encodes what needs it). */
function pathOf<N extends RouteName>(name: N, params: Record<ParamsOf<(typeof routePaths)[N]>, string>): string {
  const values: Record<string, string> = params;
  return routePaths[name].replace(/:(\w+)/g, (_, key: string) => values[key]);
}

export const apiPaths = {
  signIn: routePaths.signIn,
  forgotPassword: routePaths.forgotPassword,
  validOtp: (email: string) => pathOf('validOtp', { email: encodeURIComponent(email) }),
  resetPassword: routePaths.resetPassword,
  checkToken: routePaths.checkToken,
  changePassword: routePaths.changePassword,
  signOut: routePaths.signOut,
  dashboard: routePaths.dashboard,
  utes: routePaths.utes,
  uteStatus: (id: string) => pathOf('uteStatus', { id }),
  deleteUte: (id: string) => pathOf('deleteUte', { id }),
  jobs: routePaths.jobs,
  jobStatus: (id: string) => pathOf('jobStatus', { id }),
  deleteJob: (id: string) => pathOf('deleteJob', { id }),
  quotes: routePaths.quotes,
  sendQuotePrice: (id: string) => pathOf('sendQuotePrice', { id }),
  rejectQuote: (id: string) => pathOf('rejectQuote', { id }),
  acceptQuote: (id: string) => pathOf('acceptQuote', { id }),
  shipment: (id: string) => pathOf('shipment', { id }),
  updateShipment: (id: string) => pathOf('updateShipment', { id }),
  deleteShipment: (id: string) => pathOf('deleteShipment', { id }),
  createFaq: routePaths.createFaq,
  faqs: routePaths.faqs,
  faq: (id: string) => pathOf('faq', { id }),
  updateFaq: (id: string) => pathOf('updateFaq', { id }),
  deleteFaq: (id: string) => pathOf('deleteFaq', { id }),
  blogs: routePaths.blogs,
  blog: (id: string) => pathOf('blog', { id }),
  createBlog: routePaths.createBlog,
  updateBlog: (id: string) => pathOf('updateBlog', { id }),
  deleteBlog: (id: string) => pathOf('deleteBlog', { id }),
  users: routePaths.users,
  userStatus: (id: string) => pathOf('userStatus', { id }),
  deleteUser: (id: string) => pathOf('deleteUser', { id }),
  uteBookings: routePaths.uteBookings,
  jobBookings: routePaths.jobBookings,
  stripeTransfer: (ownerId: string, bookingId: string) => pathOf('stripeTransfer', { uteOwnerId: ownerId, bookingId }),
  manualTransfer: (bookingId: string) => pathOf('manualTransfer', { bookingId }),
  bankAccount: (ownerId: string) => pathOf('bankAccount', { ownerId }),
  deleteJobBooking: (id: string) => pathOf('deleteJobBooking', { id }),
  payments: routePaths.payments,
  manualPayments: routePaths.manualPayments,
  acceptManualPayment: (id: string) => pathOf('acceptManualPayment', { id }),
  queries: routePaths.queries,
  replyQuery: routePaths.replyQuery,
  deleteQuery: (id: string) => pathOf('deleteQuery', { id }),
  activities: (userId: string) => pathOf('activities', { userId }),
} as const;

/** The only calls that answer without a bearer token: the api marks exactly these routes public. */
export const PUBLIC_ROUTES = ['signIn', 'forgotPassword', 'validOtp', 'resetPassword'] as const satisfies readonly RouteName[];

export const isPublicRoute = (name: RouteName): boolean => (PUBLIC_ROUTES as readonly RouteName[]).includes(name);

/** The public calls' templates, from PUBLIC_ROUTES. */
export const PUBLIC_API_PATHS: readonly (typeof routePaths)[(typeof PUBLIC_ROUTES)[number]][] = PUBLIC_ROUTES.map((name) => routePaths[name]);
