import { createHash } from 'node:crypto';
import type { AuditVerifyResponse } from '@ute/contract';
import type { Db } from '../../db/database';
import { countAuditEntries, findUnchainedEntry, readChainBatch, readChainHead, resolveBuiltinsFirst, type ChainRow } from './audit.repository';

/**
 * The audit log's hash chain, checked by the app (docs/design.md §8.2): the database only writes it (its trigger,
 * migration 0011), and nothing the database's owner can define (a function, an operator, a search
 * path) takes part in the verdict. The queries select stored columns as the database prints them,
 * with names resolved to PostgreSQL's built-ins first; every hash is computed here. What the chain
 * alone cannot show (a rewrite recomputed with this very algorithm) the anchors show (auditAnchor.ts).
 */

/** The chain's format; the database's audit_entry_hash (migration 0011) writes the same. */
export const AUDIT_CHAIN_FORMAT = 'ute-audit/2';
/** The previous hash of the first entry. */
export const AUDIT_GENESIS_HASH = '0'.repeat(64);
/** Entries per read of a verification: memory stays flat, one indexed range scan per batch. */
export const AUDIT_VERIFY_BATCH = 2000;

/** One entry's hashed fields, as the database prints them (jsonb as its text, the time as epoch seconds). */
export type AuditHashFields = Pick<ChainRow, 'seq' | 'adminId' | 'action' | 'targetType' | 'targetId' | 'before' | 'after' | 'requestId' | 'createdAtEpoch'> & {
  prevHash: string;
};

/**
 * `extract(epoch FROM created_at)` as printed ("1714000000.123456", maybe negative) to whole
 * microseconds, exactly, as the database's `(... * 1000000)::bigint` does.
 */
export function epochMicrosOf(epoch: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(epoch);
  if (!match) throw new Error(`not an epoch time: ${epoch}`);
  const [, sign, whole, fraction = ''] = match;
  const micros = BigInt(whole) * 1_000_000n + BigInt(fraction.padEnd(6, '0').slice(0, 6));
  // The database rounds half away from zero; a 7th digit only appears before PostgreSQL 14.
  const rounded = fraction.length > 6 && Number(fraction[6]) >= 5 ? micros + 1n : micros;
  return (sign === '-' && rounded !== 0n ? -rounded : rounded).toString();
}

/**
 * The text an entry's hash covers: the format, then each field framed by its UTF-8 byte length
 * (`\n<bytes>:<text>`, `\n-` for NULL), so no text can slide from one field into the next.
 */
export function canonicalAuditEntry(fields: AuditHashFields): string {
  const values = [
    String(fields.seq),
    fields.adminId,
    fields.action,
    fields.targetType,
    fields.targetId,
    fields.before,
    fields.after,
    fields.requestId,
    epochMicrosOf(fields.createdAtEpoch),
    fields.prevHash,
  ];
  let text = AUDIT_CHAIN_FORMAT;
  for (const value of values) text += value === null ? '\n-' : `\n${Buffer.byteLength(value, 'utf8')}:${value}`;
  return text;
}

/** The SHA-256 of the canonical entry, in hex: what the chain trigger stores in `hash`. */
export function hashAuditEntry(fields: AuditHashFields): string {
  return createHash('sha256').update(canonicalAuditEntry(fields), 'utf8').digest('hex');
}

/** A chain head written outside the database (auditAnchor.ts): the entry at `seq` must keep `hash`. */
export interface AuditAnchor {
  seq: number;
  hash: string;
  /** When it was written (ISO). */
  at: string;
  /** Where it was read ("file:line"), to name it in a failure. */
  source?: string;
}

const HASH = /^[0-9a-f]{64}$/;

/** One line of the anchor file: `{"at":"<ISO time>","seq":<n>,"hash":"<hex>"}`. */
export function formatAnchorLine(anchor: AuditAnchor): string {
  return `${JSON.stringify({ at: anchor.at, seq: anchor.seq, hash: anchor.hash })}\n`;
}

/** An anchor line read back, or null when the line is not one (a torn last line after a crash). */
export function parseAnchorLine(line: string): AuditAnchor | null {
  try {
    const value = JSON.parse(line) as { at?: unknown; seq?: unknown; hash?: unknown };
    if (typeof value.at !== 'string' || !Number.isSafeInteger(value.seq) || (value.seq as number) < 0) return null;
    if (typeof value.hash !== 'string' || !HASH.test(value.hash)) return null;
    return { at: value.at, seq: value.seq as number, hash: value.hash };
  } catch {
    return null;
  }
}

const describeAnchor = (anchor: AuditAnchor) => `the anchor of ${anchor.at} (#${anchor.seq}${anchor.source ? `, ${anchor.source}` : ''})`;

const missingReason = (from: number, to: number) =>
  from === to ? `the entry before it (#${from}) is missing` : `the entries before it (#${from} to #${to}) are missing`;

