import { withCliDatabase } from './cliDatabase';

await withCliDatabase(async (database) => {
  console.log(`migrations applied (${database.engine})`);
});
