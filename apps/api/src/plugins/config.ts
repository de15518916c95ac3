import { realpathSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { EXPORT_NOTICE_SECONDS } from '@ute/contract';

/**
 * A listing's notice to its lister is held this long (10 minutes): long enough to absorb an admin's
 * second thoughts and a burst of flips, short enough that the lister hears the same session.
 */
export const DEFAULT_LISTING_NOTICE_WINDOW_SECONDS = 10 * 60;

const booleanFromEnv = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((value) => value === 'true' || value === '1' || value === 'yes');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  /** Connections each api process keeps to PostgreSQL (with API_WORKERS, each worker its own). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /**
   * api processes sharing PORT (workers.ts), PostgreSQL only: one Node.js process runs its JavaScript
   * on one core, so on a machine with more cores one process leaves them to the database alone.
   */
  API_WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  ADMIN_EMAIL: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  SEED_DEMO: booleanFromEnv.optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Ute Back-office <no-reply@ute.example>'),
  /** Where admins open the back-office (links in mails, e.g. invitations); default http://localhost:PORT. */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'PUBLIC_URL must be an http(s) URL' })
    .transform((value) => value.replace(/\/+$/, ''))
    .optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_API_BASE: z.string().optional(),
  /** The signing secret of the Stripe webhook endpoint (whsec_...): POST /webhooks/stripe verifies every event with it. */
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(8 * 60 * 60),
  REDIS_URL: z.string().optional(),
  MAILS_PER_ADMIN_PER_HOUR: z.coerce.number().int().min(1).default(200),
  /** How long a listing's moderation notice waits for later decisions to replace it (one mail per listing per window). */
  LISTING_NOTICE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(3600).default(DEFAULT_LISTING_NOTICE_WINDOW_SECONDS),
  /** A list's CSV export that took at least this long notifies its admin when it finished (docs/design.md §13). */
  EXPORT_NOTICE_SECONDS: z.coerce.number().min(0).max(3600).default(EXPORT_NOTICE_SECONDS),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `production` keeps secrets (the OTP) out of the log of mails that are logged instead of sent (no SMTP_URL). */
  NODE_ENV: z.string().default('development'),
  TRUST_PROXY: booleanFromEnv.default(false),
  /** `admin`: the OpenAPI document and its UI need an admin's bearer token; `public`: anyone may read them. */
  API_DOCS: z.enum(['admin', 'public']).default('admin'),
  // Connection bounds (SECURITY.md, "Bounded requests and connections").
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).default(10_000),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).default(25_000),
  IDLE_TIMEOUT_MS: z.coerce.number().int().min(1000).default(60_000),
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1000).default(25_000),
  MAX_CONNECTIONS: z.coerce.number().int().min(1).default(4096),
  // Background jobs (lib/jobQueue.ts): a claimed job unfinished after JOB_TIMEOUT_SECONDS is taken
  // as lost with its process and run again elsewhere; idle workers look for jobs every JOB_POLL_SECONDS.
  JOB_TIMEOUT_SECONDS: z.coerce.number().int().min(15).max(3600).default(60),
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  /**
   * `false`: this process leaves the scheduled jobs (reconciliations, the analytics refresh, digests,
   * sweeps: platform/jobs/jobRegistry.ts's 'server' jobs) to the other processes; it still sends mail.
   */
  SCHEDULED_JOBS: booleanFromEnv.default(true),
  /**
   * Where the hourly `audit-anchor` job appends the audit chain's head, one JSON line each (SECURITY.md,
   * "Audit log"): a file the database's owner cannot rewrite, so outside DATA_DIR (refused inside it),
   * ideally on append-only or shipped storage. Unset: the head goes to the owners' daily mail and the log only.
   */
  AUDIT_ANCHOR_FILE: z.string().trim().min(1, 'AUDIT_ANCHOR_FILE must be a file path').optional(),
  // The header and trace account of payout batches' ABA files (modules/batches/aba.ts; README, "Payout batches"): what the
  // platform's bank gave it for Direct Entry. The defaults are demo values a bank would refuse.
  ABA_BANK_ABBREVIATION: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{3}$/, 'ABA_BANK_ABBREVIATION must be the 3 letters of the bank, e.g. CBA')
    .transform((value) => value.toUpperCase())
    .default('CBA'),
  ABA_USER_ID: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'ABA_USER_ID must be the 6-digit APCA user id')
    .default('301500'),
  ABA_USER_NAME: z.string().trim().min(1, 'ABA_USER_NAME must not be empty').default('Ute Share Pty Ltd'),
  ABA_DESCRIPTION: z.string().trim().min(1, 'ABA_DESCRIPTION must not be empty').default('PAYOUTS'),
  ABA_REMITTER_NAME: z.string().trim().min(1, 'ABA_REMITTER_NAME must not be empty').default('UTE SHARE'),
  ABA_TRACE_BSB: z
    .string()
    .trim()
    .regex(/^\d{3}-?\d{3}$/, 'ABA_TRACE_BSB must be 6 digits, written 123456 or 123-456')
    .default('062-000'),
  ABA_TRACE_ACCOUNT: z
    .string()
    .trim()
    .regex(/^\d{5,9}$/, 'ABA_TRACE_ACCOUNT must be 5 to 9 digits')
    .default('12345678'),
  /** Some banks want a balancing debit record in the file (aba.ts, balancingRecord): ask the bank. */
  ABA_BALANCING_RECORD: booleanFromEnv.default(false),
});

