/**
 * `npm run bench:profile`: where the api's CPU goes per request (issue 25, point 5).
 *
 * The real server (apps/api/src/server.ts, as `npm run dev` runs it, NODE_ENV=production, the
 * production log level, its log to a file) in a child process, loaded by autocannon at
 * --connections: `/api/health` (the HTTP floor: no token, no database) and a list page with an
 * admin's Bearer token. First without the profiler, for the exact CPU per request (/proc, which the
 * profiler would inflate), and the list again with the request log off; then one process per
 * request started with `node --cpu-prof`, whose main-thread samples over the measured seconds are
 * grouped by what runs them. See bench/README.md.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { API_BASE } from '@ute/contract';
import { parseOptions, positiveFlag, type EngineName } from './lib/args';
import { BENCH_ADMIN, signInAsBenchAdmin } from './lib/engine';
import { statCpuMs } from './lib/cpu';
import { startApi, stopApi, type RunningApi } from './lib/apiProcess';
import { httpLoad, type LoadResult } from './lib/load';
import { dropBenchDatabase, preparePglite, preparePostgres, removeDataDir, type PreparedData } from './lib/prepare';
import { round } from './lib/stats';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(benchDir, '..');
const repoUrl = pathToFileURL(repoRoot).href;

const HELP = `npm run bench:profile -- [flags]

  --engine E            pglite (default) or postgres (the api's CPU then excludes the database's)
  --scale N             seedDemoData scale (default 40, as bench --quick, whose cached data it reuses)
  --seconds S           measured seconds per request (default 10)
  --rounds N            alternating rounds the unprofiled measurements are split in (default 3)
  --warmup S            seconds of load before the measured ones (default 3)
  --connections N       autocannon connections (default 10)
  --list PATH           the list request under API_BASE (default /get-all-ute-list?page=1&pageSize=10)
  --phases LIST         health,list,quiet (default all three; quiet = the same requests again with LOG_LEVEL=warn)
  --log-level L         LOG_LEVEL of the health and list phases (default info, the production default)
  --interval US         sampling interval of the profiler in microseconds (default 1000, node's)
  --database-url URL    PostgreSQL server for --engine postgres (default $DATABASE_URL or postgres://postgres@127.0.0.1:5432/test)
  --fresh               reseed even when cached data matches
  --keep                keep the .cpuprofile files and the api logs (their folder is printed)
  --out DIR             results folder (default bench/results)
  --name NAME           results file name (default profile)
`;

// ---------------------------------------------------------------------------------------------
// Options

const { values: flags } = parseArgs({
  args: process.argv.slice(2),
  allowPositionals: false,
  options: {
    help: { type: 'boolean' },
    engine: { type: 'string' },
    scale: { type: 'string' },
    seconds: { type: 'string' },
    rounds: { type: 'string' },
    warmup: { type: 'string' },
    connections: { type: 'string' },
    list: { type: 'string' },
    phases: { type: 'string' },
    'log-level': { type: 'string' },
    interval: { type: 'string' },
    'database-url': { type: 'string' },
    fresh: { type: 'boolean' },
    keep: { type: 'boolean' },
    out: { type: 'string' },
    name: { type: 'string' },
  },
});
if (flags.help) {
  process.stdout.write(HELP);
  process.exit(0);
}

const engineName = (flags.engine ?? 'pglite') as EngineName;
if (engineName !== 'pglite' && engineName !== 'postgres') throw new Error('--engine must be pglite or postgres');
const scale = Math.floor(positiveFlag(flags.scale, 40, 'scale'));
const seconds = positiveFlag(flags.seconds, 10, 'seconds');
const rounds = Math.floor(positiveFlag(flags.rounds, 3, 'rounds'));
const warmup = positiveFlag(flags.warmup, 3, 'warmup');
const connections = Math.floor(positiveFlag(flags.connections, 10, 'connections'));
const intervalUs = Math.floor(positiveFlag(flags.interval, 1000, 'interval'));
const logLevel = flags['log-level'] ?? 'info';
const listPath = flags.list ?? '/get-all-ute-list?page=1&pageSize=10';
const PHASE_KEYS = ['health', 'list', 'quiet'] as const;
type PhaseKey = (typeof PHASE_KEYS)[number];
const phaseKeys = (flags.phases ?? PHASE_KEYS.join(','))
  .split(',')
  .map((key) => key.trim())
  .filter(Boolean) as PhaseKey[];
for (const key of phaseKeys) if (!PHASE_KEYS.includes(key)) throw new Error(`unknown phase "${key}" (allowed: ${PHASE_KEYS.join(', ')})`);
const outDir = path.resolve(repoRoot, flags.out ?? 'bench/results');
const outName = flags.name ?? 'profile';
const PROFILE_DATABASE = 'ute_profile';

// The data helpers of the benchmark take its options: the same caches and sizes.
const benchOptions = parseOptions([
  '--engines',
  engineName,
  '--pg-scale',
  String(scale),
  '--pglite-scale',
  String(scale),
  // Its own PostgreSQL database (and template), so that it never drops one a benchmark is using.
  '--bench-db',
  PROFILE_DATABASE,
  ...(flags['database-url'] ? ['--database-url', flags['database-url']] : []),
  ...(flags.fresh ? ['--fresh'] : []),
]);

type TargetKey = 'health' | 'list';

/** A request the load repeats. */
interface Target {
  key: TargetKey;
  label: string;
  /** Path and query after http://host:port. */
  url: string;
  signIn: boolean;
}

const TARGETS: Record<TargetKey, Target> = {
  health: { key: 'health', label: 'GET /api/health', url: '/api/health', signIn: false },
  list: { key: 'list', label: `GET ${API_BASE}${listPath} (Bearer)`, url: `${API_BASE}${listPath}`, signIn: true },
};

/** One api process, and the requests measured on it one after the other. */
interface ApiRun {
  key: string;
  profiled: boolean;
  logLevel: string;
  targets: TargetKey[];
}

const wanted = (key: PhaseKey) => phaseKeys.includes(key);
const RUNS = (
  [
    { key: 'plain', profiled: false, logLevel, targets: (['health', 'list'] as const).filter(wanted) },
    // The same requests as `plain`, so that both processes are as warm when measured.
    { key: 'quiet', profiled: false, logLevel: 'warn', targets: wanted('quiet') ? (['health', 'list'] as const).filter(wanted) : [] },
    { key: 'profile-health', profiled: true, logLevel, targets: wanted('health') ? ['health'] : [] },
    { key: 'profile-list', profiled: true, logLevel, targets: wanted('list') ? ['list'] : [] },
  ] satisfies ApiRun[]
).filter((run) => run.targets.length > 0);

