import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, like, sql } from 'drizzle-orm';
import { AUDIT_TIME_ZONE } from '@ute/contract';
import { startBackgroundJobs } from '../../backgroundJobs';
import { queryRows, type Db } from '../../db/database';
import { admins } from '../../db/tables/auth.table';
import { mailOutbox } from '../../db/tables/mail.table';
import { loadConfig } from '../../plugins/config';
import { createTestApp, TEST_ADMIN, type TestApp } from '../../test/testApp';
import { upsertAdmin } from '../auth/auth.repository';
import { writeAudit } from '../../platform/audit/auditLog';
import { AUDIT_ANCHOR_CRON } from '../../platform/jobs/jobRegistry';
import { auditAnchorMail } from '../../platform/mail/templates/auditAnchorMail';
import { AUDIT_ANCHOR_MAIL_HOUR, createAuditAnchorService, readAnchorFile } from './auditAnchor';
import { formatAnchorLine, parseAnchorLine } from './auditChain';

/** 07:30 and 10:00 in Sydney (AEDT, UTC+11) on 3 March 2031: the daily mail's run, and an hourly one. */
const MAIL_RUN = new Date('2031-03-02T20:30:00Z');
const HOURLY_RUN = new Date('2031-03-02T23:00:00Z');

let scratch: string;
beforeAll(() => {
  scratch = mkdtempSync(path.join(os.tmpdir(), 'ute-audit-anchor-test-'));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('AUDIT_ANCHOR_FILE', () => {
  it('is refused inside DATA_DIR, however the path reaches it, and resolved outside it', () => {
    const dataDir = path.join(scratch, 'data');
    mkdirSync(dataDir);
    const refused = 'AUDIT_ANCHOR_FILE must be outside DATA_DIR';
    expect(() => loadConfig({ DATA_DIR: dataDir, AUDIT_ANCHOR_FILE: path.join(dataDir, 'anchors.jsonl') })).toThrow(refused);
    expect(() => loadConfig({ DATA_DIR: dataDir, AUDIT_ANCHOR_FILE: path.join(dataDir, 'not/yet/made.jsonl') })).toThrow(refused);
    expect(() => loadConfig({ DATA_DIR: dataDir, AUDIT_ANCHOR_FILE: dataDir })).toThrow(refused);
    expect(() => loadConfig({ DATA_DIR: dataDir, AUDIT_ANCHOR_FILE: `${scratch}/elsewhere/../data/anchors.jsonl` })).toThrow(refused);
    symlinkSync(dataDir, path.join(scratch, 'link-to-data'));
    expect(() => loadConfig({ DATA_DIR: dataDir, AUDIT_ANCHOR_FILE: path.join(scratch, 'link-to-data/anchors.jsonl') })).toThrow(refused);
    expect(() => loadConfig({ DATA_DIR: path.join(scratch, 'link-to-data'), AUDIT_ANCHOR_FILE: path.join(dataDir, 'anchors.jsonl') })).toThrow(refused);

    expect(loadConfig({ DATA_DIR: dataDir, AUDIT_ANCHOR_FILE: path.join(scratch, 'data-anchors.jsonl') }).AUDIT_ANCHOR_FILE).toBe(
      path.join(scratch, 'data-anchors.jsonl'),
    );
    expect(loadConfig({ DATA_DIR: dataDir, AUDIT_ANCHOR_FILE: 'anchors.jsonl' }).AUDIT_ANCHOR_FILE).toBe(path.resolve('anchors.jsonl'));
    expect(loadConfig({ DATA_DIR: dataDir }).AUDIT_ANCHOR_FILE).toBeUndefined();
  });
});

describe('the audit-anchor job', () => {
  let t: TestApp;
  let anchorFile: string;
  const otherOwner = `owner-${randomUUID().slice(0, 8)}@test.local`;
  const formerOwner = `former-${randomUUID().slice(0, 8)}@test.local`;
  const finance = `finance-${randomUUID().slice(0, 8)}@test.local`;

  beforeAll(async () => {
    anchorFile = path.join(scratch, 'anchors.jsonl');
    // A line from before: the job appends after it and never rewrites it.
    writeFileSync(anchorFile, 'a line written before the job\n');
    t = await createTestApp({ env: { AUDIT_ANCHOR_FILE: anchorFile } });
    await upsertAdmin(t.database.db, otherOwner, 'x', ['owner']);
    await upsertAdmin(t.database.db, formerOwner, 'x', ['owner']);
    await t.database.db.update(admins).set({ isActive: false }).where(eq(admins.email, formerOwner));
    await upsertAdmin(t.database.db, finance, 'x', ['finance']);
  });
  afterAll(() => t.close());

  const service = () => createAuditAnchorService({ db: t.database.db, mailer: t.app.ctx.mailer, log: t.app.log, anchorFile });
  const lines = () => readFileSync(anchorFile, 'utf8').split('\n').filter(Boolean);
  const anchorMails = (db: Db) =>
    db
      .select({ to: mailOutbox.toAddress, subject: mailOutbox.subject, body: mailOutbox.body })
      .from(mailOutbox)
      .where(like(mailOutbox.subject, 'Audit log%'))
      .orderBy(mailOutbox.createdAt, mailOutbox.toAddress);
  const head = async () => {
    const [row] = await queryRows<{ seq: number | string; hash: string }>(t.database.db, sql`select last_seq as seq, last_hash as hash from audit_chain_head`);
    return { seq: Number(row.seq), hash: row.hash };
  };

  it('anchors nothing while the log is empty', async () => {
    expect(await service().anchorHead(MAIL_RUN)).toEqual({ anchor: null, mailed: 0, alert: null });
    expect(lines()).toEqual(['a line written before the job']);
  });

  it('appends the head as one JSON line each run, and mails it to the active owners once a day', async () => {
    for (let i = 0; i < 3; i += 1) {
      await writeAudit(t.database.db, { adminId: null, requestId: `anchor-${i}` }, { action: 'faq.create', targetType: 'faq', targetId: String(i) });
    }
    const first = await head();
    const run = await service().anchorHead(MAIL_RUN);
    expect(run).toEqual({ anchor: { seq: first.seq, hash: first.hash, at: MAIL_RUN.toISOString() }, mailed: 2, alert: null });
    expect(lines()).toHaveLength(2);
    expect(lines()[0]).toBe('a line written before the job');
    expect(JSON.parse(lines()[1])).toEqual({ at: MAIL_RUN.toISOString(), seq: first.seq, hash: first.hash });

    const mails = await anchorMails(t.database.db);
    expect(mails.map((mail) => mail.to).sort()).toEqual([TEST_ADMIN.email, otherOwner].sort());
    for (const mail of mails) {
      expect(mail.subject).toBe(`Audit log anchor for 2031-03-03: entry #${first.seq}`);
      expect(mail.body).toContain(first.hash);
      expect(mail.body).toContain(`npm run audit:verify -- --anchors ${anchorFile}`);
      expect(mail.body).toContain("Today's check: The audit log is intact (3 entries).");
      expect(mail.body).toContain(lines()[1]);
    }

    // Another hour: another line, no mail.
    await writeAudit(t.database.db, { adminId: null, requestId: 'anchor-3' }, { action: 'faq.create', targetType: 'faq', targetId: '3' });
    const hourly = await service().anchorHead(HOURLY_RUN);
    expect(hourly).toMatchObject({ anchor: { seq: first.seq + 1 }, mailed: 0, alert: null });
    expect(lines()).toHaveLength(3);
    expect(await anchorMails(t.database.db)).toHaveLength(2);
    const read = await readAnchorFile(anchorFile);
    expect(read.skippedLines).toEqual([1]);
    expect(read.anchors.map((anchor) => anchor.seq)).toEqual([first.seq, first.seq + 1]);
    expect(read.anchors[1].source).toBe(`${anchorFile}:3`);
  });

  it('alerts the owners at once when the chain no longer extends the last anchor', async () => {
    const anchored = await head();
    // The database's owner drops the newest entry and winds the head back, every trigger off.
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`delete from audit_log where chain_seq = ${anchored.seq}`);
      await tx.execute(
        sql`update audit_chain_head set last_seq = ${anchored.seq - 1}, last_hash = (select hash from audit_log where chain_seq = ${anchored.seq - 1})`,
      );
    });
    await writeAudit(t.database.db, { adminId: null, requestId: 'cover-up' }, { action: 'faq.create', targetType: 'faq', targetId: 'cover-up' });

    const run = await service().anchorHead(HOURLY_RUN);
    expect(run.alert).toBe(`entry #${anchored.seq} no longer has the hash anchored at ${HOURLY_RUN.toISOString()}: the chain was rewritten at or before it`);
    expect(run.mailed).toBe(2);
    const alerts = (await anchorMails(t.database.db)).filter((mail) => mail.subject.startsWith('Audit log alert'));
    expect(alerts.map((mail) => mail.to).sort()).toEqual([TEST_ADMIN.email, otherOwner].sort());
    expect(alerts[0].body).toContain(`The audit log was rewritten: ${run.alert}.`);
    expect(lines()).toHaveLength(4);
  });
});

