import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { API_BASE } from '@ute/contract';
import {
  buildApp,
  hashPassword,
  loadConfig,
  pgliteExtensions,
  renderedBySqlText,
  schema,
  upsertAdmin,
  wrapPglite,
  type Database,
  type Db,
} from '@ute/api/bench';
import { apiWorkerPoolSize, type EngineName } from './args';
import { apiPids, startApi, stopApi, waitForLogLine, type RunningApi } from './apiProcess';

/** One statement as the app's driver received it, with when it ran (to see which ran in parallel). */
export interface Statement {
  args: unknown[];
  text: string;
  start: number;
  end: number;
}

/** Statements that ran at the same time form one phase (e.g. a page query and its count under Promise.all). */
export type Phases = Statement[][];

export interface BenchEngine {
  name: EngineName;
  database: Database;
  /** The api in the benchmark's process, on the recording pool: the statements a call sends are read from it. */
  app: FastifyInstance;
  /** http://127.0.0.1:port/api/admin of the api the calls and loads go to: `app`, or the API_WORKERS processes (`--api-workers`). */
  apiUrl: string;
  /** http://127.0.0.1:port/api/admin of `app`, for recordCall. */
  recordUrl: string;
  /** The api's processes other than this one, whose CPU a load counts as the api's (none when `app` serves the loads). */
  apiPids(): number[];
  token: string;
  /** Runs one recorded statement on the raw driver (the same pool, or the same PGlite client), with the same arguments. */
  raw(statement: Statement): Promise<unknown>;
  /** Plain SQL on the raw driver. */
  sql<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** The phases in one transaction, each statement after the settings `settingsOf` gives it (e.g. `set local enable_indexscan = off`). */
  rawInTransaction(settingsOf: (statement: Statement) => string[], phases: Phases): Promise<void>;
  /** The statements the app sends while `action` runs (nothing else may run meanwhile). */
  record<T>(action: () => Promise<T>): Promise<{ result: T; statements: Statement[] }>;
  close(): Promise<void>;
}

export const BENCH_ADMIN = { email: 'bench-admin@bench.local', password: 'bench-password-1' };
/** STRIPE_WEBHOOK_SECRET of the bench's api: the money comparison signs its webhook events with it. */
export const BENCH_WEBHOOK_SECRET = 'whsec_bench_signing_secret';

type QueryFn = (...args: unknown[]) => Promise<unknown>;

function statementText(args: unknown[]): string {
  const first = args[0];
  if (typeof first === 'string') return first;
  if (first && typeof first === 'object' && 'text' in first) return String((first as { text: unknown }).text);
  return String(first);
}

/** Wraps a driver's query function so that statements can be recorded, and keeps the unwrapped one for the raw runs. */
function createRecorder(original: QueryFn) {
  let recording: Statement[] | null = null;
  const wrapped: QueryFn = (...args) => {
    if (!recording) return original(...args);
    const statement: Statement = { args, text: statementText(args), start: performance.now(), end: Number.NaN };
    recording.push(statement);
    const promise = original(...args);
    const done = () => {
      statement.end = performance.now();
    };
    promise.then(done, done);
    return promise;
  };
  return {
    wrapped,
    async record<T>(action: () => Promise<T>) {
      if (recording) throw new Error('recordings cannot overlap');
      recording = [];
      try {
        const result = await action();
        return { result, statements: recording };
      } finally {
        recording = null;
      }
    },
  };
}

/** Groups statements into phases: a statement that started before the previous ones ended ran alongside them. */
export function toPhases(statements: Statement[]): Phases {
  const phases: Phases = [];
  let phaseEnd = -Infinity;
  for (const statement of [...statements].sort((a, b) => a.start - b.start)) {
    if (phases.length === 0 || statement.start >= phaseEnd) {
      phases.push([statement]);
      phaseEnd = statement.end;
    } else {
      phases[phases.length - 1].push(statement);
      phaseEnd = Math.max(phaseEnd, statement.end);
    }
  }
  return phases;
}

export async function runPhases(engine: BenchEngine, phases: Phases): Promise<void> {
  for (const phase of phases) {
    if (phase.length === 1) await engine.raw(phase[0]);
    else await Promise.all(phase.map((statement) => engine.raw(statement)));
  }
}

interface OpenedDatabase {
  database: Database;
  raw: QueryFn;
  record: ReturnType<typeof createRecorder>['record'];
  rawInTransaction(settingsOf: (statement: Statement) => string[], phases: Phases): Promise<void>;
}

