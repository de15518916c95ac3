/**
 * One endpoint's calls as the benchmark makes them: a GET with the bench admin's token, the
 * statements it sends, their times alone on the raw driver, and its throughput under load.
 */
import type { BenchOptions } from './args';
import { runPhases, toPhases, type BenchEngine, type Statement } from './engine';
import { cpuPerCall, cpuSnapshot, type CpuPerCall } from './cpu';
import { httpLoad, rawLoad, sequential, type HttpLoad, type LoadResult } from './load';
import { median, round, summarize, type Summary } from './stats';

type Log = (line: string) => void;

/** A load and where the machine's CPU went per call meanwhile. */
export type MeasuredLoad = LoadResult & { cpu: CpuPerCall };

export interface ThroughputResult {
  endpoint: string;
  statements: string[];
  http: MeasuredLoad[];
  raw: MeasuredLoad[];
  throughputRatio: Summary;
  p99Ratio: Summary;
}

/** A GET's JSON answer on an api signed in as the bench admin; a failed request throws, naming the api. */
export async function getJson<T = Record<string, unknown>>(engine: Pick<BenchEngine, 'apiUrl' | 'token'> & { name: string }, pathAndQuery: string): Promise<T> {
  const response = await fetch(`${engine.apiUrl}${pathAndQuery}`, { headers: { authorization: `Bearer ${engine.token}` } });
  const body = await response.text();
  if (!response.ok) throw new Error(`GET ${pathAndQuery} on ${engine.name}: ${response.status} ${body.slice(0, 300)}`);
  return JSON.parse(body) as T;
}

/** The statements one call of the endpoint makes (after warming it up). */
export async function recordCall(engine: BenchEngine, pathAndQuery: string): Promise<Statement[]> {
  const recorded = { ...engine, apiUrl: engine.recordUrl };
  for (let i = 0; i < 3; i += 1) await getJson(recorded, pathAndQuery);
  const { statements } = await engine.record(() => getJson(recorded, pathAndQuery));
  if (statements.length === 0) throw new Error(`GET ${pathAndQuery} made no statement through the pool (a transaction?): cannot replay it`);
  return statements;
}

export const describe = (statements: Statement[]) => statements.map((statement) => statement.text.replace(/\s+/g, ' ').slice(0, 400));

/** The bench's HTTP load of `url` for a number of seconds, with its flags' generator and connections. */
const loadsOf =
  (options: BenchOptions, url: string, token: string) =>
  (seconds: number): HttpLoad => ({
    url,
    token,
    connections: options.connections,
    seconds,
    generator: options.loadGenerator,
    autocannonWorkers: options.autocannonWorkers,
  });

/** a. One endpoint over HTTP (bench/lib/load.ts's load generator) against the raw driver running the same statements, same pool, same concurrency. */
export async function compareThroughput(engine: BenchEngine, options: BenchOptions, pathAndQuery: string, log: Log): Promise<ThroughputResult> {
  const statements = await recordCall(engine, pathAndQuery);
  const phases = toPhases(statements);
  const iteration = () => runPhases(engine, phases);
  const loadOf = loadsOf(options, `${engine.apiUrl}${pathAndQuery}`, engine.token);
  const apiPids = engine.apiPids();
  const http = () => measured(apiPids, (onStart) => httpLoad(loadOf(options.duration), onStart));
  const raw = () => measured(apiPids, () => rawLoad(iteration, options.connections, options.duration));
  if (options.warmup > 0) {
    await httpLoad(loadOf(options.warmup));
    await rawLoad(iteration, options.connections, options.warmup);
  }
  const httpRuns: MeasuredLoad[] = [];
  const rawRuns: MeasuredLoad[] = [];
  for (let round = 0; round < options.rounds; round += 1) {
    // Alternate which side goes first, so a drift in the machine's load hits both.
    if (round % 2 === 0) {
      httpRuns.push(await http());
      rawRuns.push(await raw());
    } else {
      rawRuns.push(await raw());
      httpRuns.push(await http());
    }
  }
  const errors = [...httpRuns, ...rawRuns].reduce((sum, run) => sum + run.errors, 0);
  if (errors > 0) throw new Error(`${pathAndQuery} on ${engine.name}: ${errors} failed requests during the load`);
  const result: ThroughputResult = {
    endpoint: pathAndQuery,
    statements: describe(statements),
    http: httpRuns,
    raw: rawRuns,
    throughputRatio: summarize(httpRuns.map((run, i) => run.rps / rawRuns[i].rps)),
    p99Ratio: summarize(httpRuns.map((run, i) => run.p99 / rawRuns[i].p99)),
  };
  log(
    `${engine.name} ${pathAndQuery}: ${round(median(httpRuns.map((r) => r.rps)), 3)} req/s vs raw ${round(median(rawRuns.map((r) => r.rps)), 3)} /s ` +
      `-> ${result.throughputRatio.median} (p99 ratio ${result.p99Ratio.median}, ${phases.length} phase(s), ${statements.length} statement(s)); ` +
      `CPU µs a call, HTTP vs raw: ${describeCpu(medianCpu(httpRuns))} vs ${describeCpu(medianCpu(rawRuns))}`,
  );
  return result;
}

