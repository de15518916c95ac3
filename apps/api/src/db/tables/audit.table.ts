import { bigint, bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    adminId: uuid('admin_id'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    requestId: text('request_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The hash chain, written by the database trigger of migration 0006 (never by the app): the
     * entry's place in the chain, the previous entry's hash, and a SHA-256 over this entry's
     * content and that previous hash (format `ute-audit/2`, migration 0011), which the app
     * recomputes to verify (modules/audit/auditChain.ts). Editing or deleting an entry breaks the
     * chain at that place. Migration 0011 also refuses TRUNCATE, guards audit_chain_head and adds
     * the index audit_log_target_admin_idx (target_type, admin_id), kept out of this file so the
     * schema snapshots of later migrations stay as generated.
     */
    chainSeq: bigint('chain_seq', { mode: 'number' }).unique(),
    prevHash: text('prev_hash'),
    hash: text('hash'),
  },
  (t) => [
    index('audit_log_target_idx').on(t.targetType, t.targetId),
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_admin_idx').on(t.adminId, t.createdAt),
    index('audit_log_action_idx').on(t.action, t.createdAt),
  ],
);
