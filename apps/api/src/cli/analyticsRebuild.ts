import { rebuildRollups } from '../modules/analytics/analytics.repository';
import { withCliDatabase } from './cliDatabase';

/**
 * `npm run analytics:rebuild`: recomputes every day's analytics rollups from the base tables
 * (docs/design.md §10), with the same SQL the `analytics-refresh` job runs for the days marked
 * dirty, and clears the marks it consumed. Safe while the api runs: both take the same lock.
 */
const started = Date.now();
const days = await withCliDatabase((database) => rebuildRollups(database.db));
console.log(`analytics rollups rebuilt: ${days} days in ${Date.now() - started} ms`);
