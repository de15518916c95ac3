import { parseAuditVerifyArgs, runAuditVerify } from '../modules/audit/auditVerifyCommand';
import { withCliDatabase } from './cliDatabase';

/**
 * `npm run audit:verify [-- --anchors FILE ...]`: walks the audit log's hash chain (the same check as
 * the screen's Verify button, hashed by the app) and checks that it still extends every anchor of
 * the files given (by default AUDIT_ANCHOR_FILE, when set). Exits 1 when the chain is broken or was
 * rewritten since an anchor, 2 when an anchor file cannot be read, so a cron job or CI can alert on it.
 */
let anchorFiles: string[];
try {
  ({ anchorFiles } = parseAuditVerifyArgs(process.argv.slice(2)));
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
const run = await withCliDatabase((database, config) => runAuditVerify(database.db, { anchorFiles, configuredAnchorFile: config.AUDIT_ANCHOR_FILE }));
for (const line of run.out) console.log(line);
for (const line of run.err) console.error(line);
process.exitCode = run.exitCode;