const clock = performance.now();
const log = (line: string) => process.stdout.write(`[${((performance.now() - clock) / 1000).toFixed(1).padStart(6)} s] ${line}\n`);
const hrMicros = () => Number(process.hrtime.bigint() / 1000n);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// The data

/** The database the api runs on, and how it was filled. */
interface ApiData {
  engine: EngineName;
  dataDir: string;
  /** PostgreSQL URL; unused on PGlite (DATA_DIR/pglite). */
  target: string;
  /** The PostgreSQL database to drop at the end. */
  database?: string;
  /** The api fills the empty database itself at its first start (SEED_DEMO), when the benchmark's loader cannot. */
  apiSeeds: boolean;
  description: string;
  counts: Record<string, number> | null;
}

function fromPrepared(prepared: PreparedData): ApiData {
  const { counts } = prepared.seed;
  return {
    engine: prepared.engine,
    dataDir: prepared.dataDir,
    target: prepared.target,
    database: prepared.database,
    apiSeeds: false,
    description: `${prepared.engine === 'postgres' ? 'PostgreSQL' : 'PGlite'} at scale ${prepared.scale} (${counts.users} users, ${counts.utes} utes, ${counts.jobs} jobs; ${prepared.source === 'seeded' ? 'seeded by the benchmark loader' : "the benchmark loader's cached seed"})`,
    counts: { ...counts },
  };
}

/** The benchmark's data (bench/lib/prepare.ts), or if its loader fails an empty database the api fills with its demo seed (scale 1). */
async function prepareData(workDir: string): Promise<ApiData> {
  try {
    // The seeding child's lines (an error of the loader prints its whole batch of rows) cut to one screen line.
    const shortLog = (line: string) => log(line.length > 200 ? `${line.slice(0, 200)}…` : line);
    return fromPrepared(engineName === 'postgres' ? await preparePostgres(benchOptions, shortLog) : await preparePglite(benchOptions, shortLog));
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0];
    log(`the benchmark's loader failed (${reason}): the api seeds its own demo data (scale 1) at its first start instead`);
    const dataDir = path.join(workDir, 'data');
    mkdirSync(dataDir, { recursive: true });
    const fallback = `the api's own demo seed at its first start (scale 1: 80 users, 60 utes, 40 jobs), because the benchmark's loader failed: ${reason}`;
    // The folder prepare.ts made (mkTempDataDir), left behind by the failure.
    removeDataDir(path.join(os.tmpdir(), `ute-bench-${engineName === 'pglite' ? 'pglite' : PROFILE_DATABASE}-${process.pid}`));
    if (engineName === 'pglite') {
      return { engine: 'pglite', dataDir, target: path.join(dataDir, 'pglite'), apiSeeds: true, description: `PGlite with ${fallback}`, counts: null };
    }
    const admin = new pg.Client({ connectionString: benchOptions.databaseUrl });
    await admin.connect();
    try {
      await admin.query(`drop database if exists ${PROFILE_DATABASE} with (force)`);
      await admin.query(`create database ${PROFILE_DATABASE}`);
    } finally {
      await admin.end();
    }
    const url = new URL(benchOptions.databaseUrl);
    url.pathname = `/${PROFILE_DATABASE}`;
    return {
      engine: 'postgres',
      dataDir,
      target: url.toString(),
      database: PROFILE_DATABASE,
      apiSeeds: true,
      description: `PostgreSQL with ${fallback}`,
      counts: null,
    };
  }
}

// ---------------------------------------------------------------------------------------------
// The api process: start, CPU from /proc, stop

interface CpuReading {
  process: number;
  mainThread: number;
}

const readCpu = (pid: number): CpuReading => ({ process: statCpuMs(`/proc/${pid}/stat`), mainThread: statCpuMs(`/proc/${pid}/task/${pid}/stat`) });

async function startProfiledApi(data: ApiData, run: ApiRun, profileDir: string, logFile: string, jwtSecret: string): Promise<RunningApi> {
  const config = {
    DATA_DIR: data.dataDir,
    ...(data.engine === 'postgres' ? { DATABASE_URL: data.target } : {}),
    LOG_LEVEL: run.logLevel,
    SEED_DEMO: data.apiSeeds ? 'true' : 'false',
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    JWT_SECRET: jwtSecret,
  };
  const profiler = run.profiled ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, `--cpu-prof-interval=${intervalUs}`] : [];
  return startApi(config, logFile, profiler);
}

// ---------------------------------------------------------------------------------------------
// The .cpuprofile: self time of each node over a measured window, grouped into buckets

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/**
 * What a frame does for the request, inherited by the frames it calls: zod and JSON.stringify count
 * for request validation or response encoding, node's fs, net and TextDecoder for the library calling them.
 */
type Role = 'validate' | 'serialise' | 'log' | 'pglite' | 'pg' | undefined;

interface Bucket {
  name: string;
  /** The issue's categories, for the subtotals. */
  group: string;
}

const GROUPS = {
  http: 'HTTP stack (node http/net, fastify, our hooks)',
  auth: 'token check and access map',
  zod: 'zod validation and response encoding',
  db: 'database (engine or driver, drizzle, our queries)',
  log: 'logging',
  runtime: 'V8 runtime (GC, program)',
  other: 'other',
} as const;

/** Lines of fastify-type-provider-zod's core.js where its validatorCompiler and its serializerCompiler begin. */
function zodProviderLines(): { validator: number; serializer: number } {
  const file = path.join(repoRoot, 'node_modules/fastify-type-provider-zod/dist/esm/core.js');
  const lines = existsSync(file) ? readFileSync(file, 'utf8').split('\n') : [];
  const find = (needle: string) => lines.findIndex((line) => line.includes(needle));
  return { validator: find('validatorCompiler = '), serializer: find('createSerializerCompiler = ') };
}
const ZOD_PROVIDER = zodProviderLines();
/** The api's own serializer compiler (0889c68 on; before it, the provider's). */
const RESPONSE_SERIALIZER = 'apps/api/src/plugins/responseSerializer.ts';

const PINO_PACKAGES = [
  'pino',
  'pino-std-serializers',
  'sonic-boom',
  'fast-redact',
  'quick-format-unescaped',
  'on-exit-leak-free',
  'thread-stream',
  'atomic-sleep',
  'safe-stable-stringify',
];
const FASTIFY_PACKAGES = [
  'fastify',
  'find-my-way',
  'fast-querystring',
  'fast-json-stringify',
  'fast-content-type-parse',
  'light-my-request',
  'avvio',
  'toad-cache',
  'rfdc',
  'fast-uri',
  'process-warning',
  'abstract-logging',
  'proxy-addr',
  'forwarded',
  'ipaddr.js',
  'secure-json-parse',
  'fastify-plugin',
  'ret',
  'safe-regex2',
  'fast-decode-uri-component',
  'fast-deep-equal',
];
const PG_PACKAGES = [
  'pg',
  'pg-protocol',
  'pg-pool',
  'pg-types',
  'pg-connection-string',
  'pgpass',
  'postgres-array',
  'postgres-bytea',
  'postgres-date',
  'postgres-interval',
  'split2',
];

