import { parseArgs } from 'node:util';
import { createFileStorage } from '../platform/storage/fileStorage';
import { isDatabaseEmpty, seedDemoData } from '../seed/seed';
import { refreshDirtyDays } from '../modules/analytics/analytics.repository';
import { withCliDatabase } from './cliDatabase';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    seed: { type: 'string', default: '20261121' },
    'heavy-activity': { type: 'string', default: '0' },
    force: { type: 'boolean', default: false },
  },
});

await withCliDatabase(async (database, config) => {
  if (!(await isDatabaseEmpty(database.db)) && !values.force) {
    console.error('The database already has data; seeding only fills an empty one (use --force to add more anyway).');
    process.exitCode = 1;
    return;
  }
  const started = Date.now();
  const counts = await seedDemoData(database.db, {
    files: createFileStorage(database, config),
    scale: Number(values.scale),
    seed: Number(values.seed),
    heavyActivityRows: Number(values['heavy-activity']),
  });
  const analyticsDays = await refreshDirtyDays(database.db);
  console.log(`seeded ${database.engine} in ${Date.now() - started} ms`, { ...counts, analyticsDays });
});