export type Config = Omit<z.infer<typeof envSchema>, 'DATA_DIR' | 'PUBLIC_URL'> & { DATA_DIR: string; PUBLIC_URL: string };

/** The path with symbolic links resolved as far as it exists (the rest, not yet created, appended). */
function realPathOf(target: string): string {
  const missing: string[] = [];
  let existing = path.resolve(target);
  for (;;) {
    try {
      return path.join(realpathSync(existing), ...missing);
    } catch {
      const parent = path.dirname(existing);
      if (parent === existing) return path.resolve(target);
      missing.unshift(path.basename(existing));
      existing = parent;
    }
  }
}

const isInside = (child: string, parent: string) => {
  const relative = path.relative(parent, child);
  return relative === '' || (relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative));
};

/** Reads and checks the environment once; a bad value stops the start with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = {
    ...parsed.data,
    DATA_DIR: path.resolve(parsed.data.DATA_DIR),
    PUBLIC_URL: parsed.data.PUBLIC_URL ?? `http://localhost:${parsed.data.PORT}`,
    AUDIT_ANCHOR_FILE: parsed.data.AUDIT_ANCHOR_FILE === undefined ? undefined : path.resolve(parsed.data.AUDIT_ANCHOR_FILE),
  };
  // Anything under DATA_DIR goes wherever the database's files go (a backup, a restore, a copy):
  // an anchor there could be rewritten along with the log it anchors.
  if (config.AUDIT_ANCHOR_FILE !== undefined && isInside(realPathOf(config.AUDIT_ANCHOR_FILE), realPathOf(config.DATA_DIR))) {
    throw new Error('Invalid configuration:\nAUDIT_ANCHOR_FILE must be outside DATA_DIR (the anchor must not live with the database it anchors)');
  }
  if (config.API_WORKERS > 1 && !config.DATABASE_URL)
    throw new Error('Invalid configuration:\nAPI_WORKERS above 1 needs DATABASE_URL: the embedded PGlite is one process (its DATA_DIR is locked)');
  // Node's http server refuses a headers deadline later than the whole request's.
  if (config.HEADERS_TIMEOUT_MS > config.REQUEST_TIMEOUT_MS) throw new Error('Invalid configuration:\nHEADERS_TIMEOUT_MS must not exceed REQUEST_TIMEOUT_MS');
  return config;
}
