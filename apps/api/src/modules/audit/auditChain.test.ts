import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { PGlite } from '@electric-sql/pglite';
import { AUDIT_ACTION_NAMES } from '@ute/contract';
import { openPostgres, pgliteExtensions, queryRows, wrapPglite, type Database, type Db } from '../../db/database';
import { apiRoot, migrationsFolder } from '../../lib/paths';
import { createAuditEntry } from '../../test/factories';
import { createScratchDatabase } from '../../test/scratchDatabase';
import { createTestApp, engine, type TestApp } from '../../test/testApp';
import { writeAudit } from '../../platform/audit/auditLog';
import { readChainBatch } from './audit.repository';
import { AUDIT_GENESIS_HASH, canonicalAuditEntry, epochMicrosOf, hashAuditEntry, verifyAuditChain, type AuditHashFields } from './auditChain';

/** Every action name the api writes: the contract's list, and every literal `action: '...'` of the modules and the platform. */
function actionsWritten(): string[] {
  const found = new Set<string>(AUDIT_ACTION_NAMES);
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (file.endsWith('.ts') && !file.endsWith('.test.ts')) {
        for (const match of readFileSync(file, 'utf8').matchAll(/action: '([a-z0-9.-]+)'/g)) found.add(match[1]);
      }
    }
  };
  walk(path.join(apiRoot, 'src/modules'));
  walk(path.join(apiRoot, 'src/platform'));
  return [...found].sort();
}

/** What entries carry, and what trips a JSON canonical form: key order and length, numbers, escapes, non-ASCII. */
const PAYLOADS: unknown[] = [
  undefined,
  { question: 'Why?', answer: 'Because.' },
  { amount: 123.45, cents: 12345, ratio: 0.1, big: 1e21, tiny: 1.5e-7, negative: -0, max: Number.MAX_SAFE_INTEGER, exp: 2e-300 },
  { é: 'ü', emoji: '😀 👩‍👩‍👧', control: '\u0001\u001f\n\t"\\/', zeroWidth: '\u200b', rtl: 'שלום', latin: 'Ångström' },
  { bbb: { dd: [1, { a: null }], c: true }, a: [], aaa: {}, aa: false, B: 'upper before lower', 'a b': 'space', '': 'empty key' },
  [1, 'two', null, [[]], { z: 1, y: 2 }],
  'just a string',
  42,
  true,
  { ok: false, entries: 7, firstBrokenSeq: 3, reason: 'its content does not match its hash (the entry was changed)', headHash: 'f'.repeat(64) },
];
/** Texts that would slide between fields of a separator-joined form. */
const TARGET_IDS = [null, '', 'a\u001fb', '\n-', '3:abc', `${randomUUID()}`, 'x'.repeat(300)];

describe('the entry hash', () => {
  it('frames every field so NULL, empty and a moved separator all hash differently', () => {
    const fields: AuditHashFields = {
      seq: 1,
      adminId: null,
      action: 'faq.create',
      targetType: 'faq',
      targetId: null,
      before: null,
      after: '{"a": 1}',
      requestId: 'r',
      createdAtEpoch: '1714000000.123456',
      prevHash: AUDIT_GENESIS_HASH,
    };
    expect(canonicalAuditEntry(fields)).toBe(`ute-audit/2\n1:1\n-\n10:faq.create\n3:faq\n-\n-\n8:{"a": 1}\n1:r\n16:1714000000123456\n64:${AUDIT_GENESIS_HASH}`);
    const variants: AuditHashFields[] = [
      { ...fields, targetId: '' },
      { ...fields, requestId: null },
      { ...fields, action: 'faq.create\u001ffaq', targetType: '' },
      { ...fields, action: 'faq', targetType: 'create\n3:faq' },
      { ...fields, targetId: '\n-' },
    ];
    const hashes = new Set([fields, ...variants].map(hashAuditEntry));
    expect(hashes.size).toBe(variants.length + 1);
    // Lengths count UTF-8 bytes, as the database's octet_length does: é is 2, 😀 is 4.
    expect(canonicalAuditEntry({ ...fields, action: 'é😀' })).toContain('\n6:é😀\n');
  });

  it('reads the time to the microsecond as the database rounds it', () => {
    expect(epochMicrosOf('1714000000.123456')).toBe('1714000000123456');
    expect(epochMicrosOf('1714000000.1')).toBe('1714000000100000');
    expect(epochMicrosOf('1714000000')).toBe('1714000000000000');
    expect(epochMicrosOf('-0.500000')).toBe('-500000');
    expect(epochMicrosOf('-1.000001')).toBe('-1000001');
    expect(epochMicrosOf('0.000000')).toBe('0');
    expect(epochMicrosOf('1.0000005')).toBe('1000001');
    expect(() => epochMicrosOf('1.7e9')).toThrow();
  });
});

