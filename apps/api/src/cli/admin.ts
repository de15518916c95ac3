import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { ADMIN_ROLES, emailSchema, MIN_PASSWORD_LENGTH, type AdminRole } from '@ute/contract';
import { admins } from '../db/tables/auth.table';
import { upsertAdmin } from '../modules/auth/auth.repository';
import { hashPassword } from '../modules/auth/passwords';
import { withCliDatabase } from './cliDatabase';

const USAGE = `usage: npm run admin -- create --email E --password P [--role owner] [--role finance,support]
roles: ${ADMIN_ROLES.join(', ')} (repeat --role or separate with commas; default owner)`;

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: { email: { type: 'string' }, password: { type: 'string' }, role: { type: 'string', multiple: true } },
  });
} catch (error) {
  fail(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
}
const { values, positionals } = parsed;

if (positionals[0] !== 'create' || !values.email || !values.password) fail(USAGE);
const email = emailSchema.safeParse(values.email);
if (!email.success || values.password.length < MIN_PASSWORD_LENGTH) {
  fail(`a valid email and a password of at least ${MIN_PASSWORD_LENGTH} characters are needed`);
}
const named = (values.role ?? [])
  .flatMap((value) => value.split(','))
  .map((role) => role.trim().toLowerCase())
  .filter(Boolean);
const unknown = named.filter((role) => !(ADMIN_ROLES as readonly string[]).includes(role));
if (unknown.length > 0) fail(`unknown role ${unknown.join(', ')}: roles are ${ADMIN_ROLES.join(', ')}`);
const roles: AdminRole[] = named.length > 0 ? [...new Set(named as AdminRole[])] : ['owner'];
const password = values.password;

await withCliDatabase(async (database) => {
  const address = email.data.toLowerCase();
  await upsertAdmin(database.db, address, await hashPassword(password), roles);
  // An existing admin keeps their roles unless --role names new ones.
  if (values.role?.length) await database.db.update(admins).set({ roles, updatedAt: new Date() }).where(eq(admins.email, address));
  const [admin] = await database.db.select({ roles: admins.roles }).from(admins).where(eq(admins.email, address));
  console.log(`admin ${address} is ready (${admin.roles.join(', ')})`);
});
