import type { $ZodType, input, output } from 'zod/v4/core';
import type { AdminRole, RouteAccess, StepUpAccess } from './roles';
import type * as contractSchemas from './schemas';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One call of the admin api. The api registers it from this row (method, path, schemas) and its
 * guard enforces `access`; the web's client sends it from the same row and reads its answer as
 * `response` says, so the two cannot disagree on any of them.
 */
export interface RouteRow {
  readonly method: HttpMethod;
  /** A Fastify template under API_BASE: `:name` is a path parameter, named as in `params`. */
  readonly path: `/${string}`;
  readonly access: RouteAccess;
  readonly params?: $ZodType;
  readonly query?: $ZodType;
  /** The JSON body. */
  readonly body?: $ZodType;
  /** The JSON of the 200 answer. */
  readonly response?: $ZodType;
  /** The body is a multipart form (with files) that the handler reads itself: no body schema. */
  readonly consumes?: 'multipart/form-data';
  /** The answer is a streamed file, not JSON: no response schema. */
  readonly produces?: 'text/csv' | 'application/pdf' | 'text/plain' | 'text/event-stream';
}

type ContractSchemas = typeof contractSchemas;

const moderator = ['moderator'] as const;
const finance = ['finance'] as const;
const support = ['support'] as const;
const content = ['content'] as const;
const ownerOnly = [] as const;
const withStepUp = (roles: readonly AdminRole[]): StepUpAccess => ({ roles, stepUp: true });

/**
 * The one table of the admin api: a row per call, with who may make it (a route missing here stops
 * the api at start; an owner may call every route that is not public). The README's roles table
 * says the access column in words.
 *
 * The rows take their schemas from `s`, the contract's schema modules, instead of importing them:
 * the web reads this table for every call it sends, and the schemas' values would put classic zod
 * and every schema in the JS of the sign-in page (about 21 kB gzip, over its budget). The api builds
 * the table with the schemas (API_ROUTE_SCHEMAS); the web's copy (API_ROUTES) has none.
 */
