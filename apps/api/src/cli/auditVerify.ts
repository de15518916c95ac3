import { verifyAuditChain } from '../modules/audit/audit.repository';
import { withCliDatabase } from './cliDatabase';

/**
 * `npm run audit:verify`: walks the audit log's hash chain in the database (the same check as the
 * screen's Verify button) and exits 1 when it is broken, so a cron job or CI can alert on it. Only
 * reads: a scheduled check does not fill the log with its own entries.
 */
const result = await withCliDatabase((database) => verifyAuditChain(database.db));
if (result.ok) {
  console.log(`The audit log is intact (${result.entries} entries). Head hash: ${result.headHash}`);
} else {
  const where =
    result.firstBrokenSeq === undefined
      ? ''
      : ` at entry #${result.firstBrokenSeq}${result.firstBrokenId === undefined ? '' : ` (id ${result.firstBrokenId})`}`;
  console.error(`The audit log's chain is broken${where}: ${result.reason ?? 'unknown reason'}. ${result.entries} entries. Head hash: ${result.headHash}`);
  process.exitCode = 1;
}
