import { constants, createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { FastifyBaseLogger } from 'fastify';
import { AUDIT_TIME_ZONE, type AuditVerifyResponse } from '@ute/contract';
import type { Db } from '../../db/database';
import type { Mailer } from '../../platform/mail/mailer';
import { findActiveOwnerEmails, findChainEntryHash, readChainHead } from './audit.repository';
import { auditAnchorMail } from '../../platform/mail/templates/auditAnchorMail';
import { formatAnchorLine, parseAnchorLine, verifyAuditChain, type AuditAnchor } from './auditChain';

/**
 * The audit chain's external anchor (docs/design.md §8.2): a scheduled job copies the chain head (seq, hash,
 * time) to where the database's owner cannot rewrite it, an append-only file outside DATA_DIR
 * (AUDIT_ANCHOR_FILE) and a daily mail to the owners. A later chain that no longer holds an anchor's
 * hash at its seq was rewritten; `npm run audit:verify -- --anchors FILE` and Verify check every anchor.
 * It runs hourly (AUDIT_ANCHOR_CRON, platform/jobs/jobRegistry.ts).
 */

/** The owners' daily mail goes with the run of this hour in AUDIT_TIME_ZONE (their morning). */
export const AUDIT_ANCHOR_MAIL_HOUR = 7;

/**
 * Appends one anchor to the file: opened with O_APPEND (one write lands whole at the end, never
 * over what is there, which an append-only file system flag can then enforce) and synced before it counts.
 */
export async function appendAnchor(file: string, anchor: AuditAnchor): Promise<void> {
  const handle = await open(file, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT, 0o640);
  try {
    await handle.write(formatAnchorLine(anchor));
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Every anchor of a file, in file order, each named by its line; and the lines that are not anchors. */
export async function readAnchorFile(file: string, options: { isMissingOk?: boolean } = {}): Promise<{ anchors: AuditAnchor[]; skippedLines: number[] }> {
  const anchors: AuditAnchor[] = [];
  const skippedLines: number[] = [];
  const stream = createReadStream(file, { encoding: 'utf8' });
  try {
    let lineNumber = 0;
    for await (const line of createInterface({ input: stream, crlfDelay: Infinity })) {
      lineNumber += 1;
      if (line.trim() === '') continue;
      const anchor = parseAnchorLine(line);
      if (anchor) anchors.push({ ...anchor, source: `${file}:${lineNumber}` });
      else skippedLines.push(lineNumber);
    }
  } catch (error) {
    if (options.isMissingOk && (error as NodeJS.ErrnoException).code === 'ENOENT') return { anchors: [], skippedLines: [] };
    throw error;
  } finally {
    stream.destroy();
  }
  return { anchors, skippedLines };
}

/** The file's last anchor, read from its end (the file grows by a line an hour). */
async function readLastAnchor(file: string): Promise<AuditAnchor | null> {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const { size } = await handle.stat();
    const length = Math.min(size, 64 * 1024);
    const { buffer } = await handle.read(Buffer.alloc(length), 0, length, size - length);
    const lines = buffer.toString('utf8').split('\n');
    for (let i = lines.length - 1; i >= 0; i -= 1) {
      const anchor = parseAnchorLine(lines[i]);
      if (anchor) return anchor;
    }
    return null;
  } finally {
    await handle.close();
  }
}

const hourIn = (date: Date, timeZone: string) => Number(new Intl.DateTimeFormat('en-AU', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(date));

export interface AuditAnchorServiceDeps {
  db: Db;
  mailer: Pick<Mailer, 'enqueue' | 'startDelivery'>;
  log: FastifyBaseLogger;
  /** AUDIT_ANCHOR_FILE (checked by loadConfig to be outside DATA_DIR); without it, the anchor goes by mail and log only. */
  anchorFile?: string;
}

export interface AnchorRun {
  /** The head written, or null for an empty log (nothing to anchor). */
  anchor: AuditAnchor | null;
  /** Owners mailed. */
  mailed: number;
  /** Why the chain no longer extends the file's previous anchor, when it does not. */
  alert: string | null;
}

export function createAuditAnchorService({ db, mailer, log, anchorFile }: AuditAnchorServiceDeps) {
  /** The newest anchor of the file still in the chain? One indexed read: the rewrite found within the hour. */
  async function checkLastAnchor(file: string): Promise<string | null> {
    const last = await readLastAnchor(file);
    if (!last || last.seq === 0) return null;
    const hash = await findChainEntryHash(db, last.seq);
    if (hash === last.hash) return null;
    return hash === null
      ? `the chain no longer reaches the anchor of ${last.at} (#${last.seq}): its newest entries were dropped`
      : `entry #${last.seq} no longer has the hash anchored at ${last.at}: the chain was rewritten at or before it`;
  }

  async function mailOwners(anchor: AuditAnchor, alert: string | null, verdict: AuditVerifyResponse | null): Promise<number> {
    const emails = await findActiveOwnerEmails(db);
    const anchorLine = formatAnchorLine(anchor).trimEnd();
    const ids = await db.transaction(async (tx) => {
      const queued: string[] = [];
      for (const to of emails) queued.push(await mailer.enqueue(tx, auditAnchorMail({ to, anchor, anchorLine, anchorFile, alert, verdict })));
      return queued;
    });
    if (ids.length > 0) mailer.startDelivery();
    return ids.length;
  }

  /**
   * The `audit-anchor` job: appends the chain head to the anchor file, and mails it to the active
   * owners once a day (with a full verification's verdict) or at once when the chain no longer
   * extends the file's previous anchor. The job writes no audit entry: that would move the head it anchors.
   */
  async function anchorHead(now = new Date()): Promise<AnchorRun> {
    const head = await readChainHead(db);
    if (head.seq === 0) return { anchor: null, mailed: 0, alert: null };
    const anchor: AuditAnchor = { seq: head.seq, hash: head.hash, at: now.toISOString() };
    let alert: string | null = null;
    if (anchorFile) {
      try {
        alert = await checkLastAnchor(anchorFile);
        await appendAnchor(anchorFile, anchor);
      } catch (error) {
        // A file that cannot be read or written is the operator's to fix; the log and the mail still carry the anchor.
        log.error({ err: error, anchorFile }, 'audit anchor not appended to AUDIT_ANCHOR_FILE');
      }
    }
    // The log is a third copy, wherever the operator ships it.
    log.info({ auditAnchor: { seq: anchor.seq, hash: anchor.hash, at: anchor.at } }, 'audit chain head anchored');
    if (alert) log.error({ auditAnchor: anchor, alert }, 'audit log rewritten: the chain no longer extends its last anchor');
    const isDailyRun = hourIn(now, AUDIT_TIME_ZONE) === AUDIT_ANCHOR_MAIL_HOUR;
    if (!isDailyRun && !alert) return { anchor, mailed: 0, alert };
    const anchors = anchorFile && isDailyRun ? (await readAnchorFile(anchorFile, { isMissingOk: true }).catch(() => ({ anchors: [] }))).anchors : [];
    const verdict = isDailyRun ? await verifyAuditChain(db, { anchors }) : null;
    return { anchor, mailed: await mailOwners(anchor, alert, verdict), alert };
  }

  return { anchorHead };
}

export type AuditAnchorService = ReturnType<typeof createAuditAnchorService>;
