import type { AuditVerifyResponse } from '@ute/contract';
import type { Db } from '../../db/database';
import { readAnchorFile } from './auditAnchor';
import { verifyAuditChain, type AuditAnchor } from './auditChain';

export interface AuditVerifyCommandOptions {
  /** `--anchors FILE`, any number of times: the chain must still extend every anchor of each. */
  anchorFiles: string[];
  /** AUDIT_ANCHOR_FILE, read when no `--anchors` is given (missing: no anchor written yet). */
  configuredAnchorFile?: string;
}

export interface AuditVerifyCommandResult {
  /** 0 intact, 1 broken (or not extending an anchor), 2 an anchor file given could not be read. */
  exitCode: 0 | 1 | 2;
  result: AuditVerifyResponse | null;
  /** What the command prints: `out` to stdout, `err` to stderr. */
  out: string[];
  err: string[];
}

/** `--anchors FILE` and `--anchors=FILE`, in order; anything else is refused. */
export function parseAuditVerifyArgs(args: readonly string[]): { anchorFiles: string[] } {
  const anchorFiles: string[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i];
    if (arg === '--anchors' && args[i + 1] !== undefined) {
      anchorFiles.push(args[i + 1]);
      i += 1;
    } else if (arg.startsWith('--anchors=') && arg.length > '--anchors='.length) {
      anchorFiles.push(arg.slice('--anchors='.length));
    } else {
      throw new Error(`Unknown argument ${arg}. Usage: npm run audit:verify [-- --anchors FILE ...]`);
    }
  }
  return { anchorFiles };
}

/**
 * `npm run audit:verify`'s work (cli/auditVerify.ts prints it and exits with its code): walks the
 * audit log's hash chain, hashing every entry here (the check of the screen's Verify button), and
 * checks that it still extends every anchor of the files given. Only reads: a scheduled check does
 * not fill the log with its own entries.
 */
export async function runAuditVerify(db: Db, options: AuditVerifyCommandOptions): Promise<AuditVerifyCommandResult> {
  const out: string[] = [];
  const err: string[] = [];
  const explicit = options.anchorFiles.length > 0;
  const files = explicit ? options.anchorFiles : options.configuredAnchorFile ? [options.configuredAnchorFile] : [];
  const anchors: AuditAnchor[] = [];
  for (const file of files) {
    try {
      const read = await readAnchorFile(file, { isMissingOk: !explicit });
      anchors.push(...read.anchors);
      out.push(`${read.anchors.length} anchor${read.anchors.length === 1 ? '' : 's'} read from ${file}.`);
      if (read.skippedLines.length > 0) err.push(`Lines of ${file} that are not anchors, skipped: ${read.skippedLines.join(', ')}.`);
    } catch (error) {
      err.push(`Cannot read the anchors of ${file}: ${(error as Error).message}`);
      return { exitCode: 2, result: null, out, err };
    }
  }
  const result = await verifyAuditChain(db, { anchors });
  const against = anchors.length === 0 ? '' : anchors.length === 1 ? ', and it extends its anchor' : `, and it extends all ${anchors.length} anchors`;
  if (result.ok) {
    out.push(`The audit log is intact (${result.entries} entries)${against}. Head hash: ${result.headHash}`);
    return { exitCode: 0, result, out, err };
  }
  const where =
    result.firstBrokenSeq === undefined
      ? ''
      : ` at entry #${result.firstBrokenSeq}${result.firstBrokenId === undefined ? '' : ` (id ${result.firstBrokenId})`}`;
  err.push(`The audit log's chain is broken${where}: ${result.reason ?? 'unknown reason'}. ${result.entries} entries. Head hash: ${result.headHash}`);
  return { exitCode: 1, result, out, err };
}
