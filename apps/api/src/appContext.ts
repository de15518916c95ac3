import type { FastifyBaseLogger } from 'fastify';
import type { RouteName } from '@ute/contract';
import type { Database, Db } from './db/database';
import type { JobQueue } from './lib/jobQueue';
import type { RateLimitStore } from './lib/rateLimiter';
import type { AdminRow } from './modules/auth/auth.repository';
import type { AuthService } from './modules/auth/auth.service';
import type { PayoutProvider } from './modules/payouts/payoutProvider';
import type { RefundProvider } from './modules/refunds/refundProvider';
import type { Mailer } from './platform/mail/mailer';
import type { LiveEventHub } from './platform/liveEvents/liveEventHub';
import type { FileStorage } from './platform/storage/fileStorage';
import type { Config } from './plugins/config';

/** What every module needs, built once per app by the composition (app.ts). */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  log: FastifyBaseLogger;
  mailer: Mailer;
  /** Background jobs, claimed by one process each (lib/jobQueue.ts; every job in platform/jobs/jobRegistry.ts). */
  queue: JobQueue;
  auth: AuthService;
  limits: RateLimitStore;
  files: FileStorage;
  payouts: PayoutProvider;
  /** Refunds and transfer reversals: Stripe when STRIPE_SECRET_KEY is set, else the offline ledger (modules/refunds). */
  refunds: RefundProvider;
  /** This process's Server-Sent Event streams and what they hear (docs/design.md §14). */
  liveEvents: LiveEventHub;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    /** The signed-in admin; set by the guard on every non-public admin route. */
    admin: AdminRow | null;
    /** When the bearer token's session last proved a second factor (ms since epoch), if it did. */
    secondFactorAt: number | null;
  }
  interface FastifyContextConfig {
    /** Reachable without a bearer token: set from the contract's ROUTE_ACCESS for admin api routes. */
    isPublic?: boolean;
    /** The admin api route's name in the contract (set by the guard when the route is added). */
    routeName?: RouteName;
  }
}
