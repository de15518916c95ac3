import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const admins = pgTable('admins', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Stored lower-cased so sign-in is case-insensitive. */
  email: text('email').notNull().unique(),
  name: text('name').notNull().default('Administrator'),
  role: text('role').notNull().default('admin'),
  passwordHash: text('password_hash').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  /** Bumped on sign-out, password change and reset: tokens carrying an older version are refused. */
  tokenVersion: integer('token_version').notNull().default(0),
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