function openRecordingPostgres(url: string, poolSize: number): OpenedDatabase {
  // The same settings and rendering as openPostgres, with a query function we can watch.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5000 });
  pool.on('error', () => {});
  const original = pool.query.bind(pool) as unknown as QueryFn;
  const recorder = createRecorder(original);
  (pool as unknown as { query: QueryFn }).query = recorder.wrapped;
  const db = renderedBySqlText(drizzlePg({ client: pool, schema }) as unknown as Db);
  return {
    database: {
      db,
      engine: 'postgres',
      url,
      sqlExecutor: { executeSql: (text, values) => original(text, values) as Promise<{ rows: unknown[] }> },
      migrate: () => Promise.reject(new Error('the benchmark migrates before it opens the database')),
      close: () => pool.end(),
    },
    raw: original,
    record: recorder.record,
    async rawInTransaction(settingsOf, phases) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        // One connection: the phases' statements run one after the other.
        for (const statement of phases.flat()) {
          for (const setting of settingsOf(statement)) await client.query(setting);
          await (client.query as unknown as QueryFn).apply(client, statement.args);
        }
        await client.query('commit');
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
  };
}

async function openRecordingPglite(folder: string): Promise<OpenedDatabase> {
  const client = await PGlite.create(folder, { extensions: pgliteExtensions });
  const original = client.query.bind(client) as unknown as QueryFn;
  const recorder = createRecorder(original);
  (client as unknown as { query: QueryFn }).query = recorder.wrapped;
  return {
    database: wrapPglite(client),
    raw: original,
    record: recorder.record,
    async rawInTransaction(settingsOf, phases) {
      await client.transaction(async (tx) => {
        for (const statement of phases.flat()) {
          for (const setting of settingsOf(statement)) await tx.query(setting);
          await (tx.query as unknown as QueryFn).apply(tx, statement.args);
        }
      });
    },
  };
}

/** The bench admin's token from an api's sign-in (`apiUrl` ends in API_BASE; `on` names the api in the error). */
export async function signInAsBenchAdmin(apiUrl: string, on: string): Promise<string> {
  const response = await fetch(`${apiUrl}/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_ADMIN),
  });
  if (!response.ok) throw new Error(`sign-in failed on ${on}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

/**
 * The api processes of `--api-workers` (PostgreSQL): server.ts with API_WORKERS, as deployed, on the
 * benchmark's database and DATA_DIR (so the bench admin's token signed by `app` is theirs too), with
 * `poolSize` connections in all, its log off and no scheduled jobs, as `app`.
 */
async function startWorkers(options: { target: string; dataDir: string; poolSize: number; apiWorkers: number }): Promise<RunningApi> {
  const config = {
    DATABASE_URL: options.target,
    DATA_DIR: options.dataDir,
    API_WORKERS: String(options.apiWorkers),
    DATABASE_POOL_SIZE: String(apiWorkerPoolSize(options)),
    LOG_LEVEL: 'silent',
    // As `app`: the scheduled jobs would work through the seed's 530k dirty analytics days meanwhile.
    SCHEDULED_JOBS: 'false',
    SEED_DEMO: 'false',
    STRIPE_WEBHOOK_SECRET: BENCH_WEBHOOK_SECRET,
  };
  const api = await startApi(config, path.join(options.dataDir, 'api-workers.log'));
  await waitForLogLine(api, /api workers listening/);
  return api;
}

/**
 * Opens the seeded database, builds the app on it (logger off), listens on a free loopback port and
 * signs in; with `apiWorkers` above 1 on PostgreSQL the calls and loads go to that many api
 * processes (startWorkers) instead, and `app` only records what a call sends.
 */
export async function startEngine(options: { name: EngineName; target: string; dataDir: string; poolSize: number; apiWorkers?: number }): Promise<BenchEngine> {
  const opened = options.name === 'postgres' ? openRecordingPostgres(options.target, options.poolSize) : await openRecordingPglite(path.join(options.target));
  const { database } = opened;
  await upsertAdmin(database.db, BENCH_ADMIN.email, await hashPassword(BENCH_ADMIN.password));
  const config = loadConfig({ DATA_DIR: options.dataDir, LOG_LEVEL: 'silent', HOST: '127.0.0.1', PORT: '0', STRIPE_WEBHOOK_SECRET: BENCH_WEBHOOK_SECRET });
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const recordUrl = `http://127.0.0.1:${port}${API_BASE}`;
  const token = await signInAsBenchAdmin(recordUrl, options.name);
  const workers =
    options.name === 'postgres' && (options.apiWorkers ?? 1) > 1 ? await startWorkers({ ...options, apiWorkers: options.apiWorkers! }) : undefined;
  const workerPids = workers ? apiPids(workers) : [];

  return {
    name: options.name,
    database,
    app,
    apiUrl: workers ? `${workers.baseUrl}${API_BASE}` : recordUrl,
    recordUrl,
    apiPids: () => workerPids,
    token,
    raw: (statement) => opened.raw(...statement.args),
    sql: async <T>(text: string, params: unknown[] = []) => ((await opened.raw(text, params)) as { rows: T[] }).rows,
    rawInTransaction: opened.rawInTransaction,
    record: opened.record,
    async close() {
      if (workers) await stopApi(workers);
      await app.close();
      await database.close();
    },
  };
}
