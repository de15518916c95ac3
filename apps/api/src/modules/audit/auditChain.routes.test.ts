import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { auditVerifyResponseSchema, type AuditVerifyResponse } from '@ute/contract';
import { openPostgres, queryRows, type Db, type DbOrTx } from '../../db/database';
import { createTestApp, engine, type TestApp } from '../../test/testApp';
import { upsertAdmin } from '../auth/auth.repository';
import { writeAudit } from '../../platform/audit/auditLog';
import { readChainBatch } from './audit.repository';
import { createAuditAnchorService } from './auditAnchor';
import { hashAuditEntry } from './auditChain';
import { runAuditVerify } from './auditVerifyCommand';

/**
 * docs/design.md §8.2: whoever owns the database cannot forge the audit chain unseen. Each attack is
 * what a database owner can do (redefine a function, disable triggers, truncate, recompute hashes);
 * each must be reported at its first broken entry by the Verify route and by `npm run audit:verify`.
 */

async function verifyByRoute(t: TestApp): Promise<AuditVerifyResponse> {
  const response = await t.request({ method: 'POST', url: '/audit-log/verify' });
  expect(response.statusCode, response.body).toBe(200);
  return auditVerifyResponseSchema.parse(response.json());
}

/** Six faq entries through the api: the chain an attacker starts from. */
async function writeEntries(t: TestApp, count = 6): Promise<{ id: number; seq: number; hash: string }[]> {
  for (let i = 0; i < count; i += 1) {
    const response = await t.request({ method: 'POST', url: '/create-faq', payload: { question: `Question ${randomUUID()}?`, answer: 'An answer.' } });
    expect(response.statusCode, response.body).toBe(200);
  }
  return chainOf(t.database.db);
}

async function chainOf(db: DbOrTx): Promise<{ id: number; seq: number; hash: string }[]> {
  const rows = await queryRows<{ id: number | string; seq: number | string; hash: string }>(
    db,
    sql`select id, chain_seq as seq, hash from audit_log order by chain_seq`,
  );
  return rows.map((row) => ({ id: Number(row.id), seq: Number(row.seq), hash: row.hash }));
}

/** Runs `work` with every trigger off, as the database's owner (a superuser) can: session_replication_role. */
async function asDatabaseOwner(db: Db, work: (tx: DbOrTx) => Promise<void>): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await work(tx);
  });
}

