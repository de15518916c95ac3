/**
 * `npm run bench`: every hot path of the back-office against its physical limit, side by side in
 * one run on one machine, so the results are ratios. See bench/README.md.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchEngine, compareEngines, listHttpThroughput, type EngineResults } from './lib/api-bench';
import { apiWorkerPoolSize, parseOptions, type EngineName } from './lib/args';
import { startEngine, type BenchEngine } from './lib/engine';
import { dropBenchDatabase, preparePglite, preparePostgres, removeDataDir, type PreparedData } from './lib/prepare';
import { toMarkdown, toSvg } from './lib/report';
import type { Row } from './lib/results';
import { round } from './lib/stats';
import { ensureWebBuild, measureWeb, runLighthouse } from './lib/web';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const options = parseOptions(process.argv.slice(2));
const startedAt = new Date();
const clock = performance.now();
const seconds = () => round((performance.now() - clock) / 1000, 4);
const log = (line: string) => process.stdout.write(`[${seconds().toFixed(1).padStart(6)} s] ${line}\n`);
const timings: Record<string, number> = {};
const timed = async <T>(name: string, action: () => Promise<T>): Promise<T> => {
  const began = performance.now();
  try {
    return await action();
  } finally {
    timings[name] = round((performance.now() - began) / 1000, 4);
  }
};

const machine = {
  cpu: os.cpus()[0]?.model ?? 'unknown',
  cores: os.cpus().length,
  memoryGb: round(os.totalmem() / 1024 ** 3, 3),
  platform: `${os.platform()} ${os.release()}`,
  node: process.version,
  loadAverageAtStart: os.loadavg().map((value) => round(value, 3)),
  loadAverageAtEnd: [] as number[],
  postgres: null as string | null,
  commit: spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).stdout.trim() || null,
};

log(`benchmark ${options.quick ? '--quick' : 'full'}: engines ${options.engines.join(', ')}; comparisons ${options.only.join(', ')}`);
log(`machine: ${machine.cores} x ${machine.cpu}, ${machine.memoryGb} GB, load ${machine.loadAverageAtStart.join(' ')}`);

const rows: Row[] = [];
const failures: string[] = [];
const prepared: Partial<Record<EngineName, PreparedData>> = {};
const engineResults: Partial<Record<EngineName, EngineResults>> = {};
const details: Record<string, unknown> = {};
const needsApi = options.only.some((name) => name !== 'web');
const needsWeb = options.only.includes('web');
const enginesToRun: EngineName[] = needsApi ? options.engines : needsWeb ? [options.engines[0]] : [];
// f compares the engines on the same data: PostgreSQL gets a second database at PGlite's scale.
// (Unless both engines already have the same scale, as in --quick: then the main databases compare.)
const comparesEngines = options.only.includes('engines') && options.engines.includes('postgres') && options.engines.includes('pglite');
const needsSameSize = comparesEngines && options.pgScale !== options.pgliteScale;
let postgresSameSize: PreparedData | undefined;

try {
  // Data first, one engine at a time (seeding loads the whole machine; nothing is measured meanwhile).
  for (const name of enginesToRun) {
    prepared[name] = await timed(`prepare.${name}`, () => (name === 'postgres' ? preparePostgres(options, log) : preparePglite(options, log)));
    const data = prepared[name]!;
    log(`${name}: ${data.source === 'seeded' ? 'seeded' : 'copied from template'} in ${data.seconds} s: ${JSON.stringify(data.seed.counts)}`);
  }
  if (needsSameSize) {
    postgresSameSize = await timed('prepare.postgresSameSize', () =>
      preparePostgres(options, log, { scale: options.pgliteScale, database: `${options.benchDatabase}_small` }),
    );
    log(`postgres at PGlite's scale: ${postgresSameSize.source === 'seeded' ? 'seeded' : 'copied from template'} in ${postgresSameSize.seconds} s`);
  }

  for (const name of enginesToRun) {
    const data = prepared[name]!;
    let engine: BenchEngine | null = null;
    try {
      engine = await startEngine({ name, target: data.target, dataDir: data.dataDir, poolSize: options.poolSize, apiWorkers: options.apiWorkers });
      if (name === 'postgres') machine.postgres = String((await engine.sql<{ version: string }>('select version() as version'))[0].version).split(',')[0];
      if (needsApi) {
        const result = await timed(`measure.${name}`, () => benchEngine(engine!, options, log));
        engineResults[name] = result;
        rows.push(...result.rows);
        failures.push(...result.failures);
      }
      if (needsWeb && name === enginesToRun[enginesToRun.length - 1]) {
        await timed('web', async () => {
          const dist = ensureWebBuild(repoRoot, log);
          const web = measureWeb(dist);
          rows.push(...web.rows);
          details.web = web.details;
          const lighthouse = {
            appUrl: engine!.apiUrl.replace(/\/api\/admin$/, ''),
            token: engine!.token,
            onlyFirst: options.quick,
          };
          rows.push(...(await runLighthouse(lighthouse, log)));
        });
      }
    } finally {
      await engine?.close();
    }
  }

  if (comparesEngines && !needsSameSize && engineResults.pglite && engineResults.postgres) {
    const sameSize = Object.fromEntries(Object.entries(engineResults.postgres.throughput).map(([key, result]) => [key, result.http]));
    rows.push(...compareEngines(engineResults.pglite, sameSize, undefined, { pglite: prepared.pglite!.seed.counts.users }));
  }
  if (postgresSameSize && engineResults.pglite) {
    const engine = await startEngine({ name: 'postgres', target: postgresSameSize.target, dataDir: postgresSameSize.dataDir, poolSize: options.poolSize });
    try {
      const sameSize = await timed('measure.postgresSameSize', () => listHttpThroughput(engine, options, log));
      rows.push(
        ...compareEngines(engineResults.pglite, sameSize, engineResults.postgres, {
          pglite: prepared.pglite!.seed.counts.users,
          postgresBig: prepared.postgres?.seed.counts.users,
        }),
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      failures.push(`engines: ${message}`);
      rows.push({
        id: 'engines.failed',
        group: 'engines',
        engine: 'both',
        label: 'PGlite vs PostgreSQL comparison',
        value: Number.NaN,
        unit: 'ratio',
        note: `failed: ${message.slice(0, 200)}`,
      });
    } finally {
      await engine.close();
    }
  }
} finally {
  for (const data of [...Object.values(prepared), postgresSameSize]) {
    if (!data) continue;
    removeDataDir(data.dataDir);
    if (data.database) await dropBenchDatabase(options, data.database).catch(() => {});
  }
}

machine.loadAverageAtEnd = os.loadavg().map((value) => round(value, 3));
const finishedAt = new Date();
const durationSeconds = seconds();
const dataSummary: Record<string, unknown> = Object.fromEntries(
  Object.entries(prepared).map(([name, data]) => [
    name,
    { scale: data.scale, counts: data.seed.counts, source: data.source, seedSeconds: data.seed.seconds, prepareSeconds: data.seconds },
  ]),
);

if (postgresSameSize)
  dataSummary.postgresSameSize = {
    scale: postgresSameSize.scale,
    counts: postgresSameSize.seed.counts,
    source: postgresSameSize.source,
    seedSeconds: postgresSameSize.seed.seconds,
    prepareSeconds: postgresSameSize.seconds,
  };

const sizes = Object.entries(prepared)
  .map(([name, data]) => {
    const c = data.seed.counts;
    return `${name === 'postgres' ? 'PostgreSQL' : 'PGlite'} scale ${data.scale}: ${c.users} users, ${c.utes} utes, ${c.jobs} jobs, ${c.uteBookings} + ${c.jobBookings} bookings, ${c.payments} payments, ${c.activities} activity rows (${data.source === 'seeded' ? `seeded in ${data.seed.seconds.total} s` : 'copied from the seeded template'})`;
  })
  .join('; ')
  .concat(postgresSameSize ? `; PostgreSQL at PGlite's scale (${postgresSameSize.scale}) for the engine comparison` : '');
const markdown = toMarkdown({
  title: `Benchmark results (${options.quick ? 'quick' : 'full'} run)`,
  summary: [
    `Run ${startedAt.toISOString()} on ${machine.cores} x ${machine.cpu}, ${machine.memoryGb} GB, ${machine.postgres ?? 'no PostgreSQL'}, Node ${machine.node}, commit ${machine.commit ?? '?'}; load average ${machine.loadAverageAtStart.join(' / ')} at start, ${machine.loadAverageAtEnd.join(' / ')} at end.`,
    '',
    `Data: ${sizes || 'none'}.`,
    '',
    `Run time ${Math.round(durationSeconds)} s (${Object.entries(timings)
      .map(([name, value]) => `${name} ${Math.round(value)} s`)
      .join(
        ', ',
      )}). ${options.rounds} rounds of ${options.duration} s at ${options.connections} connections (load generator: ${options.loadGenerator}, in a process of its own), pool ${options.poolSize}${
      options.apiWorkers > 1 ? `; PostgreSQL's api: ${options.apiWorkers} processes (API_WORKERS, each with a pool of ${apiWorkerPoolSize(options)})` : ''
    }; ${options.samples} sequential samples per latency.`,
  ],
  rows,
});

const outDir = path.resolve(repoRoot, options.outDir);
mkdirSync(outDir, { recursive: true });
const json = {
  startedAt: startedAt.toISOString(),
  finishedAt: finishedAt.toISOString(),
  durationSeconds,
  mode: options.quick ? 'quick' : 'full',
  options: { ...options, databaseUrl: options.databaseUrl.replace(/\/\/[^@/]*@/, '//***@') },
  machine,
  data: dataSummary,
  timings,
  failures,
  rows,
  details: { ...details, ...Object.fromEntries(Object.entries(engineResults).map(([name, result]) => [name, result.details])) },
};
writeFileSync(path.join(outDir, `${options.name}.json`), `${JSON.stringify(json, null, 2)}\n`);
writeFileSync(path.join(outDir, `${options.name}.md`), markdown);
writeFileSync(
  path.join(outDir, options.name === 'latest' ? 'ratios.svg' : `${options.name}-ratios.svg`),
  toSvg(`Ute back-office benchmark, ${startedAt.toISOString().slice(0, 10)} (${options.quick ? 'quick' : 'full'} run)`, rows),
);
process.stdout.write(`\n${markdown}\n`);
log(`results in ${path.relative(repoRoot, outDir)}/${options.name}.{json,md}`);
if (failures.length) {
  process.stderr.write(`${failures.length} comparison(s) failed:\n${failures.join('\n')}\n`);
  process.exitCode = 1;
}