describe('the audit-anchor schedule', () => {
  it('runs hourly with the other background jobs, and the daily mail goes with the 07:00 run in Sydney', async () => {
    const t = await createTestApp();
    try {
      await startBackgroundJobs(t.app.ctx);
      const [schedule] = await queryRows<{ cron: string }>(t.database.db, sql`select cron from pgboss.schedule where name = 'audit-anchor'`);
      expect(schedule.cron).toBe(AUDIT_ANCHOR_CRON);
      expect(Number(MAIL_RUN.toLocaleString('en-AU', { timeZone: AUDIT_TIME_ZONE, hour: 'numeric', hourCycle: 'h23' }))).toBe(AUDIT_ANCHOR_MAIL_HOUR);
    } finally {
      await t.close();
    }
  });
});

// The mail's full text is rendered by platform/mail/templates/auditAnchorMail.test.ts.
describe('the anchor mail', () => {
  const anchor = { seq: 1234, hash: 'ab'.repeat(32), at: '2031-03-02T20:30:00.000Z' };

  it('carries the anchor as the line an anchor file holds, which the verification reads back', () => {
    const mail = auditAnchorMail({
      to: 'owner@example.com',
      anchor,
      anchorLine: formatAnchorLine(anchor).trimEnd(),
      anchorFile: '/var/lib/ute-anchors/audit.jsonl',
      alert: null,
      verdict: { ok: true, entries: 1234, headHash: anchor.hash },
    });
    expect(parseAnchorLine(mail.body.split('\n').find((line) => line.startsWith('{'))!)).toEqual(anchor);
  });
});