/** The package of a path under node_modules (`@scope/name` or `name`). */
function packageOf(relative: string): string | null {
  const at = relative.lastIndexOf('node_modules/');
  if (at < 0) return null;
  const parts = relative.slice(at + 'node_modules/'.length).split('/');
  return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
}

const relativeUrl = (url: string) => (url.startsWith(`${repoUrl}/`) ? url.slice(repoUrl.length + 1) : url);

/** The role a frame gives itself and its callees, if any. */
function roleOf(frame: CallFrame): Role {
  if (frame.url.startsWith('wasm://')) return 'pglite';
  const relative = relativeUrl(frame.url);
  if (relative === RESPONSE_SERIALIZER) return 'serialise';
  const pkg = packageOf(relative);
  if (!pkg) return undefined;
  if (pkg === 'fastify-type-provider-zod' && relative.endsWith('/core.js')) {
    if (ZOD_PROVIDER.serializer >= 0 && frame.lineNumber >= ZOD_PROVIDER.serializer) return 'serialise';
    if (ZOD_PROVIDER.validator >= 0 && frame.lineNumber >= ZOD_PROVIDER.validator) return 'validate';
  }
  if (PINO_PACKAGES.includes(pkg)) return 'log';
  if (pkg === '@electric-sql/pglite' || pkg === '@electric-sql/pg-protocol') return 'pglite';
  if (PG_PACKAGES.includes(pkg)) return 'pg';
  return undefined;
}

const LOGGING: Bucket = { name: 'pino logging (request log lines, their writes)', group: GROUPS.log };
const PGLITE_NODE: Bucket = { name: "PGlite: node's fs and TextDecoder under it (its file system: fstat per seek)", group: GROUPS.db };
const PG_NODE: Bucket = { name: 'pg driver: node net under it (socket I/O to PostgreSQL)', group: GROUPS.db };

/** The bucket of a frame; null for a frame without a script (a builtin or a native), which takes its caller's. */
function bucketOf(frame: CallFrame, role: Role): Bucket | null {
  const { functionName, url } = frame;
  if (functionName === '(idle)') return { name: '(idle)', group: 'idle' };
  if (functionName === '(garbage collector)') return { name: 'GC (main-thread pauses)', group: GROUPS.runtime };
  if (functionName === '(program)' || functionName === '(root)') return { name: '(program): V8 and native code outside any JS frame', group: GROUPS.runtime };
  if (!url || url.startsWith('node:')) {
    // node's own code and the builtins count for the library that called them.
    if (role === 'log') return LOGGING;
    if (role === 'pglite') return PGLITE_NODE;
    if (role === 'pg') return PG_NODE;
    if (!url) {
      if (functionName === 'stringify' && role === 'serialise') return { name: 'JSON.stringify of the response (zod serializerCompiler)', group: GROUPS.zod };
      if (functionName === 'stringify' || functionName === 'parse') return { name: 'JSON.stringify / JSON.parse (other callers)', group: GROUPS.other };
      return null;
    }
  }
  if (url.startsWith('wasm://')) return { name: 'PGlite: postgres compiled to wasm', group: GROUPS.db };
  const relative = relativeUrl(url);
  const pkg = packageOf(relative);
  if (pkg) {
    if (pkg === 'fast-jwt') return { name: 'fast-jwt (token verify, its cache)', group: GROUPS.auth };
    if (pkg === 'fastify-type-provider-zod' || pkg === 'zod') {
      if (role === 'validate') return { name: 'zod: request validation (validatorCompiler)', group: GROUPS.zod };
      if (role === 'serialise') return { name: 'zod: response encoding (serializerCompiler)', group: GROUPS.zod };
      return { name: 'zod (other)', group: GROUPS.zod };
    }
    if (PINO_PACKAGES.includes(pkg)) return LOGGING;
    if (pkg === 'helmet') return { name: 'helmet security headers (app.ts onRequest)', group: GROUPS.http };
    if (pkg === '@fastify/compress') return { name: '@fastify/compress (onSend: no gzip asked)', group: GROUPS.http };
    if (pkg === '@fastify/swagger' || pkg === '@fastify/swagger-ui' || pkg === '@fastify/static' || pkg === '@fastify/multipart')
      return { name: `${pkg} hooks`, group: GROUPS.http };
    if (FASTIFY_PACKAGES.includes(pkg) || pkg.startsWith('@fastify/'))
      return { name: 'fastify core (router, hooks, reply, default serializer)', group: GROUPS.http };
    if (pkg === 'drizzle-orm') return { name: 'drizzle-orm (query building, row mapping)', group: GROUPS.db };
    if (pkg === '@electric-sql/pglite' || pkg === '@electric-sql/pg-protocol')
      return { name: 'PGlite: its JS side (protocol, memory copies)', group: GROUPS.db };
    if (PG_PACKAGES.includes(pkg)) return { name: 'pg driver (protocol, parsing)', group: GROUPS.db };
    if (pkg === 'tsx') return { name: 'tsx loader', group: GROUPS.other };
    return { name: `package ${pkg}`, group: GROUPS.other };
  }
  if (relative === RESPONSE_SERIALIZER) return { name: 'zod: response encoding (serializerCompiler)', group: GROUPS.zod };
  if (relative === 'apps/api/src/plugins/authGuard.ts') return { name: 'plugins/authGuard.ts (onRequest hook)', group: GROUPS.auth };
  if (relative.startsWith('apps/api/src/modules/auth/')) return { name: `modules/auth/${path.basename(relative)}`, group: GROUPS.auth };
  if (relative === 'packages/contract/src/access.ts') return { name: 'contract access.ts (canCall: the access map)', group: GROUPS.auth };
  if (relative === 'apps/api/src/app.ts') return { name: 'app.ts hooks (onSend headers, request id, kept-alive wait, log serializer)', group: GROUPS.http };
  if (relative.startsWith('apps/api/src/db/')) return { name: 'apps/api/src/db (our database wrapper)', group: GROUPS.db };
  if (relative.startsWith('apps/api/src/modules/'))
    return { name: `apps/api/src/modules/${relative.split('/')[4]} (handler, service, repository)`, group: GROUPS.db };
  if (relative.startsWith('apps/api/src/')) return { name: `apps/api/src/${relative.slice('apps/api/src/'.length)}`, group: GROUPS.other };
  if (relative.startsWith('packages/contract/')) return { name: 'contract (other)', group: GROUPS.other };
  if (/^node:(_http_|http$|https$|internal\/http)/.test(url)) return { name: 'node http (parser, ServerResponse, headers)', group: GROUPS.http };
  if (/^node:(net$|stream$|internal\/(stream_base_commons|streams\/|net))/.test(url))
    return { name: 'node net and streams (socket writes: writev)', group: GROUPS.http };
  if (/^node:(events$|timers$|internal\/(process\/task_queues|timers|async_hooks|process\/promises|event_target))/.test(url))
    return { name: 'node event loop (microtasks, timers, events)', group: GROUPS.http };
  if (/^node:(crypto$|internal\/crypto)/.test(url)) return { name: 'node crypto (request id, HMAC)', group: GROUPS.other };
  if (url.startsWith('node:')) return { name: 'node (other)', group: GROUPS.other };
  return { name: 'other', group: GROUPS.other };
}

