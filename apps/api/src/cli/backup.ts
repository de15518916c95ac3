import path from 'node:path';
import { parseArgs } from 'node:util';
import { backupDatabase, restoreDatabase } from '../db/backup';
import { lockDataDir } from '../db/dataDirLock';
import { loadConfig } from '../plugins/config';
import { withCliDatabase } from './cliDatabase';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { dir: { type: 'string' } } });
const command = positionals[0];
const config = loadConfig();

if (command === 'backup') {
  const outDir = path.resolve(values.dir ?? `backups/backup-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  await withCliDatabase(async (database) => {
    const written = await backupDatabase(database, { databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, outDir });
    console.log(`backup written:\n  ${written.join('\n  ')}`);
  });
} else if (command === 'restore' && values.dir) {
  const unlock = config.DATABASE_URL ? () => {} : lockDataDir(config.DATA_DIR);
  try {
    await restoreDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, fromDir: path.resolve(values.dir) });
    console.log(`restored from ${path.resolve(values.dir)}`);
  } finally {
    unlock();
  }
} else {
  console.error('usage: npm run db:backup [-- --dir DIR]   |   npm run db:restore -- --dir DIR');
  process.exit(2);
}