export function defineApiRoutes(s: ContractSchemas) {
  return {
    // Signing in, public.
    signIn: { method: 'POST', path: '/sign-in', access: 'public', body: s.signInSchema, response: s.signInResponseSchema },
    forgotPassword: { method: 'POST', path: '/forgot-password-otp', access: 'public', body: s.forgotPasswordSchema, response: s.forgotPasswordResponseSchema },
    validOtp: { method: 'POST', path: '/valid-otp/:email', access: 'public', params: s.otpEmailParamSchema, body: s.otpSchema, response: s.otpResponseSchema },
    resetPassword: { method: 'POST', path: '/reset-password', access: 'public', body: s.resetPasswordSchema, response: s.messageSchema },
    // Two-factor sign-in, enrolment and step-up (docs/design.md §8.1).
    signInTwoFactor: { method: 'POST', path: '/sign-in/two-factor', access: 'public', body: s.signInTwoFactorSchema, response: s.signInSuccessSchema },
    invitation: { method: 'GET', path: '/invitations/:token', access: 'public', params: s.invitationParamsSchema, response: s.invitationSchema },
    acceptInvitation: {
      method: 'POST',
      path: '/accept-invitation',
      access: 'public',
      body: s.acceptInvitationSchema,
      response: s.acceptInvitationResponseSchema,
    },

    checkToken: { method: 'GET', path: '/check-token', access: 'signed-in', response: s.checkTokenResponseSchema },
    changePassword: { method: 'POST', path: '/change-password', access: 'signed-in', body: s.changePasswordSchema, response: s.messageSchema },
    signOut: { method: 'POST', path: '/sign-out', access: 'signed-in', response: s.messageSchema },
    dashboard: { method: 'GET', path: '/dashboard-data', access: 'signed-in', response: s.dashboardResponseSchema },
    // Analytics (docs/design.md §10): money for finance, bookings for finance, supply for moderators,
    // support for support, the rest for owners.
    analyticsMoney: { method: 'GET', path: '/analytics/money', access: finance, query: s.analyticsQuerySchema, response: s.analyticsResponseSchema },
    analyticsBookings: { method: 'GET', path: '/analytics/bookings', access: finance, query: s.analyticsQuerySchema, response: s.analyticsResponseSchema },
    analyticsSupply: { method: 'GET', path: '/analytics/supply', access: moderator, query: s.analyticsQuerySchema, response: s.analyticsResponseSchema },
    analyticsSupport: { method: 'GET', path: '/analytics/support', access: support, query: s.analyticsQuerySchema, response: s.analyticsResponseSchema },
    analyticsPeople: { method: 'GET', path: '/analytics/people', access: ownerOnly, query: s.analyticsQuerySchema, response: s.analyticsResponseSchema },
    analyticsFunnel: { method: 'GET', path: '/analytics/funnel', access: ownerOnly, query: s.analyticsQuerySchema, response: s.analyticsResponseSchema },
    analyticsCohorts: { method: 'GET', path: '/analytics/cohorts', access: ownerOnly, query: s.analyticsQuerySchema, response: s.analyticsResponseSchema },
    // Answers only the queues whose lists the caller's roles open (WORK_QUEUE_LISTS).
    workQueues: { method: 'GET', path: '/work-queues', access: 'signed-in', response: s.workQueuesResponseSchema },
    // Answers only the groups whose lists the caller's roles open (SEARCH_GROUP_LISTS).
    globalSearch: { method: 'GET', path: '/search', access: 'signed-in', query: s.searchQuerySchema, response: s.searchResponseSchema },
    twoFactorStatus: { method: 'GET', path: '/two-factor', access: 'signed-in', response: s.twoFactorStatusSchema },
    twoFactorSetup: { method: 'POST', path: '/two-factor/setup', access: 'signed-in', response: s.twoFactorSetupSchema },
    twoFactorEnable: {
      method: 'POST',
      path: '/two-factor/enable',
      access: 'signed-in',
      body: s.twoFactorEnableSchema,
      response: s.twoFactorEnableResponseSchema,
    },
    twoFactorDisable: { method: 'POST', path: '/two-factor/disable', access: 'signed-in', body: s.twoFactorCodeBodySchema, response: s.messageSchema },
    twoFactorRecoveryCodes: {
      method: 'POST',
      path: '/two-factor/recovery-codes',
      access: 'signed-in',
      body: s.twoFactorCodeBodySchema,
      response: s.recoveryCodesResponseSchema,
    },
    stepUp: { method: 'POST', path: '/two-factor/step-up', access: 'signed-in', body: s.twoFactorCodeBodySchema, response: s.stepUpResponseSchema },

    // Moderation: utes, jobs, quotes.
    utes: { method: 'GET', path: '/get-all-ute-list', access: moderator, query: s.uteListQuerySchema, response: s.uteListResponseSchema },
    uteStatus: {
      method: 'PATCH',
      path: '/user-ute-status/:id',
      access: moderator,
      params: s.idParamSchema,
      query: s.listingStatusQuerySchema,
      body: s.listingStatusBodySchema,
      response: s.messageSchema,
    },
    deleteUte: { method: 'PUT', path: '/delete-ute/:id', access: moderator, params: s.idParamSchema, response: s.messageSchema },
    jobs: { method: 'GET', path: '/get-all-job-list', access: moderator, query: s.jobListQuerySchema, response: s.jobListResponseSchema },
    jobStatus: {
      method: 'PATCH',
      path: '/user-job-status/:id',
      access: moderator,
      params: s.idParamSchema,
      query: s.listingStatusQuerySchema,
      body: s.listingStatusBodySchema,
      response: s.messageSchema,
    },
    deleteJob: { method: 'PUT', path: '/delete-job/:id', access: moderator, params: s.idParamSchema, response: s.messageSchema },
    quotes: { method: 'GET', path: '/all-shipments', access: moderator, query: s.quoteListQuerySchema, response: s.quoteListResponseSchema },
    sendQuotePrice: {
      method: 'POST',
      path: '/send-quote-price-email/:id',
      access: moderator,
      params: s.idParamSchema,
      body: s.sendPriceBodySchema,
      response: s.messageSchema,
    },
    rejectQuote: { method: 'DELETE', path: '/reject-quote/:id', access: moderator, params: s.idParamSchema, response: s.messageSchema },
    acceptQuote: { method: 'PUT', path: '/accept-quote/:id', access: moderator, params: s.idParamSchema, response: s.messageSchema },
    shipment: { method: 'GET', path: '/single-shipment-detail/:id', access: moderator, params: s.idParamSchema, response: s.shipmentResponseSchema },
    updateShipment: {
      method: 'PUT',
      path: '/shipment-detail-update/:id',
      access: moderator,
      params: s.idParamSchema,
      body: s.shipmentUpdateBodySchema,
      response: s.shipmentMutationResponseSchema,
    },
    deleteShipment: { method: 'DELETE', path: '/shipment-delete/:id', access: moderator, params: s.idParamSchema, response: s.messageSchema },

    // Money: bookings, payouts, payments.
    uteBookings: { method: 'GET', path: '/ute-booking-list', access: finance, query: s.bookingListQuerySchema, response: s.uteBookingListResponseSchema },
    jobBookings: { method: 'GET', path: '/job-booking-list', access: finance, query: s.bookingListQuerySchema, response: s.jobBookingListResponseSchema },
    stripeTransfer: {
      method: 'POST',
      path: '/transfer-amount/:uteOwnerId/:bookingId',
      access: withStepUp(finance),
      params: s.transferParamsSchema,
      response: s.messageSchema,
    },
    manualTransfer: {
      method: 'PUT',
      path: '/transfer-manual-payment/:bookingId',
      access: withStepUp(finance),
      params: s.bookingIdParamSchema,
      body: s.manualTransferBodySchema,
      response: s.messageSchema,
    },
    bankAccount: {
      method: 'GET',
      path: '/get-account-detail/:ownerId',
      access: withStepUp(finance),
      params: s.ownerIdParamSchema,
      response: s.bankAccountResponseSchema,
    },
    deleteJobBooking: { method: 'PUT', path: '/delete-job-booking/:id', access: finance, params: s.idParamSchema, response: s.messageSchema },
    payments: { method: 'GET', path: '/payment-list', access: finance, query: s.paymentListQuerySchema, response: s.paymentListResponseSchema },
    manualPayments: {
      method: 'GET',
      path: '/get-update-manual-status',
      access: finance,
      query: s.manualPaymentListQuerySchema,
      response: s.manualPaymentListResponseSchema,
    },
    acceptManualPayment: {
      method: 'PUT',
      path: '/update-manual-status/:id',
      access: withStepUp(finance),
      params: s.idParamSchema,
      response: s.messageSchema,
    },
    // Refunds (docs/design.md §9.6): money back to a customer is a step-up, as paying an owner is.
    createRefund: {
      method: 'POST',
      path: '/payments/:id/refunds',
      access: withStepUp(finance),
      params: s.idParamSchema,
      body: s.createRefundBodySchema,
      response: s.refundResponseSchema,
    },
    paymentRefunds: { method: 'GET', path: '/payments/:id/refund-summary', access: finance, params: s.idParamSchema, response: s.refundSummaryResponseSchema },
    bookingRefunds: {
      method: 'GET',
      path: '/booking-refunds/:kind/:bookingId',
      access: finance,
      params: s.bookingRefundsParamsSchema,
      response: s.refundSummaryResponseSchema,
    },
    refunds: { method: 'GET', path: '/refunds', access: finance, query: s.refundListQuerySchema, response: s.refundListResponseSchema },
    chooseRefundRecovery: {
      method: 'POST',
      path: '/refunds/:id/recovery',
      access: withStepUp(finance),
      params: s.idParamSchema,
      body: s.chooseRefundRecoveryBodySchema,
      response: s.refundResponseSchema,
    },

    // Support: users, their activity, customer queries.
    users: { method: 'GET', path: '/all-users-data', access: support, query: s.userListQuerySchema, response: s.userListResponseSchema },
    userStatus: {
      method: 'PUT',
      path: '/update-user-status/:id',
      access: support,
      params: s.idParamSchema,
      body: s.userStatusBodySchema,
      response: s.messageSchema,
    },
    deleteUser: { method: 'PUT', path: '/delete-user/:id', access: support, params: s.idParamSchema, response: s.messageSchema },
    activities: {
      method: 'GET',
      path: '/get-activities/:userId',
      access: support,
      params: s.activityParamsSchema,
      query: s.activityQuerySchema,
      response: s.activityResponseSchema,
    },
    queries: { method: 'GET', path: '/all-queries', access: support, query: s.queryListQuerySchema, response: s.queryListResponseSchema },
    replyQuery: { method: 'PATCH', path: '/reply-query', access: support, body: s.replyBodySchema, response: s.replyResponseSchema },
    deleteQuery: { method: 'PUT', path: '/delete-queries/:id', access: support, params: s.idParamSchema, response: s.messageSchema },

    // Content: FAQ and blogs (a blog is a multipart form with its image).
    createFaq: { method: 'POST', path: '/create-faq', access: content, body: s.faqBodySchema, response: s.faqMutationResponseSchema },
    faqs: { method: 'GET', path: '/all-faq', access: content, response: s.faqListResponseSchema },
    faq: { method: 'GET', path: '/single-faq-detail/:id', access: content, params: s.idParamSchema, response: s.faqResponseSchema },
    updateFaq: {
      method: 'PUT',
      path: '/update-faq/:id',
      access: content,
      params: s.idParamSchema,
      body: s.faqUpdateBodySchema,
      response: s.faqMutationResponseSchema,
    },
    deleteFaq: { method: 'PUT', path: '/delete-faq/:id', access: content, params: s.idParamSchema, response: s.messageSchema },
    blogs: { method: 'GET', path: '/all-blogs', access: content, response: s.blogListResponseSchema },
    blog: { method: 'GET', path: '/blog-detail/:id', access: content, params: s.idParamSchema, response: s.blogResponseSchema },
    createBlog: { method: 'POST', path: '/create-blog', access: content, consumes: 'multipart/form-data', response: s.blogMutationResponseSchema },
    updateBlog: {
      method: 'PUT',
      path: '/update-blog/:id',
      access: content,
      params: s.idParamSchema,
      consumes: 'multipart/form-data',
      response: s.blogMutationResponseSchema,
    },
    deleteBlog: { method: 'PUT', path: '/delete-blog/:id', access: content, params: s.idParamSchema, response: s.messageSchema },

    // The admin team (owners).
    admins: { method: 'GET', path: '/admins', access: ownerOnly, response: s.adminListResponseSchema },
    // Every change of who may do what is a step-up: a stolen or unattended owner session must not
    // mint a new finance admin, take 2FA off someone or turn "require 2FA" off without a code.
    inviteAdmin: { method: 'POST', path: '/admins/invite', access: withStepUp(ownerOnly), body: s.inviteAdminSchema, response: s.adminChangeResponseSchema },
    updateAdminRoles: {
      method: 'PUT',
      path: '/admins/:id/roles',
      access: withStepUp(ownerOnly),
      params: s.idParamSchema,
      body: s.updateAdminRolesSchema,
      response: s.adminChangeResponseSchema,
    },
    updateAdminStatus: {
      method: 'PUT',
      path: '/admins/:id/status',
      access: withStepUp(ownerOnly),
      params: s.idParamSchema,
      body: s.updateAdminStatusSchema,
      response: s.adminChangeResponseSchema,
    },
    resetAdminTwoFactor: {
      method: 'POST',
      path: '/admins/:id/reset-two-factor',
      access: withStepUp(ownerOnly),
      params: s.idParamSchema,
      response: s.messageSchema,
    },
    signOutAdmin: { method: 'POST', path: '/admins/:id/sign-out', access: withStepUp(ownerOnly), params: s.idParamSchema, response: s.messageSchema },
    adminSettings: { method: 'GET', path: '/admin-settings', access: ownerOnly, response: s.adminSettingsSchema },
    updateAdminSettings: {
      method: 'PUT',
      path: '/update-admin-settings',
      access: withStepUp(ownerOnly),
      body: s.updateAdminSettingsSchema,
      response: s.adminSettingsResponseSchema,
    },

    // The ledger (docs/design.md §9): the fee model, a booking's split, the owners' balances and ledgers.
    platformFees: { method: 'GET', path: '/platform-fees', access: finance, response: s.platformFeesResponseSchema },
    updatePlatformFee: {
      method: 'PUT',
      path: '/update-platform-fee',
      access: withStepUp(ownerOnly),
      body: s.updatePlatformFeeSchema,
      response: s.updatePlatformFeeResponseSchema,
    },
    payoutSplit: {
      method: 'GET',
      path: '/payout-split/:kind/:bookingId',
      access: finance,
      params: s.payoutSplitParamsSchema,
      response: s.payoutSplitResponseSchema,
    },
    // Tax invoices for the platform's fee (docs/design.md §9.9): who issues them, and a booking's invoice as a PDF.
    businessDetails: { method: 'GET', path: '/business-details', access: finance, response: s.businessDetailsResponseSchema },
    updateBusinessDetails: {
      method: 'PUT',
      path: '/update-business-details',
      access: withStepUp(ownerOnly),
      body: s.updateBusinessDetailsSchema,
      response: s.updateBusinessDetailsResponseSchema,
    },
    taxInvoicePdf: { method: 'GET', path: '/tax-invoices/:kind/:bookingId', access: finance, params: s.taxInvoiceParamsSchema, produces: 'application/pdf' },
    ownerBalances: { method: 'GET', path: '/owner-balances', access: finance, query: s.ownerBalancesQuerySchema, response: s.ownerBalancesResponseSchema },
    ownerBalancesExport: { method: 'GET', path: '/owner-balances/export', access: finance, query: s.ownerBalancesExportQuerySchema, produces: 'text/csv' },
    ownerLedger: {
      method: 'GET',
      path: '/owner-ledger/:id',
      access: finance,
      params: s.idParamSchema,
      query: s.ownerLedgerQuerySchema,
      response: s.ownerLedgerResponseSchema,
    },

    // Stripe's webhook events (the inbox) and finance's holds on an owner's payouts.
    webhookEvents: { method: 'GET', path: '/webhook-events', access: finance, query: s.webhookEventsQuerySchema, response: s.webhookEventsResponseSchema },
    replayWebhookEvent: {
      method: 'POST',
      path: '/webhook-events/:id/replay',
      access: finance,
      params: s.webhookEventParamsSchema,
      response: s.replayWebhookEventResponseSchema,
    },
    holdOwnerPayouts: {
      method: 'PUT',
      path: '/owner-payout-hold/:id',
      access: finance,
      params: s.ownerHoldParamsSchema,
      body: s.ownerHoldBodySchema,
      response: s.messageSchema,
    },
    releaseOwnerPayouts: { method: 'PUT', path: '/owner-payout-release/:id', access: finance, params: s.ownerHoldParamsSchema, response: s.messageSchema },

    // Reconciliation of the ledger's Stripe transfers with Stripe's own list.
    reconciliationRuns: {
      method: 'GET',
      path: '/reconciliation-runs',
      access: finance,
      query: s.reconciliationRunsQuerySchema,
      response: s.reconciliationRunsResponseSchema,
    },
    reconciliationRun: {
      method: 'GET',
      path: '/reconciliation-runs/:id',
      access: finance,
      params: s.idParamSchema,
      response: s.reconciliationRunResponseSchema,
    },
    runReconciliation: { method: 'POST', path: '/reconcile-now', access: finance, response: s.runReconciliationResponseSchema },
    explainDiscrepancy: {
      method: 'PUT',
      path: '/reconciliation-discrepancies/:id/explain',
      access: finance,
      params: s.idParamSchema,
      body: s.explainDiscrepancyBodySchema,
      response: s.messageSchema,
    },

    // Disputes (docs/design.md §9.7): Stripe's chargebacks, finance's evidence and the recovery of a loss. Submitting
    // evidence and choosing who bears a loss move money or speak for the platform to Stripe: step-up.
    disputes: { method: 'GET', path: '/disputes', access: finance, query: s.disputeListQuerySchema, response: s.disputeListResponseSchema },
    dispute: { method: 'GET', path: '/disputes/:id', access: finance, params: s.idParamSchema, response: s.disputeResponseSchema },
    saveDisputeEvidence: {
      method: 'PUT',
      path: '/disputes/:id/evidence',
      access: finance,
      params: s.idParamSchema,
      body: s.disputeEvidenceBodySchema,
      response: s.disputeMutationResponseSchema,
    },
    submitDisputeEvidence: {
      method: 'POST',
      path: '/disputes/:id/evidence/submit',
      access: withStepUp(finance),
      params: s.idParamSchema,
      body: s.disputeEvidenceBodySchema,
      response: s.disputeMutationResponseSchema,
    },
    chooseDisputeLossRecovery: {
      method: 'PUT',
      path: '/disputes/:id/loss-recovery',
      access: withStepUp(finance),
      params: s.idParamSchema,
      body: s.disputeLossRecoveryBodySchema,
      response: s.disputeMutationResponseSchema,
    },

    // Payout batches (docs/design.md §9.8): one ABA file per batch, prepared by one admin and approved by another.
    // Every change and the file (full bank details) are step-up; the views mask account numbers.
    payoutBatches: { method: 'GET', path: '/payout-batches', access: finance, query: s.payoutBatchListQuerySchema, response: s.payoutBatchListResponseSchema },
    payoutBatchCandidates: { method: 'GET', path: '/payout-batches/candidates', access: finance, response: s.payoutBatchCandidatesResponseSchema },
    preparePayoutBatch: {
      method: 'POST',
      path: '/payout-batches/prepare',
      access: withStepUp(finance),
      body: s.preparePayoutBatchBodySchema,
      response: s.preparePayoutBatchResponseSchema,
    },
    payoutBatch: { method: 'GET', path: '/payout-batches/:id', access: finance, params: s.idParamSchema, response: s.payoutBatchResponseSchema },
    approvePayoutBatch: {
      method: 'POST',
      path: '/payout-batches/:id/approve',
      access: withStepUp(finance),
      params: s.idParamSchema,
      response: s.payoutBatchChangeResponseSchema,
    },
    downloadPayoutBatch: { method: 'GET', path: '/payout-batches/:id/aba', access: withStepUp(finance), params: s.idParamSchema, produces: 'text/plain' },
    markPayoutBatchPaid: {
      method: 'POST',
      path: '/payout-batches/:id/paid',
      access: withStepUp(finance),
      params: s.idParamSchema,
      response: s.payoutBatchChangeResponseSchema,
    },
    returnPayoutBatchCredit: {
      method: 'POST',
      path: '/payout-batches/:id/credits/:ownerId/return',
      access: withStepUp(finance),
      params: s.payoutBatchCreditParamsSchema,
      body: s.returnPayoutCreditBodySchema,
      response: s.payoutBatchChangeResponseSchema,
    },
    cancelPayoutBatch: {
      method: 'POST',
      path: '/payout-batches/:id/cancel',
      access: withStepUp(finance),
      params: s.idParamSchema,
      response: s.payoutBatchChangeResponseSchema,
    },

    // The audit log. Finance reads the money entries only (the api filters them); verifying the chain is the owner's.
    auditLog: { method: 'GET', path: '/audit-log', access: finance, query: s.auditListQuerySchema, response: s.auditListResponseSchema },
    auditExport: { method: 'GET', path: '/audit-log/export', access: finance, query: s.auditExportQuerySchema, produces: 'text/csv' },
    auditVerify: { method: 'POST', path: '/audit-log/verify', access: ownerOnly, response: s.auditVerifyResponseSchema },

    // CSV exports of the lists (docs/design.md §8.4): each takes its list's query without the page, and the roles
    // of its list (LIST_EXPORTS). Bank account numbers in them are masked to their last 3 digits, so
    // they need no step-up as the full bank details do.
    utesExport: { method: 'GET', path: '/get-all-ute-list/export', access: moderator, query: s.uteExportQuerySchema, produces: 'text/csv' },
    jobsExport: { method: 'GET', path: '/get-all-job-list/export', access: moderator, query: s.jobExportQuerySchema, produces: 'text/csv' },
    quotesExport: { method: 'GET', path: '/all-shipments/export', access: moderator, query: s.quoteExportQuerySchema, produces: 'text/csv' },
    usersExport: { method: 'GET', path: '/all-users-data/export', access: support, query: s.userExportQuerySchema, produces: 'text/csv' },
    queriesExport: { method: 'GET', path: '/all-queries/export', access: support, query: s.queryExportQuerySchema, produces: 'text/csv' },
    uteBookingsExport: { method: 'GET', path: '/ute-booking-list/export', access: finance, query: s.bookingExportQuerySchema, produces: 'text/csv' },
    jobBookingsExport: { method: 'GET', path: '/job-booking-list/export', access: finance, query: s.bookingExportQuerySchema, produces: 'text/csv' },
    paymentsExport: { method: 'GET', path: '/payment-list/export', access: finance, query: s.paymentExportQuerySchema, produces: 'text/csv' },
    manualPaymentsExport: {
      method: 'GET',
      path: '/get-update-manual-status/export',
      access: finance,
      query: s.manualPaymentExportQuerySchema,
      produces: 'text/csv',
    },

    // Bulk actions on the rows picked on a list's page (docs/design.md §8.5): the roles of the single-row calls they repeat.
    utesBulk: { method: 'POST', path: '/utes/bulk', access: moderator, body: s.listingBulkBodySchema, response: s.bulkResponseSchema },
    jobsBulk: { method: 'POST', path: '/jobs/bulk', access: moderator, body: s.listingBulkBodySchema, response: s.bulkResponseSchema },
    usersBulk: { method: 'POST', path: '/users/bulk', access: support, body: s.userBulkBodySchema, response: s.bulkResponseSchema },
    queriesBulk: { method: 'POST', path: '/queries/bulk', access: support, body: s.queryBulkBodySchema, response: s.bulkResponseSchema },

    // A user's whole story on one page (README, "A user's whole story"). Answers only the sections whose lists the caller's
    // roles open (USER_STORY_SECTION_LISTS).
    userStory: { method: 'GET', path: '/users/:id/story', access: support, params: s.idParamSchema, response: s.userStoryResponseSchema },

    // Internal notes on every record (docs/design.md §11). 'signed-in' because who may use a record's notes depends on
    // its type: the notes service checks NOTE_RECORD_LISTS (whoever may open that type's list) and answers 403 otherwise.
    recordNotes: {
      method: 'GET',
      path: '/notes/:recordType/:recordId',
      access: 'signed-in',
      params: s.noteRecordParamsSchema,
      response: s.noteListResponseSchema,
    },
    // Its own path: the guard and the route walk name a route by its path (one path, one row).
    createNote: {
      method: 'POST',
      path: '/notes/:recordType/:recordId/add',
      access: 'signed-in',
      params: s.noteRecordParamsSchema,
      body: s.noteWriteBodySchema,
      response: s.noteResponseSchema,
    },
    updateNote: {
      method: 'PATCH',
      path: '/notes/:id',
      access: 'signed-in',
      params: s.idParamSchema,
      body: s.noteWriteBodySchema,
      response: s.noteResponseSchema,
    },
    retractNote: {
      method: 'POST',
      path: '/notes/:id/retract',
      access: 'signed-in',
      params: s.idParamSchema,
      body: s.noteWriteBodySchema,
      response: s.noteResponseSchema,
    },
    mentionableAdmins: { method: 'GET', path: '/notes/mentionable-admins', access: 'signed-in', response: s.mentionableAdminsResponseSchema },
    // Beside the audit log's export, for its readers: the notes of the record types whose lists the reader opens.
    notesExport: { method: 'GET', path: '/audit-log/notes-export', access: finance, query: s.notesExportQuerySchema, produces: 'text/csv' },

    // Saved views on the lists (docs/design.md §12). 'signed-in' because who may use a list's views depends on the list:
    // the saved views service checks SAVED_VIEW_LIST_ROUTES (whoever may open that list) and answers 403 otherwise.
    savedViews: {
      method: 'GET',
      path: '/saved-views/:list',
      access: 'signed-in',
      params: s.savedViewListParamsSchema,
      response: s.savedViewListResponseSchema,
    },
    createSavedView: {
      method: 'POST',
      path: '/saved-views/:list/add',
      access: 'signed-in',
      params: s.savedViewListParamsSchema,
      body: s.savedViewCreateBodySchema,
      response: s.savedViewResponseSchema,
    },
    updateSavedView: {
      method: 'PATCH',
      path: '/saved-views/:id/edit',
      access: 'signed-in',
      params: s.idParamSchema,
      body: s.savedViewUpdateBodySchema,
      response: s.savedViewResponseSchema,
    },
    deleteSavedView: { method: 'DELETE', path: '/saved-views/:id/delete', access: 'signed-in', params: s.idParamSchema, response: s.messageSchema },

    // Assignment of work items (docs/design.md §15). 'signed-in' because who may hold an item depends on its queue: the
    // service checks WORK_QUEUE_LISTS (whoever may open that queue's list) and answers 403 otherwise.
    assignWorkItem: {
      method: 'POST',
      path: '/work-items/:queue/:recordId/assign',
      access: 'signed-in',
      params: s.workItemParamsSchema,
      body: s.workItemAssignBodySchema,
      response: s.workItemResponseSchema,
    },
    takeWorkItem: {
      method: 'POST',
      path: '/work-items/:queue/:recordId/take',
      access: 'signed-in',
      params: s.workItemParamsSchema,
      body: s.workItemTakeBodySchema,
      response: s.workItemResponseSchema,
    },
    releaseWorkItem: {
      method: 'POST',
      path: '/work-items/:queue/:recordId/release',
      access: 'signed-in',
      params: s.workItemParamsSchema,
      body: s.workItemReleaseBodySchema,
      response: s.workItemResponseSchema,
    },
    // Every admin's lists show the overdue marks, so everyone reads the thresholds; owners set them (Settings).
    workQueueThresholds: { method: 'GET', path: '/work-queue-thresholds', access: 'signed-in', response: s.workQueueThresholdsWithVersionSchema },
    updateWorkQueueThresholds: {
      method: 'PUT',
      path: '/update-work-queue-thresholds',
      access: withStepUp(ownerOnly),
      body: s.workQueueThresholdsSchema,
      response: s.workQueueThresholdsResponseSchema,
    },

    // The header's inbox (docs/design.md §13): each admin reads and marks only their own (another's id is a 404).
    notifications: { method: 'GET', path: '/notifications', access: 'signed-in', response: s.notificationListResponseSchema },
    readNotification: {
      method: 'POST',
      path: '/notifications/:id/read',
      access: 'signed-in',
      params: s.idParamSchema,
      response: s.notificationReadResponseSchema,
    },
    /** The live events of this tab (docs/design.md §14): a Server-Sent Event stream, open until sign-out. */
    liveEvents: { method: 'GET', path: '/events', access: 'signed-in', produces: 'text/event-stream' },
    readAllNotifications: { method: 'POST', path: '/notifications/read-all', access: 'signed-in', response: s.notificationReadResponseSchema },
    // My daily e-mail digest of unread notifications (Security): each admin reads and sets their own.
    notificationDigest: { method: 'GET', path: '/notifications/digest', access: 'signed-in', response: s.notificationDigestSchema },
    setNotificationDigest: {
      method: 'PUT',
      path: '/notifications/digest/update',
      access: 'signed-in',
      body: s.notificationDigestBodySchema,
      response: s.notificationDigestResponseSchema,
    },
  } as const satisfies Record<string, RouteRow>;
}