interface FunctionStat {
  name: string;
  location: string;
  bucket: string;
  ms: number;
}

/** Entry points whose synchronous inclusive time is worth knowing (their awaits' continuations are not under them). */
const INCLUSIVE: { name: string; test: (frame: CallFrame) => boolean }[] = [
  {
    name: 'auth guard onRequest hook, up to its await (plugins/authGuard.ts)',
    test: (frame) => relativeUrl(frame.url) === 'apps/api/src/plugins/authGuard.ts',
  },
  { name: 'token verify (modules/auth/tokens.ts, fast-jwt)', test: (frame) => relativeUrl(frame.url) === 'apps/api/src/modules/auth/tokens.ts' },
  { name: 'access map (contract access.ts)', test: (frame) => relativeUrl(frame.url) === 'packages/contract/src/access.ts' },
  { name: 'zod request validation (validatorCompiler)', test: (frame) => roleOf(frame) === 'validate' },
  { name: 'zod response encoding + JSON.stringify (serializerCompiler)', test: (frame) => roleOf(frame) === 'serialise' },
  { name: 'pino: everything under a pino frame', test: (frame) => roleOf(frame) === 'log' },
  { name: 'drizzle-orm: everything under a drizzle frame', test: (frame) => packageOf(relativeUrl(frame.url)) === 'drizzle-orm' },
  {
    name: 'drizzle-orm: building the SQL of each query (_prepare, sqlToQuery)',
    test: (frame) => (frame.functionName === '_prepare' || frame.functionName === 'sqlToQuery') && packageOf(relativeUrl(frame.url)) === 'drizzle-orm',
  },
  {
    name: 'drizzle-orm: mapping the rows (mapResultRow)',
    test: (frame) => frame.functionName === 'mapResultRow' && packageOf(relativeUrl(frame.url)) === 'drizzle-orm',
  },
  { name: 'PGlite: everything under a PGlite frame', test: (frame) => roleOf(frame) === 'pglite' },
  { name: 'pg: everything under a pg frame', test: (frame) => roleOf(frame) === 'pg' },
];

interface ProfileAnalysis {
  /** Sampled milliseconds of the main thread inside the window (wall clock). */
  windowMs: number;
  samples: number;
  busyMs: number;
  idleMs: number;
  buckets: { name: string; group: string; ms: number }[];
  inclusive: { name: string; ms: number }[];
  functions: FunctionStat[];
}

function analyse(profile: CpuProfile, from: number, to: number, locate: (frame: CallFrame) => string): ProfileAnalysis {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const isChild = new Set(profile.nodes.flatMap((node) => node.children ?? []));

  // Role and bucket of every node, from the root down (a node without a bucket of its own takes its caller's).
  const buckets = new Map<number, Bucket>();
  const inclusiveOf = new Map<number, number[]>();
  const stack: { id: number; role: Role; bucket: Bucket; inclusive: number[] }[] = profile.nodes
    .filter((node) => !isChild.has(node.id))
    .map((node) => ({ id: node.id, role: undefined, bucket: { name: 'other', group: GROUPS.other }, inclusive: [] }));
  while (stack.length > 0) {
    const { id, role, bucket, inclusive } = stack.pop()!;
    const node = byId.get(id)!;
    const ownRole = roleOf(node.callFrame) ?? role;
    const ownBucket = bucketOf(node.callFrame, ownRole) ?? bucket;
    const added = INCLUSIVE.flatMap((entry, index) => (!inclusive.includes(index) && entry.test(node.callFrame) ? [index] : []));
    const ownInclusive = added.length > 0 ? [...inclusive, ...added] : inclusive;
    buckets.set(id, ownBucket);
    inclusiveOf.set(id, ownInclusive);
    for (const child of node.children ?? []) stack.push({ id: child, role: ownRole, bucket: ownBucket, inclusive: ownInclusive });
  }

  const bucketMs = new Map<string, { group: string; ms: number }>();
  const inclusiveMs = INCLUSIVE.map(() => 0);
  const nodeMs = new Map<number, number>();
  let windowMs = 0;
  let idleMs = 0;
  let samples = 0;
  let time = profile.startTime;
  for (let i = 0; i < profile.samples.length; i += 1) {
    time += profile.timeDeltas[i];
    if (time < from || time >= to) continue;
    // A sample stands for the time until the next one.
    const next = i + 1 < profile.timeDeltas.length ? profile.timeDeltas[i + 1] : intervalUs;
    const ms = Math.max(0, next) / 1000;
    const id = profile.samples[i];
    const bucket = buckets.get(id)!;
    samples += 1;
    windowMs += ms;
    if (bucket.group === 'idle') {
      idleMs += ms;
      continue;
    }
    const entry = bucketMs.get(bucket.name) ?? { group: bucket.group, ms: 0 };
    entry.ms += ms;
    bucketMs.set(bucket.name, entry);
    nodeMs.set(id, (nodeMs.get(id) ?? 0) + ms);
    for (const index of inclusiveOf.get(id)!) inclusiveMs[index] += ms;
  }

  // Functions: the nodes of one function (its different call paths) summed.
  const functions = new Map<string, FunctionStat>();
  for (const [id, ms] of nodeMs) {
    const { callFrame } = byId.get(id)!;
    const bucket = buckets.get(id)!.name;
    const key = `${callFrame.functionName}|${callFrame.url}|${callFrame.lineNumber}|${callFrame.columnNumber}|${bucket}`;
    const stat = functions.get(key) ?? { name: callFrame.functionName || '(anonymous)', location: locate(callFrame), bucket, ms: 0 };
    stat.ms += ms;
    functions.set(key, stat);
  }

  return {
    windowMs,
    samples,
    busyMs: windowMs - idleMs,
    idleMs,
    buckets: [...bucketMs].map(([name, value]) => ({ name, group: value.group, ms: value.ms })).sort((a, b) => b.ms - a.ms),
    inclusive: INCLUSIVE.map((entry, index) => ({ name: entry.name, ms: inclusiveMs[index] })),
    functions: [...functions.values()].sort((a, b) => b.ms - a.ms),
  };
}

