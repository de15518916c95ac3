import { parseArgs } from 'node:util';
import { DEFAULT_LOAD_GENERATOR, type LoadGeneratorName } from './load';

export const COMPARISONS = [
  'list',
  'paging',
  'dashboard',
  'search',
  'activity',
  'export',
  'globalSearch',
  'money',
  'analytics',
  'live',
  'engines',
  'web',
] as const;
export type Comparison = (typeof COMPARISONS)[number];
export type EngineName = 'postgres' | 'pglite';

export interface BenchOptions {
  quick: boolean;
  /** seedDemoData scale on PostgreSQL (80 users, 60 utes, 40 jobs, 50 + 30 bookings, 60 payments per unit). */
  pgScale: number;
  pgliteScale: number;
  heavyActivityRows: number;
  databaseUrl: string;
  benchDatabase: string;
  engines: EngineName[];
  only: Comparison[];
  /** Seconds of each autocannon / raw-driver run. */
  duration: number;
  warmup: number;
  rounds: number;
  connections: number;
  poolSize: number;
  /** Sequential requests per latency measurement (paging, dashboard, search, activity). */
  samples: number;
  /** Repetitions of the slow raw queries (COUNT(*), unindexed scans). */
  rawSamples: number;
  /** Reuse (and keep) a seeded template database between runs. */
  cache: boolean;
  fresh: boolean;
  loadGenerator: LoadGeneratorName;
  autocannonWorkers: number;
  /** API_WORKERS of the api the PostgreSQL calls and loads go to (1: the api in the benchmark's process). */
  apiWorkers: number;
  outDir: string;
  name: string;
}

const HELP = `npm run bench -- [flags]

  --quick                 small data and short runs (under 2 minutes)
  --pg-scale N            seedDemoData scale on PostgreSQL (default 12500 = 1M users; quick 40)
  --pglite-scale N        seedDemoData scale on PGlite (default 1250 = 100k users; quick 40)
  --heavy-activity N      activity rows of the heavy user (default 50000)
  --database-url URL      PostgreSQL server (default $DATABASE_URL or postgres://postgres@127.0.0.1:5432/test)
  --bench-db NAME         database the benchmark drops and recreates (default ute_bench; NAME_small for
                          PostgreSQL at the PGlite size, NAME_tpl_* for the kept templates)
  --engines LIST          postgres,pglite (default both)
  --only LIST             ${COMPARISONS.join(',')} (default all)
  --duration S            seconds per throughput run (default 3; quick 0.5)
  --warmup S              seconds of warm-up before each throughput run (default 1; quick 0.2)
  --rounds N              rounds of each measurement (default 3; quick 2)
  --connections N         HTTP connections = raw driver workers (default 10)
  --pool N                database pool size of the api and of the raw driver (default 10)
  --samples N             sequential requests per latency measurement (default 15; quick 5)
  --raw-samples N         repetitions of full-table raw queries (default 3; quick 2)
  --no-cache              do not keep the seeded PostgreSQL template database for the next run
  --fresh                 reseed even when a template database matches
  --load-generator NAME   autocannon (default) or wrk (apt-get install -y wrk), in a process of its own
  --autocannon-workers N  worker threads of autocannon in its own process (default 0: its main thread)
  --api-workers N         on PostgreSQL, the calls and loads go to the api started as deployed with
                          API_WORKERS=N (processes sharing one port, N x pool/N connections), not
                          to the api in the benchmark's process (default 1: that one)
  --out DIR               results folder (default bench/results)
  --name NAME             results file name (default latest; quick: quick)
`;

function list<T extends string>(value: string | undefined, allowed: readonly T[], fallback: T[]): T[] {
  if (!value) return fallback;
  const items = value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  for (const item of items) if (!allowed.includes(item as T)) throw new Error(`unknown value "${item}" (allowed: ${allowed.join(', ')})`);
  return items as T[];
}

/** A flag's number, at least 0 (or greater than 0 when `positive`), or `fallback` when it is not given. */
function num(value: string | undefined, fallback: number, name: string, positive = false): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0 || (positive && parsed === 0)) throw new Error(`--${name} must be a number ${positive ? '> 0' : '>= 0'}`);
  return parsed;
}

