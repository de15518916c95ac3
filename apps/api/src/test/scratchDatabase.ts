import { randomUUID } from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL server of tests that always need one, whatever the engine of the run (`npm test` sets TEST_DATABASE_URL). */
export function testPostgresServer(): URL {
  return new URL(process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test');
}

async function runOnServer(server: URL, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: server.toString() });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

export interface ScratchDatabase {
  name: string;
  /** The server's URL with this database's name. */
  url: string;
  /** Drops it, even with connections still open. */
  drop(): Promise<void>;
}

/** A new, empty database of one test file's own, named `<prefix>_<random>`. */
export async function createScratchDatabase(prefix: string, server = testPostgresServer()): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  await runOnServer(server, `create database ${name}`);
  return {
    name,
    url: Object.assign(new URL(server.toString()), { pathname: `/${name}` }).toString(),
    drop: () => runOnServer(server, `drop database if exists ${name} with (force)`),
  };
}