describe('the app hashes every entry as the chain trigger does', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seeded: true });
  });
  afterAll(() => t.close());

  it('for every action type, payload, target and admin, and for jsonb the app could not print the same', async () => {
    const db = t.database.db;
    const [admin] = await queryRows<{ id: string }>(db, sql`select id from admins limit 1`);
    const actions = actionsWritten();
    expect(actions.length).toBeGreaterThan(40);
    await db.transaction(async (tx) => {
      for (const [i, action] of actions.entries()) {
        await createAuditEntry(tx, {
          adminId: i % 3 === 0 ? null : admin.id,
          requestId: i % 5 === 0 ? `req-${i}\u001f` : randomUUID(),
          action,
          targetType: action.split('.')[0].replaceAll('-', '_'),
          targetId: TARGET_IDS[i % TARGET_IDS.length],
          before: PAYLOADS[i % PAYLOADS.length],
          after: PAYLOADS[(i + 3) % PAYLOADS.length],
        });
      }
    });
    // jsonb written by hand: trailing zeros, integers past 2^53, duplicate keys, escapes jsonb resolves, times to the microsecond.
    await db.execute(sql`insert into audit_log (action, target_type, target_id, before, after, created_at) values
      ('raw.sql', 'payment', 'p1', '{"b": 1.50, "a": 12345678901234567890, "c": 1e-7, "d": -0.0, "dup": 1, "dup": 2}', '"\\u00e9\\u0001\\ud83d\\ude00"', '2024-02-29 12:34:56.789012+00'),
      ('raw.sql', 'payment', null, '[1.000, 100e-2, 0.1e1]', null, '1969-12-31 23:59:59.5+00'),
      ('raw.sql', 'payment', '', 'null', '{}', '2000-01-01 00:00:00+10')`);

    const rows = await readChainBatch(db, 0, 100_000);
    const fromSql = await queryRows<{ seq: number | string; hash: string }>(
      db,
      sql`select chain_seq as seq, audit_entry_hash(chain_seq, admin_id, action, target_type, target_id, before, after, request_id, created_at, prev_hash) as hash
        from audit_log order by chain_seq`,
    );
    expect(rows.length).toBe(actions.length + 3);
    for (const [i, row] of rows.entries()) {
      const computed = hashAuditEntry({ ...row, prevHash: row.prevHash! });
      expect(computed, `${row.action} #${row.seq}`).toBe(row.hash);
      expect(computed, `${row.action} #${row.seq}`).toBe(fromSql[i].hash);
    }
    expect(new Set(rows.map((row) => row.action))).toEqual(new Set([...actions, 'raw.sql']));
    // Parsed and printed again, the hand-written jsonb would read differently: the app hashes it as stored.
    const raw = rows.find((row) => row.targetId === 'p1')!;
    expect(JSON.stringify(JSON.parse(raw.before!))).not.toBe(raw.before);
    expect(await verifyAuditChain(db)).toMatchObject({ ok: true, entries: rows.length });
  });

  it('verifies in keyset batches the same as in one', async () => {
    const whole = await verifyAuditChain(t.database.db);
    expect(whole.ok).toBe(true);
    expect(await verifyAuditChain(t.database.db, { batchSize: 7 })).toEqual(whole);
    expect(await verifyAuditChain(t.database.db, { batchSize: 1 })).toEqual(whole);
  });
});

/** PGlite at migration 0010, built once: each case loads a copy (a fresh PGlite takes seconds to migrate). */
let pgliteAt0010: Blob | null = null;