function loadGeneratorFlag(value: string | undefined): LoadGeneratorName {
  if (value === undefined) return DEFAULT_LOAD_GENERATOR;
  if (value !== 'wrk' && value !== 'autocannon') throw new Error('--load-generator must be wrk or autocannon');
  return value;
}

/** The pool of each api process with `--api-workers`: the api's `--pool` connections in all. */
export const apiWorkerPoolSize = (options: Pick<BenchOptions, 'poolSize' | 'apiWorkers'>) => Math.ceil(options.poolSize / options.apiWorkers);

/** num greater than 0 (bench:profile, bench:ab). */
export const positiveFlag = (value: string | undefined, fallback: number, name: string) => num(value, fallback, name, true);

export function parseOptions(argv: string[]): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    allowPositionals: false,
    options: {
      help: { type: 'boolean' },
      quick: { type: 'boolean' },
      'pg-scale': { type: 'string' },
      'pglite-scale': { type: 'string' },
      'heavy-activity': { type: 'string' },
      'database-url': { type: 'string' },
      'bench-db': { type: 'string' },
      engines: { type: 'string' },
      only: { type: 'string' },
      duration: { type: 'string' },
      warmup: { type: 'string' },
      rounds: { type: 'string' },
      connections: { type: 'string' },
      pool: { type: 'string' },
      samples: { type: 'string' },
      'raw-samples': { type: 'string' },
      'no-cache': { type: 'boolean' },
      fresh: { type: 'boolean' },
      'load-generator': { type: 'string' },
      'autocannon-workers': { type: 'string' },
      'api-workers': { type: 'string' },
      out: { type: 'string' },
      name: { type: 'string' },
    },
  });
  if (values.help) {
    process.stdout.write(HELP);
    process.exit(0);
  }
  const quick = values.quick ?? false;
  const benchDatabase = values['bench-db'] ?? 'ute_bench';
  if (!/^[a-z_][a-z0-9_]{0,23}$/.test(benchDatabase)) throw new Error('--bench-db must be a plain lower-case identifier of at most 24 characters');
  return {
    quick,
    pgScale: Math.max(1, Math.floor(num(values['pg-scale'], quick ? 40 : 12500, 'pg-scale'))),
    pgliteScale: Math.max(1, Math.floor(num(values['pglite-scale'], quick ? 40 : 1250, 'pglite-scale'))),
    heavyActivityRows: Math.floor(num(values['heavy-activity'], 50_000, 'heavy-activity')),
    databaseUrl: values['database-url'] ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    benchDatabase,
    engines: list(values.engines, ['postgres', 'pglite'] as const, ['postgres', 'pglite']),
    only: list(values.only, COMPARISONS, [...COMPARISONS]),
    duration: num(values.duration, quick ? 0.5 : 3, 'duration'),
    warmup: num(values.warmup, quick ? 0.2 : 1, 'warmup'),
    rounds: Math.max(1, Math.floor(num(values.rounds, quick ? 2 : 3, 'rounds'))),
    connections: Math.max(1, Math.floor(num(values.connections, 10, 'connections'))),
    poolSize: Math.max(1, Math.floor(num(values.pool, 10, 'pool'))),
    samples: Math.max(1, Math.floor(num(values.samples, quick ? 5 : 15, 'samples'))),
    rawSamples: Math.max(1, Math.floor(num(values['raw-samples'], quick ? 2 : 3, 'raw-samples'))),
    cache: !(values['no-cache'] ?? false),
    fresh: values.fresh ?? false,
    loadGenerator: loadGeneratorFlag(values['load-generator']),
    autocannonWorkers: Math.floor(num(values['autocannon-workers'], 0, 'autocannon-workers')),
    apiWorkers: Math.max(1, Math.floor(num(values['api-workers'], 1, 'api-workers'))),
    outDir: values.out ?? 'bench/results',
    name: values.name ?? (quick ? 'quick' : 'latest'),
  };
}
