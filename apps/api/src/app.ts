import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  type onRouteHookHandler,
} from 'fastify';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import helmet from 'helmet';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { API_BASE, BLOG_IMAGE_MAX_BYTES } from '@ute/contract';
import type { Database } from './db/database';
import { MemoryRateLimitStore, type RateLimitStore } from './lib/rateLimiter';
import { RedisRateLimitStore } from './lib/redisRateLimiter';
import { PostgresRateLimitStore } from './lib/postgresRateLimiter';
import { JobQueue } from './lib/jobQueue';
import { hmac, loadSigningSecret } from './lib/secrets';
import { registerAuthGuard, registerPublicScope } from './plugins/authGuard';
import type { Config } from './plugins/config';
import type { AppContext } from './appContext';
import { startQueueWorkersOf } from './backgroundJobs';
import { registerErrorHandler } from './plugins/errorHandler';
import { responseSerializerCompiler } from './plugins/responseSerializer';
import { createFileStorage } from './platform/storage/fileStorage';
import { registerWebApp } from './plugins/webApp';
import { authLimits, createAuthService } from './modules/auth/auth.service';
import { TokenService } from './modules/auth/tokens';
import { authRoutes } from './modules/auth/auth.routes';
import { twoFactorRoutes } from './modules/auth/twoFactor.routes';
import { adminsRoutes } from './modules/admins/admins.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { LedgerPayoutProvider, type PayoutProvider } from './modules/payouts/payoutProvider';
import { createStripePayoutProvider } from './modules/payouts/stripePayoutProvider';
import { LedgerRefundProvider, type RefundProvider } from './modules/refunds/refundProvider';
import { createStripeRefundProvider } from './modules/refunds/stripeRefundProvider';
import { refundsRoutes } from './modules/refunds/refunds.routes';
import { Mailer } from './platform/mail/mailer';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { filesRoutes } from './modules/files/files.routes';
import { utesRoutes } from './modules/utes/utes.routes';
import { jobsRoutes } from './modules/jobs/jobs.routes';
import { bookingsRoutes } from './modules/bookings/bookings.routes';
import { payoutsRoutes } from './modules/payouts/payouts.routes';
import { ledgerRoutes } from './modules/ledger/ledger.routes';
import { invoicesRoutes } from './modules/invoices/invoices.routes';
import { stripeWebhookRoute, webhooksRoutes } from './modules/webhooks/webhooks.routes';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { usersRoutes } from './modules/users/users.routes';
import { queriesRoutes } from './modules/queries/queries.routes';
import { activityRoutes } from './modules/activity/activity.routes';
import { quotesRoutes } from './modules/quotes/quotes.routes';
import { faqRoutes } from './modules/faq/faq.routes';
import { blogsRoutes } from './modules/blogs/blogs.routes';
import { searchRoutes } from './modules/search/search.routes';
import { userStoryRoutes } from './modules/userStory/userStory.routes';
import { batchesRoutes } from './modules/batches/batches.routes';
import { disputesRoutes } from './modules/disputes/disputes.routes';
import { notesRoutes } from './modules/notes/notes.routes';
import { savedViewsRoutes } from './modules/savedViews/savedViews.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { assignmentsRoutes } from './modules/assignments/assignments.routes';
import { createDashboardService } from './modules/dashboard/dashboard.service';
import { listenToEvents, type EventBus } from './platform/liveEvents/eventBus';
import { createLiveEventHub } from './platform/liveEvents/liveEventHub';
import { liveEventsRoutes } from './modules/liveEvents/liveEvents.routes';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  limits?: RateLimitStore;
  payouts?: PayoutProvider;
  refunds?: RefundProvider;
  webDistFolder?: string;
  /** An onRoute hook added before any route (the test harness lists every route with it). */
  onRoute?: onRouteHookHandler;
}

const BODY_LIMIT_BYTES = 1024 * 1024;

/** How often Node looks for requests past their header or request deadline (its default is 30 s). */
const DEADLINE_CHECK_INTERVAL_MS = 1000;
/** Node closes a kept-alive connection this long after KEEP_ALIVE_TIMEOUT_MS (its HTTP_SERVER_KEEP_ALIVE_TIMEOUT_BUFFER). */
const KEEP_ALIVE_GRACE_MS = 1000;

/**
 * The longest a client can hold a request that never completes, in any state of its connection
 * (SECURITY.md, "Bounded requests and connections"): a new connection or a request under way is cut
 * by the header and request deadlines, a kept-alive connection waiting for its next request by the
 * keep-alive bound. A client whose request never reaches the server at all on a reused connection
 * (fetch holds a streamed body's headers until its first chunk) is only ever cut by the latter.
 */
export function longestStalledRequestMs(config: Pick<Config, 'HEADERS_TIMEOUT_MS' | 'REQUEST_TIMEOUT_MS' | 'KEEP_ALIVE_TIMEOUT_MS'>): number {
  return Math.max(
    config.HEADERS_TIMEOUT_MS + DEADLINE_CHECK_INTERVAL_MS,
    config.REQUEST_TIMEOUT_MS + DEADLINE_CHECK_INTERVAL_MS,
    config.KEEP_ALIVE_TIMEOUT_MS + KEEP_ALIVE_GRACE_MS,
  );
}