/** A database of this run's engine with the migrations applied up to 0010, as the release before left it. */
async function openDatabaseAt0010(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (engine === 'pglite') {
    if (!pgliteAt0010) {
      const client = await PGlite.create({ extensions: pgliteExtensions });
      for (const tag of tagsUpTo('0010_user_story_indexes')) await applyMigration(wrapPglite(client).db, tag);
      pgliteAt0010 = await client.dumpDataDir('gzip');
      await client.close();
    }
    const database = wrapPglite(await PGlite.create({ loadDataDir: pgliteAt0010, extensions: pgliteExtensions }));
    return { database, drop: () => database.close() };
  }
  const scratch = await createScratchDatabase('ute_audit_migration');
  const database = openPostgres(scratch.url, 2);
  for (const tag of tagsUpTo('0010_user_story_indexes')) await applyMigration(database.db, tag);
  return {
    database,
    drop: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
const migrations = readMigrationFiles({ migrationsFolder });
const tagsUpTo = (lastTag: string) => journal.entries.map((entry) => entry.tag).filter((tag) => tag <= lastTag);

/** One migration's statements in a transaction, as Drizzle's migrator runs them. */
async function applyMigration(db: Db, tag: string): Promise<void> {
  const migration = migrations[journal.entries.findIndex((entry) => entry.tag === tag)];
  await db.transaction(async (tx) => {
    for (const statement of migration.sql) if (statement.trim()) await tx.execute(sql.raw(statement));
  });
}

async function lastEntry(db: Db) {
  const [row] = await queryRows<{ action: string; before: unknown; after: unknown; request_id: string }>(
    db,
    sql`select action, before, after, request_id from audit_log order by chain_seq desc limit 1`,
  );
  return row;
}

async function headOf(db: Db): Promise<{ seq: number; hash: string }> {
  const [row] = await queryRows<{ last_seq: number | string; last_hash: string }>(db, sql`select last_seq, last_hash from audit_chain_head`);
  return { seq: Number(row.last_seq), hash: row.last_hash };
}

describe('migration 0011 moves an existing chain to the app-checked format once', { timeout: 120_000 }, () => {
  const writeOld = async (db: Db, count: number) => {
    for (let i = 0; i < count; i += 1) {
      await writeAudit(
        db,
        { adminId: null, requestId: `old-${i}` },
        { action: 'faq.update', targetType: 'faq', targetId: String(i), after: { n: i, note: 'é\u001f' } },
      );
    }
  };

  it('re-chains an intact log and records its old head in an audit.rechain entry', async () => {
    const { database, drop } = await openDatabaseAt0010();
    try {
      const db = database.db;
      await writeOld(db, 5);
      const oldHead = await headOf(db);
      expect(oldHead.seq).toBe(5);
      await applyMigration(db, '0011_audit_anchor');

      const newHead = await headOf(db);
      expect(newHead.seq).toBe(6);
      expect(await lastEntry(db)).toMatchObject({
        action: 'audit.rechain',
        request_id: 'migration-0011',
        before: { format: 'ute-audit/1', seq: 5, hash: oldHead.hash, isIntact: true, firstBrokenSeq: null, reason: null },
        after: { format: 'ute-audit/2', seq: 5 },
      });
      const rows = await readChainBatch(db, 0, 100);
      expect((await lastEntry(db)).after).toMatchObject({ hash: rows[4].hash });
      expect(rows[4].hash).not.toBe(oldHead.hash);
      expect(await verifyAuditChain(db)).toEqual({ ok: true, entries: 6, headHash: newHead.hash });
      // New entries chain on in the new format.
      await writeOld(db, 2);
      expect(await verifyAuditChain(db)).toMatchObject({ ok: true, entries: 8 });
    } finally {
      await drop();
    }
  });

  it('keeps the verdict of an old chain that was already broken, and leaves an empty log alone', async () => {
    const { database, drop } = await openDatabaseAt0010();
    try {
      const db = database.db;
      await writeOld(db, 4);
      await db.transaction(async (tx) => {
        await tx.execute(sql`alter table audit_log disable trigger audit_log_immutable`);
        await tx.execute(sql`update audit_log set after = '{"n": 99}' where chain_seq = 3`);
        await tx.execute(sql`alter table audit_log enable trigger audit_log_immutable`);
      });
      await applyMigration(db, '0011_audit_anchor');
      expect((await lastEntry(db)).before).toMatchObject({
        format: 'ute-audit/1',
        isIntact: false,
        firstBrokenSeq: 3,
        reason: 'its content does not match its hash (the entry was changed)',
      });
    } finally {
      await drop();
    }

    const empty = await openDatabaseAt0010();
    try {
      await applyMigration(empty.database.db, '0011_audit_anchor');
      expect(await headOf(empty.database.db)).toEqual({ seq: 0, hash: AUDIT_GENESIS_HASH });
      expect(await verifyAuditChain(empty.database.db)).toEqual({ ok: true, entries: 0, headHash: AUDIT_GENESIS_HASH });
    } finally {
      await empty.drop();
    }
  });
});
