import { describe, expect, it } from 'vitest';
import { auditAnchorMail } from './auditAnchorMail';

const anchor = { seq: 1234, hash: 'ab'.repeat(32), at: '2031-03-02T20:30:00.000Z' };
const anchorLine = `{"at":"2031-03-02T20:30:00.000Z","seq":1234,"hash":"${anchor.hash}"}`;

describe('the audit anchor mail', () => {
  it("gives the owner the head, today's check, how to check it later and the anchor line", () => {
    expect(
      auditAnchorMail({
        to: 'owner@example.com',
        anchor,
        anchorLine,
        anchorFile: '/var/lib/ute-anchors/audit.jsonl',
        alert: null,
        verdict: { ok: true, entries: 1234, headHash: anchor.hash },
      }),
    ).toEqual({
      to: 'owner@example.com',
      // The owners' day in Sydney: 07:30 on 3 March.
      subject: 'Audit log anchor for 2031-03-03: entry #1234',
      body: [
        'Hello,',
        '',
        "The audit log's newest entry at 2031-03-02T20:30:00.000Z is #1234, with the hash",
        anchor.hash,
        '',
        "Today's check: The audit log is intact (1234 entries).",
        '',
        'Keep this mail. Whoever runs the database cannot change it: if the log is ever rewritten, entry',
        '#1234 will no longer have this hash, and this check fails, naming the anchor:',
        'npm run audit:verify -- --anchors /var/lib/ute-anchors/audit.jsonl',
        'The Audit Log export also shows each entry\'s hash (its "hash" column).',
        '',
        'The anchor, as a line of an anchor file:',
        anchorLine,
        '',
        'The Ute back-office',
      ].join('\n'),
    });
  });

  it('reads as an alert when the chain was rewritten, names a broken verdict, and shows how to check without an anchor file', () => {
    const mail = auditAnchorMail({
      to: 'owner@example.com',
      anchor,
      anchorLine,
      alert: 'entry #1200 no longer has the hash anchored at 2031-03-02T19:00:00.000Z: the chain was rewritten at or before it',
      verdict: { ok: false, entries: 1234, firstBrokenSeq: 1200, reason: 'its content does not match its hash (the entry was changed)', headHash: anchor.hash },
    });
    expect(mail.subject).toBe('Audit log alert: the chain no longer extends its last anchor');
    expect(mail.body.split('\n').slice(0, 10)).toEqual([
      'Hello,',
      '',
      'The audit log was rewritten: entry #1200 no longer has the hash anchored at 2031-03-02T19:00:00.000Z: the chain was rewritten at or before it.',
      'Treat this as a security incident: the log in the database is no longer the one that was anchored.',
      '',
      "The audit log's newest entry at 2031-03-02T20:30:00.000Z is #1234, with the hash",
      anchor.hash,
      '',
      "Today's check: The chain is broken at entry #1200: its content does not match its hash (the entry was changed).",
      '',
    ]);
    expect(mail.body).toContain('npm run audit:verify -- --anchors <a file holding the line below>');
    expect(mail.isSensitive).toBeUndefined();
  });

  it("leaves out today's check on an alert outside the daily run", () => {
    const mail = auditAnchorMail({ to: 'owner@example.com', anchor, anchorLine, alert: 'its newest entries were dropped', verdict: null });
    expect(mail.body).not.toContain("Today's check");
    expect(mail.body).toContain(`with the hash\n${anchor.hash}\n\nKeep this mail.`);
  });
});