/**
 * Between two requests on a kept-alive connection no header or request deadline runs (they start at a
 * request's first byte), and Node 20 restarts its keep-alive timer on any byte, even bytes that begin
 * no request (an empty line: nodejs/node#58140): a client sending "\r\n" now and then would hold the
 * connection for ever. So the wait for the next request is bounded from the end of the last answer,
 * as long as Node's own keep-alive timer, but nothing restarts it.
 */
function boundKeptAliveWait(server: Server, keepAliveTimeoutMs: number): void {
  const waits = new WeakMap<Socket, { openRequests: number; timer?: NodeJS.Timeout }>();
  const watch = (socket: Socket) => {
    const wait: { openRequests: number; timer?: NodeJS.Timeout } = { openRequests: 0 };
    socket.once('close', () => clearTimeout(wait.timer));
    waits.set(socket, wait);
    return wait;
  };
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket;
    const wait = waits.get(socket) ?? watch(socket);
    clearTimeout(wait.timer);
    wait.openRequests += 1;
    response.once('close', () => {
      wait.openRequests -= 1;
      if (wait.openRequests === 0 && !socket.destroyed) wait.timer = setTimeout(() => socket.destroy(), keepAliveTimeoutMs + KEEP_ALIVE_GRACE_MS).unref();
    });
  });
}

/**
 * The request log line, as Fastify's own but with the matched route's pattern instead of the URL
 * where the path carries a secret (an invitation's token): whatever its spelling, no token is logged.
 */
const requestLogSerializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: request.routeOptions.config?.routeName === 'invitation' ? request.routeOptions.url : request.url,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
};