/** The check the old Verify ran in SQL: every entry's hash recomputed by the database's own audit_entry_hash. */
async function countMismatchesInSql(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from audit_log
      where hash is distinct from audit_entry_hash(chain_seq, admin_id, action, target_type, target_id, before, after, request_id, created_at, prev_hash)`,
  );
  return row.n;
}

/** Fails unless the statement is refused with this message (Drizzle wraps the database's error as its cause). */
async function expectRefused(statement: Promise<unknown>, message: RegExp): Promise<void> {
  const error = await statement.then(
    () => null,
    (caught: unknown) => caught as Error & { cause?: Error },
  );
  expect(error, 'the statement was not refused').not.toBeNull();
  expect(error!.cause?.message ?? error!.message).toMatch(message);
}

async function otherAdminId(t: TestApp): Promise<string> {
  const email = `someone-${randomUUID().slice(0, 8)}@test.local`;
  await upsertAdmin(t.database.db, email, 'x', ['owner']);
  const [admin] = await queryRows<{ id: string }>(t.database.db, sql`select id from admins where email = ${email}`);
  return admin.id;
}

/** Re-hashes the entries from `fromSeq` on with the app's own algorithm and moves the head: a rewrite the chain alone cannot show. */
async function rehashTailWithTheAppsAlgorithm(tx: DbOrTx, fromSeq: number): Promise<void> {
  const [previous] = await queryRows<{ hash: string }>(tx, sql`select hash from audit_log where chain_seq = ${fromSeq - 1}`);
  let prevHash = previous?.hash ?? '0'.repeat(64);
  let last = { seq: fromSeq - 1, hash: prevHash };
  for (const row of await readChainBatch(tx, fromSeq - 1, 10_000)) {
    const hash = hashAuditEntry({ ...row, prevHash });
    await tx.execute(sql`update audit_log set prev_hash = ${prevHash}, hash = ${hash} where id = ${row.id}`);
    prevHash = hash;
    last = { seq: row.seq, hash };
  }
  await tx.execute(sql`update audit_chain_head set last_seq = ${last.seq}, last_hash = ${last.hash} where id = 1`);
}

describe('the audit chain against its database owner ', () => {
  let anchorDir: string;
  beforeAll(() => {
    anchorDir = mkdtempSync(path.join(os.tmpdir(), 'ute-audit-anchors-'));
  });
  afterAll(() => rmSync(anchorDir, { recursive: true, force: true }));

  it('finds an entry edited under a redefined audit_entry_hash, which the database itself now vouches for', async () => {
    const t = await createTestApp();
    try {
      const chain = await writeEntries(t);
      const edited = chain[2];
      const forger = await otherAdminId(t);
      // The edit (its admin and `after` replaced), and a hash function that answers the old hash for it.
      await t.database.db.transaction(async (tx) => {
        await tx.execute(sql`alter table audit_log disable trigger audit_log_immutable`);
        await tx.execute(sql`update audit_log set admin_id = ${forger}, after = '{"answer": "Forged"}' where id = ${edited.id}`);
        await tx.execute(sql`alter table audit_log enable trigger audit_log_immutable`);
        await tx.execute(
          sql`alter function audit_entry_hash(bigint, uuid, text, text, text, jsonb, jsonb, text, timestamptz, text) rename to audit_entry_hash_real`,
        );
        await tx.execute(
          sql.raw(`create function audit_entry_hash(seq bigint, admin_id uuid, action text, target_type text, target_id text, before jsonb, after jsonb, request_id text, created_at timestamptz, prev_hash text)
            returns text language sql as $$
              select case when seq = ${edited.seq} then '${edited.hash}'
                else audit_entry_hash_real(seq, admin_id, action, target_type, target_id, before, after, request_id, created_at, prev_hash) end
            $$`),
        );
      });
      expect(await countMismatchesInSql(t.database.db)).toBe(0);

      expect(await verifyByRoute(t)).toMatchObject({
        ok: false,
        firstBrokenSeq: edited.seq,
        firstBrokenId: edited.id,
        reason: 'its content does not match its hash (the entry was changed)',
      });
      const cli = await runAuditVerify(t.database.db, { anchorFiles: [] });
      expect(cli.exitCode).toBe(1);
      expect(cli.err.join('\n')).toContain(`broken at entry #${edited.seq} (id ${edited.id}): its content does not match its hash`);
    } finally {
      await t.close();
    }
  });

  it('refuses TRUNCATE of the log and any delete, truncate or rewind of its head', async () => {
    const t = await createTestApp();
    try {
      const chain = await writeEntries(t, 3);
      const db = t.database.db;
      await expectRefused(db.execute(sql`truncate audit_log`), /audit_log cannot be truncated/);
      await expectRefused(db.execute(sql`truncate audit_chain_head`), /cannot be deleted or truncated/);
      await expectRefused(db.execute(sql`delete from audit_chain_head`), /cannot be deleted or truncated/);
      // Wound back to an earlier entry, moved by more than one, or moved to a hash no entry has.
      await expectRefused(db.execute(sql`update audit_chain_head set last_seq = ${chain[0].seq}, last_hash = ${chain[0].hash}`), /only moves forward/);
      await expectRefused(db.execute(sql`update audit_chain_head set last_seq = last_seq + 2`), /only moves forward/);
      await expectRefused(db.execute(sql`update audit_chain_head set last_hash = ${'b'.repeat(64)}`), /only moves forward/);
      await expectRefused(
        db.execute(sql`update audit_chain_head set last_seq = last_seq + 1, last_hash = ${'a'.repeat(64)}`),
        /must name the entry just written/,
      );
      expect(await chainOf(db)).toEqual(chain);
      const [head] = await queryRows<{ last_seq: number | string; last_hash: string }>(db, sql`select last_seq, last_hash from audit_chain_head`);
      expect({ seq: Number(head.last_seq), hash: head.last_hash }).toEqual({ seq: chain[2].seq, hash: chain[2].hash });
      expect(await verifyByRoute(t)).toMatchObject({ ok: true, entries: 3 });
    } finally {
      await t.close();
    }
  });

  it('finds a truncate-and-rechain that dropped the newest entries, as the head cannot be wound back', async () => {
    const t = await createTestApp();
    try {
      const chain = await writeEntries(t);
      const kept = chain.slice(0, 4);
      // The log's TRUNCATE trigger off; the older entries written again through the chain trigger.
      await t.database.db.transaction(async (tx) => {
        await tx.execute(sql`create temp table kept on commit drop as select * from audit_log where chain_seq <= ${kept.at(-1)!.seq}`);
        await tx.execute(sql`alter table audit_log disable trigger audit_log_no_truncate`);
        await tx.execute(sql`truncate audit_log`);
        await tx.execute(sql`alter table audit_log enable trigger audit_log_no_truncate`);
        await tx.execute(
          sql`insert into audit_log (id, admin_id, action, target_type, target_id, before, after, request_id, created_at)
            select id, admin_id, action, target_type, target_id, before, after, request_id, created_at from kept order by chain_seq`,
        );
      });
      // Winding the head back to the last kept entry is refused.
      await expectRefused(
        t.database.db.execute(sql`update audit_chain_head set last_seq = ${kept.at(-1)!.seq}, last_hash = ${kept.at(-1)!.hash}`),
        /only moves forward/,
      );
      const rechained = await chainOf(t.database.db);
      expect(rechained[0].seq).toBe(chain.length + 1);

      const result = await verifyByRoute(t);
      expect(result).toMatchObject({
        ok: false,
        firstBrokenSeq: chain.length + 1,
        firstBrokenId: rechained[0].id,
        reason: `the entries before it (#1 to #${chain.length}) are missing`,
      });
      const cli = await runAuditVerify(t.database.db, { anchorFiles: [] });
      expect(cli.exitCode).toBe(1);
      expect(cli.err.join('\n')).toContain(
        `broken at entry #${chain.length + 1} (id ${rechained[0].id}): the entries before it (#1 to #${chain.length}) are missing`,
      );
    } finally {
      await t.close();
    }
  });

  it("finds an edit whose tail was re-hashed by the database's (redefined) function with every trigger off", async () => {
    const t = await createTestApp();
    try {
      const chain = await writeEntries(t);
      const edited = chain[1];
      // The formula of migration 0006, the one the docs describe: the attacker makes the database agree with it.
      await t.database.db.execute(
        sql.raw(`create or replace function audit_entry_hash(seq bigint, admin_id uuid, action text, target_type text, target_id text, before jsonb, after jsonb, request_id text, created_at timestamptz, prev_hash text)
          returns text language sql immutable as $$
            select encode(sha256(convert_to(concat_ws(E'\\x1f', seq::text, coalesce(admin_id::text, ''), action, target_type, coalesce(target_id, ''),
              coalesce(before::text, ''), coalesce(after::text, ''), coalesce(request_id, ''), (extract(epoch from created_at) * 1000000)::bigint::text, prev_hash), 'UTF8')), 'hex')
          $$`),
      );
      await asDatabaseOwner(t.database.db, async (tx) => {
        await tx.execute(sql`update audit_log set after = '{"answer": "Edited quietly"}' where id = ${edited.id}`);
        await tx.execute(
          sql.raw(`do $$
            declare entry record; prev text := (select hash from audit_log where chain_seq = ${edited.seq - 1});
            begin
              for entry in select * from audit_log where chain_seq >= ${edited.seq} order by chain_seq loop
                prev := audit_entry_hash(entry.chain_seq, entry.admin_id, entry.action, entry.target_type, entry.target_id, entry.before, entry.after, entry.request_id, entry.created_at, prev);
                update audit_log set prev_hash = coalesce((select hash from audit_log where chain_seq = entry.chain_seq - 1), prev_hash), hash = prev where id = entry.id;
              end loop;
              update audit_chain_head set last_hash = prev;
            end $$`),
        );
      });
      // From the edit on, the database's own function vouches for every link.
      const [sqlCheck] = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from audit_log where chain_seq >= ${edited.seq}
          and hash is distinct from audit_entry_hash(chain_seq, admin_id, action, target_type, target_id, before, after, request_id, created_at, prev_hash)`,
      );
      expect(sqlCheck.n).toBe(0);

      expect(await verifyByRoute(t)).toMatchObject({
        ok: false,
        firstBrokenSeq: edited.seq,
        firstBrokenId: edited.id,
        reason: expect.stringContaining('changed'),
      });
      const cli = await runAuditVerify(t.database.db, { anchorFiles: [] });
      expect(cli.exitCode).toBe(1);
      expect(cli.err.join('\n')).toContain(`broken at entry #${edited.seq} (id ${edited.id})`);
    } finally {
      await t.close();
    }
  });

  it('still finds an entry written outside the chain when the owner puts a `>` of their own before the built-ins', async () => {
    const t = await createTestApp();
    let close = async () => {};
    try {
      await writeEntries(t, 2);
      // A forged entry the Audit Log lists, written with the chain trigger off: it has no place in the chain.
      await t.database.db.transaction(async (tx) => {
        await tx.execute(sql`alter table audit_log disable trigger audit_log_chain`);
        await tx.execute(sql`insert into audit_log (admin_id, action, target_type, target_id) values (null, 'payout.manual', 'ute_booking', 'forged')`);
        await tx.execute(sql`alter table audit_log enable trigger audit_log_chain`);
      });
      const [forged] = await queryRows<{ id: number | string }>(t.database.db, sql`select id from audit_log where target_id = 'forged'`);
      // A `>` for (bigint, integer) that is never true, found before pg_catalog's: `count(*) > 0` would find no unchained entry.
      await t.database.db.execute(
        sql.raw(`create function public.never_greater(a bigint, b integer) returns boolean language sql immutable as $$ select false $$`),
      );
      await t.database.db.execute(sql.raw(`create operator public.> (leftarg = bigint, rightarg = integer, function = public.never_greater)`));
      let db: Db = t.database.db;
      if (engine === 'postgres') {
        const [{ name }] = await queryRows<{ name: string }>(t.database.db, sql`select current_database() as name`);
        await t.database.db.execute(sql.raw(`alter database "${name}" set search_path = public, pg_catalog`));
        const fresh = openPostgres(t.database.url!, 1);
        db = fresh.db;
        close = () => fresh.close();
      } else {
        await t.database.db.execute(sql`set search_path = public, pg_catalog`);
      }
      const [shadowed] = await queryRows<{ hidden: boolean }>(db, sql`select not (count(*) > 0) as hidden from audit_log where chain_seq is null`);
      expect(shadowed.hidden).toBe(true);

      const cli = await runAuditVerify(db, { anchorFiles: [] });
      expect(cli).toMatchObject({
        exitCode: 1,
        result: { ok: false, firstBrokenId: Number(forged.id), reason: 'the entry is not in the chain (written without the chain trigger)' },
      });
    } finally {
      await close();
      await t.close();
    }
  });

  describe("a rewrite recomputed with the app's own algorithm: only an anchor shows it", () => {
    /** A log anchored by the job, then its entries after `keep` rewritten or dropped by the database's owner. */
    async function anchoredApp(): Promise<{ t: TestApp; anchorFile: string; chain: { id: number; seq: number; hash: string }[] }> {
      const anchorFile = path.join(anchorDir, `${randomUUID()}.jsonl`);
      const t = await createTestApp({ env: { AUDIT_ANCHOR_FILE: anchorFile } });
      const chain = await writeEntries(t);
      const anchors = createAuditAnchorService({ db: t.database.db, mailer: t.app.ctx.mailer, log: t.app.log, anchorFile });
      // 10:00 in Sydney: an hourly anchor, no mail.
      expect((await anchors.anchorHead(new Date('2031-03-03T23:00:00Z'))).anchor).toMatchObject({ seq: chain.at(-1)!.seq });
      return { t, anchorFile, chain };
    }

    it('catches the newest entries dropped and the rest re-chained', async () => {
      const { t, anchorFile, chain } = await anchoredApp();
      try {
        const lastKept = chain[3];
        await asDatabaseOwner(t.database.db, async (tx) => {
          await tx.execute(sql`create temp table kept on commit drop as select * from audit_log where chain_seq <= ${lastKept.seq}`);
          await tx.execute(sql`truncate audit_log`);
          await tx.execute(sql`insert into audit_log select * from kept`);
          await tx.execute(sql`update audit_chain_head set last_seq = ${lastKept.seq}, last_hash = ${lastKept.hash}`);
        });
        // New entries bring the chain back to the anchor's length, with other hashes.
        for (const targetId of ['x', 'y']) {
          await writeAudit(t.database.db, { adminId: null, requestId: 'after-the-rewrite' }, { action: 'faq.create', targetType: 'faq', targetId });
        }

        // The chain alone is whole.
        expect(await runAuditVerify(t.database.db, { anchorFiles: [] })).toMatchObject({ exitCode: 0, result: { ok: true, entries: chain.length } });
        const cli = await runAuditVerify(t.database.db, { anchorFiles: [anchorFile] });
        expect(cli.exitCode).toBe(1);
        const anchorSeq = chain.at(-1)!.seq;
        expect(cli.result).toMatchObject({ ok: false, firstBrokenSeq: anchorSeq, anchors: 1 });
        expect(cli.err.join('\n')).toContain(`does not match the anchor of 2031-03-03T23:00:00.000Z (#${anchorSeq}, ${anchorFile}:1)`);
        // The route reads the configured anchor file too.
        expect(await verifyByRoute(t)).toMatchObject({ ok: false, firstBrokenSeq: anchorSeq, anchors: 1, reason: expect.stringContaining(`#${anchorSeq}`) });
      } finally {
        await t.close();
      }
    });

    it('catches an edit with every later hash recomputed, and names the anchor when the chain ends before it', async () => {
      const { t, anchorFile, chain } = await anchoredApp();
      try {
        const edited = chain[2];
        await asDatabaseOwner(t.database.db, async (tx) => {
          await tx.execute(sql`update audit_log set after = '{"answer": "Rewritten"}' where id = ${edited.id}`);
          await rehashTailWithTheAppsAlgorithm(tx, edited.seq);
        });
        expect(await runAuditVerify(t.database.db, { anchorFiles: [] })).toMatchObject({ exitCode: 0, result: { ok: true } });
        const cli = await runAuditVerify(t.database.db, { anchorFiles: [anchorFile] });
        expect(cli).toMatchObject({ exitCode: 1, result: { ok: false, firstBrokenSeq: chain.at(-1)!.seq, firstBrokenId: chain.at(-1)!.id } });
        expect(cli.err.join('\n')).toContain('the chain was rewritten at or before this entry');

        // Dropping the tail after the rewrite: the chain no longer reaches the anchor at all.
        await asDatabaseOwner(t.database.db, async (tx) => {
          await tx.execute(sql`delete from audit_log where chain_seq > ${edited.seq}`);
          await tx.execute(sql`update audit_chain_head set last_seq = ${edited.seq}, last_hash = (select hash from audit_log where chain_seq = ${edited.seq})`);
        });
        const shorter = await runAuditVerify(t.database.db, { anchorFiles: [anchorFile] });
        expect(shorter.exitCode).toBe(1);
        expect(shorter.err.join('\n')).toContain(
          `the chain no longer reaches the anchor of 2031-03-03T23:00:00.000Z (#${chain.at(-1)!.seq}, ${anchorFile}:1): it ends at #${edited.seq}`,
        );
      } finally {
        await t.close();
      }
    });

    it('fails with exit code 2 when an anchor file given cannot be read', async () => {
      const t = await createTestApp();
      try {
        const missing = path.join(anchorDir, 'missing.jsonl');
        const run = await runAuditVerify(t.database.db, { anchorFiles: [missing] });
        expect(run.exitCode).toBe(2);
        expect(run.err.join('\n')).toContain(`Cannot read the anchors of ${missing}`);
        // The configured file not written yet is no error: there is no anchor to check.
        expect(await runAuditVerify(t.database.db, { anchorFiles: [], configuredAnchorFile: missing })).toMatchObject({ exitCode: 0 });
      } finally {
        await t.close();
      }
    });
  });
});
