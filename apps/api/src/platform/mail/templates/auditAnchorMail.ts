import { AUDIT_TIME_ZONE, auditTexts, type AuditVerifyResponse } from '@ute/contract';
import type { OutgoingMail } from '../mailer';

export interface AuditAnchorNotice {
  /** An active owner's address. */
  to: string;
  /** The chain head anchored: its entry, that entry's hash, when it was anchored (ISO). */
  anchor: { seq: number; hash: string; at: string };
  /** The anchor as a line of an anchor file, without its line break (modules/audit/auditChain.ts, formatAnchorLine). */
  anchorLine: string;
  /** Where the anchors are also appended (AUDIT_ANCHOR_FILE), when configured. */
  anchorFile?: string;
  /** Why the chain no longer extends the previous anchor, when it does not (the mail is then an alert). */
  alert: string | null;
  /** The daily full verification's verdict (null on an alert outside the daily run). */
  verdict: AuditVerifyResponse | null;
}

/**
 * The owners' copy of the audit chain's head: kept in their mailboxes, out of reach of whoever runs
 * the database, it proves later that the log was not rewritten up to this entry. Daily, or at once
 * as an alert when the chain no longer extends the last anchor.
 */
export function auditAnchorMail({ to, anchor, anchorLine, anchorFile, alert, verdict }: AuditAnchorNotice): OutgoingMail {
  // The owners' calendar day (the Audit Log's date filters count the same days).
  const day = new Date(anchor.at).toLocaleDateString('en-CA', { timeZone: AUDIT_TIME_ZONE });
  const verdictLine =
    verdict === null
      ? []
      : [
          '',
          verdict.ok ? `Today's check: ${auditTexts.intact(verdict.entries)}.` : `Today's check: ${auditTexts.broken(verdict.firstBrokenSeq, verdict.reason)}.`,
        ];
  const checkWith = anchorFile ? `npm run audit:verify -- --anchors ${anchorFile}` : 'npm run audit:verify -- --anchors <a file holding the line below>';
  return {
    to,
    subject: alert ? `Audit log alert: the chain no longer extends its last anchor` : `Audit log anchor for ${day}: entry #${anchor.seq}`,
    body: [
      'Hello,',
      '',
      ...(alert
        ? [`The audit log was rewritten: ${alert}.`, 'Treat this as a security incident: the log in the database is no longer the one that was anchored.', '']
        : []),
      `The audit log's newest entry at ${anchor.at} is #${anchor.seq}, with the hash`,
      anchor.hash,
      ...verdictLine,
      '',
      'Keep this mail. Whoever runs the database cannot change it: if the log is ever rewritten, entry',
      `#${anchor.seq} will no longer have this hash, and this check fails, naming the anchor:`,
      checkWith,
      'The Audit Log export also shows each entry\'s hash (its "hash" column).',
      '',
      'The anchor, as a line of an anchor file:',
      anchorLine,
      '',
      'The Ute back-office',
    ].join('\n'),
  };
}
