import { bigint, boolean, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const admins = pgTable('admins', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Stored lower-cased so sign-in is case-insensitive. */
  email: text('email').notNull().unique(),
  name: text('name').notNull().default('Administrator'),
  /** What the admin may open (ROUTE_ROLES in the contract); an admin may hold several. */
  roles: text('roles').array().notNull().default([]),
  passwordHash: text('password_hash').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  /** Bumped on sign-out, password change and reset: tokens carrying an older version are refused. */
  tokenVersion: integer('token_version').notNull().default(0),
  /** The TOTP secret, sealed with a key derived from the signing secret (lib/secrets.ts); null until enrolled. */
  totpSecret: text('totp_secret'),
  /** Set when enrolment is confirmed with a first code: from then on sign-in asks for a code. */
  totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
  /** The last TOTP time step accepted: a code is good once, even within its 30 s. */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  /** Opted in on Security: a daily e-mail of the unread notifications (docs/design.md §13). */
  notificationDigest: boolean('notification_digest').notNull().default(false),
  /** The Sydney day the last digest was claimed for: a day's digest is claimed once. */
  digestSentOn: date('digest_sent_on', { mode: 'string' }),
  /**
   * The version the team page's If-Match names (docs/design.md §14): bumped by an owner's change of the admin
   * (invitation, roles, status, 2FA reset), not by signing in, which rewrites the row (its xmin) all day.
   */
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const passwordResetCodes = pgTable(
  'password_reset_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    otpHash: text('otp_hash').notNull(),
    otpExpiresAt: timestamp('otp_expires_at', { withTimezone: true }).notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    otpUsedAt: timestamp('otp_used_at', { withTimezone: true }),
    resetTokenHash: text('reset_token_hash').unique(),
    resetTokenExpiresAt: timestamp('reset_token_expires_at', { withTimezone: true }),
    resetUsedAt: timestamp('reset_used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_reset_codes_admin_idx').on(t.adminId, t.createdAt)],
);

/** Ten single-use codes per admin, for a lost authenticator; only their hashes are kept. */
export const adminRecoveryCodes = pgTable(
  'admin_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('admin_recovery_codes_admin_idx').on(t.adminId)],
);

/** A single-use invitation: the invitee sets a password with the link's token within 48 h. */
export const adminInvites = pgTable(
  'admin_invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The admin row made at invite time (inactive, no usable password until accepted). */
    adminId: uuid('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: uuid('invited_by'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('admin_invites_admin_idx').on(t.adminId)],
);

/** Back-office settings decided by owners: one row per key. */
export const adminSettings = pgTable('admin_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