/** Runs one load, noting the CPU each party spent from its start (`onStart`: after the load generator's own start) to its end. */
async function measured(apiPids: readonly number[], load: (onStart: () => void) => Promise<LoadResult>): Promise<MeasuredLoad> {
  let before = cpuSnapshot(apiPids);
  let started = performance.now();
  const result = await load(() => {
    before = cpuSnapshot(apiPids);
    started = performance.now();
  });
  return { ...result, cpu: cpuPerCall(before, cpuSnapshot(apiPids), result.total, (performance.now() - started) / 1000, result.generatorCpuMs) };
}

/** Each field's median over the rounds. */
const medianCpu = (runs: MeasuredLoad[]): CpuPerCall => {
  const of = (field: keyof CpuPerCall) => median(runs.map((run) => run.cpu[field]));
  return {
    mainThread: of('mainThread'),
    otherThreads: of('otherThreads'),
    postgres: of('postgres'),
    loadGenerator: of('loadGenerator'),
    rest: of('rest'),
    coresBusy: of('coresBusy'),
  };
};

const describeCpu = (cpu: CpuPerCall) =>
  `main thread ${cpu.mainThread}, other threads ${cpu.otherThreads}, PostgreSQL ${cpu.postgres}, load generator ${cpu.loadGenerator}, rest ${cpu.rest} (${cpu.coresBusy} cores busy)`;

export const throughputDetails = (result: ThroughputResult) => ({
  endpoint: result.endpoint,
  httpRps: summarize(result.http.map((run) => run.rps)),
  rawRps: summarize(result.raw.map((run) => run.rps)),
  httpP99Ms: summarize(result.http.map((run) => run.p99)),
  rawP99Ms: summarize(result.raw.map((run) => run.p99)),
  httpP50Ms: summarize(result.http.map((run) => run.p50)),
  rawP50Ms: summarize(result.raw.map((run) => run.p50)),
  p99Ratio: result.p99Ratio,
  throughputRatioRounds: result.http.map((run, i) => round(run.rps / result.raw[i].rps)),
  httpCpuUsPerCall: medianCpu(result.http),
  rawCpuUsPerCall: medianCpu(result.raw),
  statements: result.statements,
});

/** HTTP throughput only: warm-up, then `rounds` loads. */
export async function httpRounds(engine: BenchEngine, options: BenchOptions, url: string): Promise<LoadResult[]> {
  const loadOf = loadsOf(options, url, engine.token);
  const load = (seconds: number) => httpLoad(loadOf(seconds));
  if (options.warmup > 0) await load(options.warmup);
  const runs: LoadResult[] = [];
  for (let round = 0; round < options.rounds; round += 1) runs.push(await load(options.duration));
  const errors = runs.reduce((sum, run) => sum + run.errors, 0);
  if (errors > 0) throw new Error(`${url} on ${engine.name}: ${errors} failed requests during the load`);
  return runs;
}

/** Milliseconds of each statement, run alone on the raw driver (median of `times`). */
export async function statementTimes(engine: BenchEngine, statements: Statement[], times: number): Promise<{ sql: string; ms: number }[]> {
  const out: { sql: string; ms: number }[] = [];
  for (const statement of statements) {
    const ms = await sequential(times, async () => {
      await engine.raw(statement);
    });
    out.push({ sql: describe([statement])[0].slice(0, 160), ms: round(median(ms)) });
  }
  return out;
}