/** The rows with their schemas' types (the values are API_ROUTE_SCHEMAS's, in the api). */
export type ApiRoutes = ReturnType<typeof defineApiRoutes>;
export type RouteName = keyof ApiRoutes;

/** A row without its schemas: what a call is at run time in the web. */
export type RouteCall<Row extends RouteRow = RouteRow> = Pick<Row, 'method' | 'path' | 'access' | Extract<keyof Row, 'consumes' | 'produces'>>;

/**
 * Every call's method, path and access, without schemas: what the web's client, the guard and the
 * derived maps (routePaths, ROUTE_ACCESS) read. Built from the one table with no schemas given.
 */
export const API_ROUTES: { readonly [N in RouteName]: RouteCall<ApiRoutes[N]> } = defineApiRoutes({} as ContractSchemas);

/** The `:name` parameters of a route template, in order. */
export type PathParamList<T extends string> = T extends `${string}:${infer Name}/${infer Rest}`
  ? [Name, ...PathParamList<`/${Rest}`>]
  : T extends `${string}:${infer Name}`
    ? [Name]
    : [];
export type PathParamNames<T extends string> = PathParamList<T>[number];

type SchemaOf<N extends RouteName, K extends keyof RouteRow> = ApiRoutes[N] extends { readonly [P in K]: infer S extends $ZodType } ? S : never;