/** The first fault of one entry given the one before it, in the order the checks have always run. */
function faultOf(row: ChainRow, prev: { seq: number; hash: string | null }): string | null {
  if (row.seq !== prev.seq + 1) return missingReason(prev.seq + 1, row.seq - 1);
  if (row.prevHash !== prev.hash) return 'its previous-hash link does not match the entry before it';
  if (row.prevHash === null || row.hash !== hashAuditEntry({ ...row, prevHash: row.prevHash }))
    return 'its content does not match its hash (the entry was changed)';
  return null;
}

/**
 * Walks the whole chain in chain order, in keyset batches inside one read-only snapshot: each entry's
 * hash is recomputed here and compared, its prev_hash must be the hash of the entry before it, its seq
 * must follow that entry's with no gap, and the last entry must be the one the chain head names. Then
 * every anchor must still be in the chain: the entry at its seq, with its hash. The first failure is the answer.
 */
export async function verifyAuditChain(db: Db, options: { anchors?: readonly AuditAnchor[]; batchSize?: number } = {}): Promise<AuditVerifyResponse> {
  const anchors = [...(options.anchors ?? [])].sort((a, b) => a.seq - b.seq);
  const anchoredSeqs = new Set(anchors.map((anchor) => anchor.seq));
  const batchSize = options.batchSize ?? AUDIT_VERIFY_BATCH;
  const anchorCount = anchors.length > 0 ? { anchors: anchors.length } : {};

  return db.transaction(
    async (tx) => {
      await resolveBuiltinsFirst(tx);
      const head = await readChainHead(tx);
      const headHash = head.hash;
      const atAnchors = new Map<number, { id: number; hash: string | null }>([[0, { id: 0, hash: AUDIT_GENESIS_HASH }]]);
      let prev: { seq: number; hash: string | null; id?: number } = { seq: 0, hash: AUDIT_GENESIS_HASH };
      let entries = 0;
      // The next batch is read while this one is hashed: the database and the app work at once.
      let pending: Promise<ChainRow[]> | null = readChainBatch(tx, 0, batchSize);
      while (pending) {
        const rows: ChainRow[] = await pending;
        pending = rows.length === batchSize ? readChainBatch(tx, rows[rows.length - 1].seq, batchSize) : null;
        for (const row of rows) {
          const reason = faultOf(row, prev);
          if (reason !== null) {
            await pending?.catch(() => {});
            return { ok: false, entries: await countAuditEntries(tx), firstBrokenSeq: row.seq, firstBrokenId: row.id, reason, headHash, ...anchorCount };
          }
          if (anchoredSeqs.has(row.seq)) atAnchors.set(row.seq, { id: row.id, hash: row.hash });
          prev = { seq: row.seq, hash: row.hash, id: row.id };
          entries += 1;
        }
      }

      const unchained = await findUnchainedEntry(tx);
      if (unchained !== null) {
        return {
          ok: false,
          entries: entries + unchained.count,
          firstBrokenId: unchained.id,
          reason: 'the entry is not in the chain (written without the chain trigger)',
          headHash,
          ...anchorCount,
        };
      }
      const broken = (fields: Pick<AuditVerifyResponse, 'firstBrokenSeq' | 'firstBrokenId' | 'reason'>): AuditVerifyResponse => ({
        ok: false,
        entries,
        ...fields,
        headHash,
        ...anchorCount,
      });
      const maxSeq = prev.seq;
      if (maxSeq < head.seq) {
        const reason = maxSeq + 1 === head.seq ? `the last entry (#${head.seq}) is missing` : `the last entries (#${maxSeq + 1} to #${head.seq}) are missing`;
        return broken({ firstBrokenSeq: maxSeq + 1, reason });
      }
      if (maxSeq > head.seq) return broken({ firstBrokenSeq: head.seq + 1, reason: 'the entries after the chain head were written without the chain trigger' });
      if (maxSeq > 0 && prev.hash !== headHash)
        return broken({ firstBrokenSeq: maxSeq, firstBrokenId: prev.id, reason: 'its hash does not match the chain head' });

      // The chain is whole. An anchor proves what the chain alone cannot: that it was not rewritten
      // (edited and every later hash recomputed, or its newest entries dropped) since the anchor.
      for (const anchor of anchors) {
        const entry = atAnchors.get(anchor.seq);
        if (!entry) {
          return broken({
            firstBrokenSeq: maxSeq + 1,
            reason: `the chain no longer reaches ${describeAnchor(anchor)}: it ends at #${maxSeq} (its newest entries were dropped)`,
          });
        }
        if (entry.hash !== anchor.hash) {
          return broken({
            firstBrokenSeq: anchor.seq,
            ...(anchor.seq > 0 ? { firstBrokenId: entry.id } : {}),
            reason: `its hash does not match ${describeAnchor(anchor)}: the chain was rewritten at or before this entry`,
          });
        }
      }
      return { ok: true, entries, headHash, ...anchorCount };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