// ---------------------------------------------------------------------------------------------
// Source lines of our TypeScript: tsx runs esbuild's output (whitespace minified), whose positions
// the profile reports; tsx keeps each output with its source map in its cache folder.

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** For each generated line, its segments as [generated column, source line], in column order. */
function decodeMappings(mappings: string): [number, number][][] {
  const lines: [number, number][][] = [];
  let sourceLine = 0;
  for (const line of mappings.split(';')) {
    const segments: [number, number][] = [];
    let column = 0;
    for (const segment of line.split(',')) {
      if (!segment) continue;
      const values: number[] = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = BASE64.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          values.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      column += values[0];
      if (values.length >= 4) {
        sourceLine += values[2];
        segments.push([column, sourceLine]);
      }
    }
    lines.push(segments);
  }
  return lines;
}

function createLocator(): (frame: CallFrame) => string {
  const user = process.geteuid ? process.geteuid() : os.userInfo().username;
  const cacheDir = path.join(os.tmpdir(), `tsx-${user}`);
  // The newest cached output of each source file is the one the api just ran (an edit makes a new entry).
  const newest = new Map<string, { file: string; mtime: number }>();
  if (existsSync(cacheDir)) {
    for (const entry of readdirSync(cacheDir)) {
      const file = path.join(cacheDir, entry);
      try {
        const source = /"sources":\["([^"]+)"/.exec(readFileSync(file, 'utf8'))?.[1];
        if (!source) continue;
        const mtime = statSync(file).mtimeMs;
        if ((newest.get(source)?.mtime ?? -1) < mtime) newest.set(source, { file, mtime });
      } catch {
        // not one of tsx's entries
      }
    }
  }
  const decoded = new Map<string, [number, number][][] | null>();
  const mapOf = (source: string) => {
    if (!decoded.has(source)) {
      const entry = newest.get(source);
      let lines: [number, number][][] | null = null;
      try {
        if (entry) lines = decodeMappings((JSON.parse(readFileSync(entry.file, 'utf8')) as { map: { mappings: string } }).map.mappings);
      } catch {
        lines = null;
      }
      decoded.set(source, lines);
    }
    return decoded.get(source)!;
  };
  return (frame) => {
    if (!frame.url) return '(native)';
    if (frame.url.startsWith('wasm://')) return 'wasm';
    const relative = relativeUrl(frame.url);
    if (!frame.url.startsWith('file://') || !/\.tsx?$/.test(frame.url)) return `${relative}:${frame.lineNumber + 1}`;
    const segments = mapOf(fileURLToPath(frame.url))?.[frame.lineNumber];
    if (!segments?.length) return `${relative}:~${frame.lineNumber + 1} (transpiled)`;
    let best = segments[0];
    for (const segment of segments) if (segment[0] <= frame.columnNumber) best = segment;
    return `${relative}:${best[1] + 1}`;
  };
}

// ---------------------------------------------------------------------------------------------
// Measuring: the api processes, their loads

interface Measurement {
  run: string;
  target: TargetKey;
  label: string;
  logLevel: string;
  profiled: boolean;
  /** Requests/s over all rounds; p50 and p99 the median of the rounds'. */
  load: LoadResult;
  roundsRps: number[];
  measuredSeconds: number;
  responseBytes: number;
  /** The api's CPU over the measured seconds, from /proc (to 1/CLK_TCK s), per request. */
  cpuUsPerRequest: { process: number; mainThread: number; otherThreads: number };
  cpuCoresUsed: number;
  /** CPU of the api in 2 s without load after its warm-up (its timers, the job queue's polling; the profiler's thread), ms per second. */
  idleCpuMsPerSecond: number;
  logBytesPerRequest: number;
  /** The main thread's profile over the measured seconds (profiled runs). */
  profile?: ProfileAnalysis;
}

/** One request loaded on one api process. */
interface Slot {
  api: RunningApi;
  run: ApiRun;
  target: Target;
  url: string;
  token: string;
  responseBytes: number;
  idleCpuMsPerSecond: number;
  rounds: { load: LoadResult; seconds: number; cpu: CpuReading; logBytes: number; from: number; to: number }[];
}

async function startRun(data: ApiData, run: ApiRun, workDir: string, jwtSecret: string): Promise<RunningApi> {
  const profileDir = path.join(workDir, `profile-${run.key}`);
  mkdirSync(profileDir, { recursive: true });
  log(`${run.key}: starting the api (${run.profiled ? `node --cpu-prof, interval ${intervalUs} µs` : 'no profiler'}, LOG_LEVEL=${run.logLevel})`);
  return startProfiledApi(data, run, profileDir, path.join(workDir, `api-${run.key}.log`), jwtSecret);
}

/** Signs in if needed, checks one answer, and warms the request up. */
async function openSlot(api: RunningApi, run: ApiRun, key: TargetKey): Promise<Slot> {
  const target = TARGETS[key];
  const token = target.signIn ? await signInAsBenchAdmin(`${api.baseUrl}${API_BASE}`, 'the api') : '';
  const url = `${api.baseUrl}${target.url}`;
  const check = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const body = await check.text();
  if (!check.ok) throw new Error(`GET ${target.url}: ${check.status} ${body.slice(0, 300)}`);
  const warm = await httpLoad({ url, token, connections, seconds: warmup });
  if (warm.errors > 0) throw new Error(`${run.key} ${key}: ${warm.errors} failed requests during the warm-up`);
  return { api, run, target, url, token, responseBytes: Buffer.byteLength(body), idleCpuMsPerSecond: Number.NaN, rounds: [] };
}

/** The CPU each process spends in 2 s without load. */
async function measureIdle(slots: Slot[]): Promise<void> {
  await sleep(1000);
  const apis = [...new Set(slots.map((slot) => slot.api))];
  const before = apis.map((api) => readCpu(api.pid).process);
  const started = performance.now();
  await sleep(2000);
  const elapsed = (performance.now() - started) / 1000;
  apis.forEach((api, index) => {
    const msPerSecond = round((readCpu(api.pid).process - before[index]) / elapsed);
    for (const slot of slots) if (slot.api === api) slot.idleCpuMsPerSecond = msPerSecond;
  });
}