/** What a call takes and answers, as the client sends and reads it (before the api's parsing, after its serializing). */
export type RouteParams<N extends RouteName> = input<SchemaOf<N, 'params'>>;
export type RouteQuery<N extends RouteName> = input<SchemaOf<N, 'query'>>;
export type RouteBody<N extends RouteName> = input<SchemaOf<N, 'body'>>;
export type RouteResponse<N extends RouteName> = output<SchemaOf<N, 'response'>>;

/** The calls whose answer is a file (downloaded by lib/apiClient's downloadFile), and the JSON ones. */
export type FileRouteName = { [N in RouteName]: ApiRoutes[N] extends { readonly produces: string } ? N : never }[RouteName];
export type JsonRouteName = Exclude<RouteName, FileRouteName>;

/** Checked at compile time: a row's path parameters are exactly its params schema's keys (a compile error names the row). */
type ParamKeys<N extends RouteName> = ApiRoutes[N] extends { readonly params: infer S extends $ZodType } ? keyof input<S> : never;
type ParamsMismatch<N extends RouteName> = [PathParamNames<ApiRoutes[N]['path']>] extends [ParamKeys<N>]
  ? [ParamKeys<N>] extends [PathParamNames<ApiRoutes[N]['path']>]
    ? never
    : N
  : N;
type NoneOf<T extends never> = T;
type _RowsWithMismatchedParams = NoneOf<{ [N in RouteName]: ParamsMismatch<N> }[RouteName]>;
