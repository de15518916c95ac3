import { parseArgs } from 'node:util';
import { emailSchema, MIN_PASSWORD_LENGTH } from '@ute/contract';
import { upsertAdmin } from '../modules/auth/auth.repository';
import { hashPassword } from '../modules/auth/passwords';
import { withCliDatabase } from './cliDatabase';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { email: { type: 'string' }, password: { type: 'string' } },
});

if (positionals[0] !== 'create' || !values.email || !values.password) {
  console.error('usage: npm run admin -- create --email E --password P');
  process.exit(2);
}
const email = emailSchema.safeParse(values.email);
if (!email.success || values.password.length < MIN_PASSWORD_LENGTH) {
  console.error(`a valid email and a password of at least ${MIN_PASSWORD_LENGTH} characters are needed`);
  process.exit(2);
}
await withCliDatabase(async (database) => {
  await upsertAdmin(database.db, email.data, await hashPassword(values.password!));
  console.log(`admin ${email.data.toLowerCase()} is ready`);
});