async function measureRound(slot: Slot, duration: number): Promise<void> {
  const logBytesBefore = statSync(slot.api.logFile).size;
  const cpuBefore = readCpu(slot.api.pid);
  const from = hrMicros();
  const started = performance.now();
  const load = await httpLoad({ url: slot.url, token: slot.token, connections, seconds: duration });
  const to = hrMicros();
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = readCpu(slot.api.pid);
  if (load.errors > 0) throw new Error(`${slot.run.key} ${slot.target.key}: ${load.errors} failed requests during the load`);
  slot.rounds.push({
    load,
    seconds,
    cpu: { process: cpuAfter.process - cpuBefore.process, mainThread: cpuAfter.mainThread - cpuBefore.mainThread },
    logBytes: statSync(slot.api.logFile).size - logBytesBefore,
    from,
    to,
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

function toMeasurement(slot: Slot): Measurement {
  const requests = slot.rounds.reduce((sum, r) => sum + r.load.total, 0);
  const seconds = slot.rounds.reduce((sum, r) => sum + r.seconds, 0);
  const processMs = slot.rounds.reduce((sum, r) => sum + r.cpu.process, 0);
  const mainMs = slot.rounds.reduce((sum, r) => sum + r.cpu.mainThread, 0);
  const perRequest = (ms: number) => round((ms * 1000) / requests);
  const measurement: Measurement = {
    run: slot.run.key,
    target: slot.target.key,
    label: slot.target.label,
    logLevel: slot.run.logLevel,
    profiled: slot.run.profiled,
    load: {
      rps: round(requests / seconds),
      p50: median(slot.rounds.map((r) => r.load.p50)),
      p99: median(slot.rounds.map((r) => r.load.p99)),
      total: requests,
      errors: 0,
    },
    roundsRps: slot.rounds.map((r) => r.load.rps),
    measuredSeconds: round(seconds),
    responseBytes: slot.responseBytes,
    cpuUsPerRequest: { process: perRequest(processMs), mainThread: perRequest(mainMs), otherThreads: perRequest(processMs - mainMs) },
    cpuCoresUsed: round(processMs / 1000 / seconds),
    idleCpuMsPerSecond: slot.idleCpuMsPerSecond,
    logBytesPerRequest: round(slot.rounds.reduce((sum, r) => sum + r.logBytes, 0) / requests),
  };
  log(
    `${slot.run.key} ${slot.target.key}: ${measurement.load.rps} req/s (rounds ${measurement.roundsRps.join(', ')}), ` +
      `api CPU ${measurement.cpuUsPerRequest.process} µs/request (main thread ${measurement.cpuUsPerRequest.mainThread}), ${round(measurement.cpuCoresUsed, 3)} cores`,
  );
  return measurement;
}

async function stopAll(apis: RunningApi[]): Promise<void> {
  for (const api of apis) {
    if (api.child.exitCode === null && api.child.signalCode === null) await stopApi(api);
  }
}

/**
 * The exact CPU per request: the unprofiled processes side by side (PGlite: each on its own copy of
 * the data), loaded one at a time in --rounds alternating rounds, so that a drift in the machine's
 * load (it is shared) reaches every request alike.
 */
async function measurePlain(data: ApiData, runs: ApiRun[], workDir: string, jwtSecret: string): Promise<Measurement[]> {
  const apis: RunningApi[] = [];
  try {
    const slots: Slot[] = [];
    for (const [index, run] of runs.entries()) {
      let runData = data;
      if (index > 0 && data.engine === 'pglite') {
        // PGlite is one process per folder (the api locks DATA_DIR): the others get copies.
        const dataDir = path.join(workDir, `data-${run.key}`);
        cpSync(data.dataDir, dataDir, { recursive: true, filter: (source) => path.basename(source) !== 'api.lock' });
        runData = { ...data, dataDir, apiSeeds: false };
      }
      apis.push(await startRun(runData, run, workDir, jwtSecret));
    }
    // Signed in once every api has started: each start sets the admin's password again (ADMIN_PASSWORD),
    // which ends that admin's sessions, on PostgreSQL those the other processes handed out too.
    for (const [index, run] of runs.entries()) for (const key of run.targets) slots.push(await openSlot(apis[index], run, key));
    await measureIdle(slots);
    log(
      `measuring ${slots.map((slot) => `${slot.run.key} ${slot.target.key}`).join(', ')}: ${rounds} alternating rounds of ${round(seconds / rounds, 3)} s each`,
    );
    for (let index = 0; index < rounds; index += 1) {
      const order = index % 2 === 0 ? slots : [...slots].reverse();
      for (const slot of order) await measureRound(slot, seconds / rounds);
    }
    await stopAll(apis);
    return slots.map(toMeasurement);
  } finally {
    for (const api of apis) if (api.child.exitCode === null && api.child.signalCode === null) api.child.kill('SIGKILL');
  }
}

/** One profiled process for one request: its main thread's samples inside the measured seconds. */
async function measureProfiled(
  data: ApiData,
  run: ApiRun,
  workDir: string,
  jwtSecret: string,
  locate: () => (frame: CallFrame) => string,
): Promise<Measurement> {
  const api = await startRun(data, run, workDir, jwtSecret);
  let slot: Slot;
  try {
    slot = await openSlot(api, run, run.targets[0]);
    await measureIdle([slot]);
    await measureRound(slot, seconds);
    await stopApi(api);
  } finally {
    if (api.child.exitCode === null && api.child.signalCode === null) api.child.kill('SIGKILL');
  }
  const measurement = toMeasurement(slot);
  const profileDir = path.join(workDir, `profile-${run.key}`);
  const files = readdirSync(profileDir).filter((file) => file.endsWith('.cpuprofile') && file.includes(`.${api.pid}.0.`));
  if (files.length !== 1) throw new Error(`${run.key}: expected the main thread's .cpuprofile in ${profileDir}, found ${readdirSync(profileDir).join(', ')}`);
  const profile = JSON.parse(readFileSync(path.join(profileDir, files[0]), 'utf8')) as CpuProfile;
  const { from, to } = slot.rounds[0];
  // The profile's clock is V8's monotonic one, as process.hrtime's: the window is the same seconds.
  if (profile.endTime < to || profile.startTime > from)
    throw new Error(`${run.key}: the profile (${profile.startTime}..${profile.endTime} µs) does not cover the measured window (${from}..${to} µs)`);
  return { ...measurement, profile: analyse(profile, from, to, locate()) };
}

/** When the api seeds its own demo data: once, before any measurement (PGlite's copies need it seeded). */
async function seedThroughApi(data: ApiData, workDir: string, jwtSecret: string): Promise<ApiData> {
  if (!data.apiSeeds) return data;
  log('seeding: the api fills the empty database at its first start');
  const api = await startProfiledApi(
    data,
    { key: 'seed', profiled: false, logLevel: 'info', targets: [] },
    workDir,
    path.join(workDir, 'api-seed.log'),
    jwtSecret,
  );
  await stopApi(api);
  return { ...data, apiSeeds: false, description: data.description };
}

// ---------------------------------------------------------------------------------------------
// Report

const fmt = (value: number) => {
  if (!Number.isFinite(value)) return '—';
  const size = Math.abs(value);
  return value.toFixed(size >= 100 ? 0 : size >= 10 ? 1 : 2);
};
const signed = (value: number) => (value > 0 ? `+${fmt(value)}` : fmt(value));
const cell = (text: string) => text.replace(/\|/g, '\\|');

/** A profiled measurement, its time scaled to the main thread's CPU per request measured without the profiler. */
interface Scaled {
  target: TargetKey;
  profiled: Measurement & { profile: ProfileAnalysis };
  /** µs per request of `ms` sampled milliseconds. */
  us: (ms: number) => number;
  /** Unprofiled main-thread CPU ÷ profiled busy time per request. */
  factor: number;
}

function scaled(measurements: Measurement[]): Scaled[] {
  return measurements.flatMap((profiled) => {
    if (!profiled.profile) return [];
    const plain = measurements.find((other) => !other.profiled && other.target === profiled.target && other.logLevel === profiled.logLevel);
    const busyUsPerRequest = (profiled.profile.busyMs * 1000) / profiled.load.total;
    const factor = plain ? plain.cpuUsPerRequest.mainThread / busyUsPerRequest : 1;
    return [
      {
        target: profiled.target,
        profiled: profiled as Measurement & { profile: ProfileAnalysis },
        factor,
        us: (ms: number) => ((ms * 1000) / profiled.load.total) * factor,
      },
    ];
  });
}

function markdown(measurements: Measurement[], summary: string[]): string {
  const lines = ['# Per-request CPU profile of the api', '', ...summary, ''];
  const plain = measurements.filter((measurement) => !measurement.profiled);
  const profiles = scaled(measurements);

  lines.push(
    '## CPU per request, without the profiler',
    '',
    '| request | LOG_LEVEL | req/s (each round) | p50 ms | p99 ms | api CPU µs / request (all threads) | main thread | other threads | cores used | idle CPU before (ms/s) | log bytes / request | response bytes |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
  );
  for (const m of plain) {
    lines.push(
      `| ${cell(m.label)} | ${m.logLevel} | ${fmt(m.load.rps)} (${m.roundsRps.map(fmt).join(' / ')}) | ${fmt(m.load.p50)} | ${fmt(m.load.p99)} | **${fmt(m.cpuUsPerRequest.process)}** | ${fmt(m.cpuUsPerRequest.mainThread)} | ${fmt(m.cpuUsPerRequest.otherThreads)} | ${fmt(m.cpuCoresUsed)} | ${fmt(m.idleCpuMsPerSecond)} | ${fmt(m.logBytesPerRequest)} | ${m.responseBytes} |`,
    );
  }
  const row = (run: string, target: TargetKey) => plain.find((m) => m.run === run && m.target === target);
  const health = row('plain', 'health');
  const list = row('plain', 'list');
  const notes: string[] = [];
  if (health && list)
    notes.push(`list − health (the HTTP floor): ${signed(list.cpuUsPerRequest.process - health.cpuUsPerRequest.process)} µs of api CPU per request`);
  for (const target of ['health', 'list'] as const) {
    const logged = row('plain', target);
    const quiet = row('quiet', target);
    if (logged && quiet)
      notes.push(
        `${target} with its two request log lines (LOG_LEVEL=${logLevel}) − without them (warn): ${signed(logged.cpuUsPerRequest.process - quiet.cpuUsPerRequest.process)} µs`,
      );
  }
  const spread = Math.max(...plain.map((m) => (Math.max(...m.roundsRps) / Math.min(...m.roundsRps) - 1) * 100));
  if (notes.length)
    lines.push(
      '',
      `Differences: ${notes.join('; ')}. The req/s of one row's rounds differed by up to ${fmt(spread)}% (the machine is shared): a difference of that order is noise (the profile's pino bucket below measures the logging inside one run).`,
    );

  if (profiles.length === 0) return `${lines.join('\n')}\n`;
  lines.push(
    '',
    '## The profiled runs',
    '',
    "The profiler makes the api slower (its sampling interrupts the main thread, and its own thread runs meanwhile), so the profiles give the shares and the µs below are those shares of the main thread's CPU per request measured without it (scale factor = that CPU ÷ the profile's busy time per request).",
    '',
    '| request | req/s | api CPU µs / request (/proc) | profiled busy µs / request (main thread, wall clock) | samples | scale factor |',
    '|---|---|---|---|---|---|',
  );
  for (const p of profiles) {
    const m = p.profiled;
    lines.push(
      `| ${cell(m.label)} | ${fmt(m.load.rps)} | ${fmt(m.cpuUsPerRequest.process)} | ${fmt((m.profile.busyMs * 1000) / m.load.total)} | ${m.profile.samples} | ${fmt(p.factor)} |`,
    );
  }

  const main = profiles.find((p) => p.target === 'list') ?? profiles[profiles.length - 1];
  const groupOf = new Map<string, string>();
  for (const p of profiles) for (const bucket of p.profiled.profile.buckets) groupOf.set(bucket.name, bucket.group);
  const msOf = (p: Scaled, name: string) => p.profiled.profile.buckets.find((bucket) => bucket.name === name)?.ms ?? 0;
  const order = [...groupOf.keys()].sort((a, b) => msOf(main, b) - msOf(main, a) || msOf(profiles[0], b) - msOf(profiles[0], a));
  const header = profiles.map((p) => `${p.target} µs / req`).join(' | ');
  const dashes = profiles.map(() => '---|').join('');
  const busyOf = (p: Scaled) => p.profiled.profile.busyMs;
  lines.push(
    '',
    `## Where the main thread's time goes: self time per bucket`,
    '',
    `| bucket | group | ${header} | ${main.target} % of busy | ${main.target} self ms (profiled) |`,
    `|---|---|${dashes}---|---|`,
  );
  for (const name of order) {
    if (profiles.every((p) => p.us(msOf(p, name)) < 0.05)) continue;
    lines.push(
      `| ${cell(name)} | ${groupOf.get(name)} | ${profiles.map((p) => fmt(p.us(msOf(p, name)))).join(' | ')} | ${fmt((msOf(main, name) / busyOf(main)) * 100)} % | ${fmt(msOf(main, name))} |`,
    );
  }
  lines.push(`| **main thread, all buckets** | | ${profiles.map((p) => `**${fmt(p.us(busyOf(p)))}**`).join(' | ')} | 100 % | ${fmt(busyOf(main))} |`);

  const groupMs = (p: Scaled, group: string) =>
    p.profiled.profile.buckets.filter((bucket) => bucket.group === group).reduce((sum, bucket) => sum + bucket.ms, 0);
  lines.push('', '### By group', '', `| group | ${header} | ${main.target} % of busy |`, `|---|${dashes}---|`);
  for (const group of [...new Set(groupOf.values())].sort((a, b) => groupMs(main, b) - groupMs(main, a))) {
    lines.push(`| ${group} | ${profiles.map((p) => fmt(p.us(groupMs(p, group)))).join(' | ')} | ${fmt((groupMs(main, group) / busyOf(main)) * 100)} % |`);
  }

  lines.push('', '## Synchronous inclusive time (all frames on the stack under these; an await ends it)', '', `| frames | ${header} |`, `|---|${dashes}`);
  for (const [index, entry] of INCLUSIVE.entries()) {
    lines.push(`| ${cell(entry.name)} | ${profiles.map((p) => fmt(p.us(p.profiled.profile.inclusive[index].ms))).join(' | ')} |`);
  }

  for (const p of profiles) {
    const count = p === main ? 25 : 10;
    lines.push(
      '',
      `## Top ${count} functions by self time: ${cell(p.profiled.label)}`,
      '',
      '| # | function | where | bucket | µs / request | % of busy |',
      '|---|---|---|---|---|---|',
    );
    p.profiled.profile.functions.slice(0, count).forEach((stat, index) => {
      lines.push(
        `| ${index + 1} | \`${cell(stat.name)}\` | ${cell(stat.location)} | ${cell(stat.bucket)} | ${fmt(p.us(stat.ms))} | ${fmt((stat.ms / busyOf(p)) * 100)} % |`,
      );
    });
  }
  lines.push('');
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------
// Main

const startedAt = new Date();
const machine = {
  cpu: os.cpus()[0]?.model ?? 'unknown',
  cores: os.cpus().length,
  memoryGb: round(os.totalmem() / 1024 ** 3, 3),
  platform: `${os.platform()} ${os.release()}`,
  node: process.version,
  loadAverageAtStart: os.loadavg().map((value) => round(value, 3)),
  loadAverageAtEnd: [] as number[],
  commit: spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).stdout?.trim() || null,
};
const command = ['npm run bench:profile', ...(process.argv.length > 2 ? ['--', ...process.argv.slice(2)] : [])].join(' ');
log(
  `profile: ${phaseKeys.join(', ')} on ${engineName}; ${connections} connections, ${warmup} s warm-up + ${seconds} s measured each (${rounds} rounds without the profiler)`,
);
log(`machine: ${machine.cores} x ${machine.cpu}, load ${machine.loadAverageAtStart.join(' ')}`);

const workDir = mkdtempSync(path.join(os.tmpdir(), 'ute-profile-'));
const jwtSecret = randomBytes(48).toString('base64url');
let data: ApiData | undefined;
const measurements: Measurement[] = [];
try {
  data = await seedThroughApi(await prepareData(workDir), workDir, jwtSecret);
  log(`data: ${data.description}`);
  let locator: ((frame: CallFrame) => string) | undefined;
  // tsx's cache is read once an api has run (the files it transformed are then in it).
  const locate = () => (locator ??= createLocator());
  const plainRuns = RUNS.filter((run) => !run.profiled);
  if (plainRuns.length > 0) measurements.push(...(await measurePlain(data, plainRuns, workDir, jwtSecret)));
  for (const run of RUNS.filter((candidate) => candidate.profiled)) measurements.push(await measureProfiled(data, run, workDir, jwtSecret, locate));
} finally {
  if (data) {
    if (!data.dataDir.startsWith(workDir)) removeDataDir(data.dataDir);
    if (data.database) await dropBenchDatabase(benchOptions, data.database).catch(() => {});
  }
  if (!flags.keep) rmSync(workDir, { recursive: true, force: true });
}

machine.loadAverageAtEnd = os.loadavg().map((value) => round(value, 3));
const summary = [
  `Run ${startedAt.toISOString()} on ${machine.cores} x ${machine.cpu}, ${machine.memoryGb} GB, Node ${machine.node}, commit ${machine.commit ?? '?'}; load average ${machine.loadAverageAtStart.join(' / ')} at start, ${machine.loadAverageAtEnd.join(' / ')} at end.`,
  '',
  `Command: \`${command}\`. Data: ${data!.description}.`,
  '',
  `The api is \`node --import tsx apps/api/src/server.ts\` (NODE_ENV=production, its log to a file), loaded by autocannon at ${connections} connections from a process of its own (bench/lib/load.ts) after ${warmup} s of warm-up. Without the profiler: one process per LOG_LEVEL, side by side (PGlite: each on its own copy of the data), loaded one at a time in ${rounds} alternating rounds of ${round(seconds / rounds, 3)} s per request, so that the shared machine's drift reaches every row alike; CPU from /proc/<pid>/stat (utime + stime, all threads) and /proc/<pid>/task/<pid>/stat (the main thread). Then one process per request with \`--cpu-prof --cpu-prof-interval ${intervalUs}\`, ${seconds} s measured, of whose main-thread samples only those seconds count. A native frame (a builtin, a syscall) counts for the JS that called it, node's own code under PGlite, pg or pino for them, and zod and JSON.stringify for whoever called them (request validation, response encoding).`,
  ...(data!.engine === 'pglite'
    ? ['', 'On PGlite the database runs inside the api process: its buckets are CPU that PostgreSQL would spend in its own processes.']
    : []),
];
const md = markdown(measurements, summary);
mkdirSync(outDir, { recursive: true });
const json = {
  startedAt: startedAt.toISOString(),
  finishedAt: new Date().toISOString(),
  command,
  options: { engine: engineName, scale, seconds, rounds, warmup, connections, list: listPath, phases: phaseKeys, logLevel, intervalUs },
  machine,
  data: { engine: data!.engine, description: data!.description, counts: data!.counts },
  measurements: measurements.map((measurement) => {
    const profile = measurement.profile;
    if (!profile) return measurement;
    const scaling = scaled([...measurements.filter((other) => !other.profiled), measurement])[0];
    const withUs = <T extends { ms: number }>(entry: T) => ({ ...entry, ms: round(entry.ms), usPerRequest: round(scaling.us(entry.ms)) });
    return {
      ...measurement,
      profile: {
        scaleFactor: round(scaling.factor),
        windowMs: round(profile.windowMs),
        samples: profile.samples,
        busyMs: round(profile.busyMs),
        idleMs: round(profile.idleMs),
        buckets: profile.buckets.map(withUs),
        inclusive: profile.inclusive.map(withUs),
        functions: profile.functions.slice(0, 60).map(withUs),
      },
    };
  }),
};
writeFileSync(path.join(outDir, `${outName}.json`), `${JSON.stringify(json, null, 2)}\n`);
writeFileSync(path.join(outDir, `${outName}.md`), md);
process.stdout.write(`\n${md}\n`);
log(`results in ${path.relative(repoRoot, outDir)}/${outName}.{json,md}${flags.keep ? `; profiles and api logs in ${workDir}` : ''}`);