/**
 * One log line a request, written when its answer is sent, with the request's fields beside the
 * status and time. Fastify's own are two ("incoming request", then "request completed"), each its
 * own serialisation and write: one line took a searched jobs page's log from 493 to 359 bytes and
 * pino's CPU from 48 to 37 µs a request (`npm run bench:profile`, bench/README.md). Errors, a route
 * not found and a stream cut short keep Fastify's own lines.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

// helmet's own middleware, built once (@fastify/helmet builds it again for every request).
const applySecurityHeaders = helmet({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  // HSTS only means something over HTTPS; browsers ignore it on plain HTTP.
  strictTransportSecurity: { maxAge: 31536000, includeSubDomains: true },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  crossOriginEmbedderPolicy: false,
});

/** Builds the whole app without listening, so tests can use app.inject. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const logger = options.logger ?? { level: config.LOG_LEVEL };
  const app = Fastify({
    logger: typeof logger === 'object' ? { serializers: requestLogSerializers, ...logger } : logger,
    logController: new OneLinePerRequest(),
    bodyLimit: BODY_LIMIT_BYTES,
    // A client that stalls its headers, its body or its socket is cut (SECURITY.md, longestStalledRequestMs);
    // Node checks the header and request deadlines every second instead of every 30 s.
    connectionTimeout: config.IDLE_TIMEOUT_MS,
    keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_MS,
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    http: { headersTimeout: config.HEADERS_TIMEOUT_MS, connectionsCheckingInterval: DEADLINE_CHECK_INTERVAL_MS },
    trustProxy: config.TRUST_PROXY,
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, maxParamLength: 300 },
    requestIdHeader: false,
    genReqId: () => crypto.randomUUID(),
    ajv: { customOptions: { removeAdditional: false } },
    // URLs the router cannot read (a lone surrogate, an overlong parameter) get the error envelope too.
    // No hook runs for these, so their headers are set here.
    frameworkErrors: (error, request, reply: FastifyReply) =>
      applySecurityHeaders(request.raw, reply.raw, () =>
        reply
          .header('Cache-Control', 'no-store')
          .status(error.statusCode ?? 400)
          .send({ message: error.code === 'FST_ERR_BAD_URL' ? 'The URL is not valid' : error.message }),
      ),
  });
  app.server.maxConnections = config.MAX_CONNECTIONS;
  boundKeptAliveWait(app.server, config.KEEP_ALIVE_TIMEOUT_MS);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);

  const signingSecret = loadSigningSecret(config.JWT_SECRET, config.DATA_DIR);
  const queue = new JobQueue(database.sqlExecutor, app.log, { jobTimeoutSeconds: config.JOB_TIMEOUT_SECONDS, pollingIntervalSeconds: config.JOB_POLL_SECONDS });
  // In production the OTP never reaches the log; on a laptop without SMTP it is printed there (README).
  const mailer = new Mailer(database.db, queue, app.log, {
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    canLogSensitiveBodies: config.NODE_ENV !== 'production',
    sensitiveMailTtlMs: authLimits.otpValidityMs,
    claimSeconds: config.JOB_TIMEOUT_SECONDS,
  });
  const redisLimits = !options.limits && config.REDIS_URL ? new RedisRateLimitStore(config.REDIS_URL) : null;
  // Several api processes share their counters: in Redis when configured, else in PostgreSQL; PGlite is one process.
  const limits = options.limits ?? redisLimits ?? (database.engine === 'postgres' ? new PostgresRateLimitStore(database.db) : new MemoryRateLimitStore());
  const auth = createAuthService({
    db: database.db,
    tokens: new TokenService(hmac(signingSecret, 'jwt'), config.TOKEN_TTL_SECONDS),
    limits,
    mailer,
    otpPepper: hmac(signingSecret, 'otp'),
    totpKey: hmac(signingSecret, 'totp'),
    challengeKey: hmac(signingSecret, 'sign-in-challenge'),
  });
  const dashboard = createDashboardService({ db: database.db });
  const liveEvents = createLiveEventHub({
    db: database.db,
    log: app.log,
    authenticate: auth.authenticate,
    workQueuesOf: (admin) => dashboard.getWorkQueues(admin),
  });
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    log: app.log,
    mailer,
    queue,
    limits,
    files: createFileStorage(database, config),
    payouts:
      options.payouts ?? (config.STRIPE_SECRET_KEY ? createStripePayoutProvider(config.STRIPE_SECRET_KEY, config.STRIPE_API_BASE) : new LedgerPayoutProvider()),
    refunds:
      options.refunds ?? (config.STRIPE_SECRET_KEY ? createStripeRefundProvider(config.STRIPE_SECRET_KEY, config.STRIPE_API_BASE) : new LedgerRefundProvider()),
    auth,
    liveEvents,
  };
  app.decorate('ctx', ctx);
  app.decorate('exportNoticeSeconds', config.EXPORT_NOTICE_SECONDS);
  registerErrorHandler(app);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  // Every process works the mail queue (tests too: their mail goes through it); the scheduled jobs
  // are started by server.ts (every job: platform/jobs/jobRegistry.ts).
  let eventBus: EventBus | undefined;
  app.addHook('onReady', async () => {
    await queue.start();
    await startQueueWorkersOf(ctx);
    eventBus = await listenToEvents(database, app.log, liveEvents.receive, liveEvents.resync);
  });
  // Open streams would keep the server from closing (they are never idle).
  app.addHook('preClose', async () => {
    liveEvents.closeAll();
    await eventBus?.close();
  });
  app.addHook('onClose', async () => {
    await queue.stop();
    await mailer.close();
    await redisLimits?.close();
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
    // Nothing is cached unless its route says how (web assets, public images): api answers and
    // errors are never stored, however the URL was spelled.
    if (!reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
  });

  app.addHook('onRequest', (request, reply, done) => applySecurityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)));
  registerAuthGuard(app); // after the headers (a 401 carries them too), before any route
  // gzip only: brotli at its default quality costs too much CPU per request to do on the fly.
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['gzip'] });
  await app.register(fastifyMultipart, {
    limits: { fileSize: BLOG_IMAGE_MAX_BYTES, files: 5, fields: 20, fieldSize: 64 * 1024, parts: 30 },
    throwFileSizeLimit: true,
  });
  // Only reply.sendFile, for the web app's index.html (plugins/webApp.ts); uploads are sent by files.routes.ts.
  await app.register(fastifyStatic, { serve: false });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Ute back-office admin API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // The docs map every call: by default only an admin's bearer token opens them.
  const docsOptions = { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' as const } };
  if (config.API_DOCS === 'public') await registerPublicScope(app, async (scope) => void (await scope.register(fastifySwaggerUi, docsOptions)));
  else await app.register(fastifySwaggerUi, docsOptions);

  await app.register(
    async (admin) => {
      await admin.register(authRoutes);
      await admin.register(twoFactorRoutes);
      await admin.register(adminsRoutes);
      await admin.register(auditRoutes);
      await admin.register(dashboardRoutes);
      await admin.register(analyticsRoutes);
      await admin.register(utesRoutes);
      await admin.register(jobsRoutes);
      await admin.register(bookingsRoutes);
      await admin.register(payoutsRoutes);
      await admin.register(ledgerRoutes);
      await admin.register(invoicesRoutes);
      await admin.register(webhooksRoutes);
      await admin.register(paymentsRoutes);
      await admin.register(refundsRoutes);
      await admin.register(usersRoutes);
      await admin.register(queriesRoutes);
      await admin.register(activityRoutes);
      await admin.register(quotesRoutes);
      await admin.register(faqRoutes);
      await admin.register(blogsRoutes);
      await admin.register(searchRoutes);
      await admin.register(userStoryRoutes);
      await admin.register(batchesRoutes);
      await admin.register(disputesRoutes);
      await admin.register(notesRoutes);
      await admin.register(savedViewsRoutes);
      await admin.register(notificationsRoutes);
      await admin.register(assignmentsRoutes);
      await admin.register(liveEventsRoutes);
    },
    { prefix: API_BASE },
  );
  app.get('/api/health', { config: { isPublic: true }, schema: { hide: true } }, async () => ({ status: 'ok', engine: database.engine }));
  await app.register(filesRoutes);
  await app.register(stripeWebhookRoute);
  await registerWebApp(app, options.webDistFolder);
  return app;
}
