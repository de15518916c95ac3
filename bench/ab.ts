/**
 * `npm run bench:ab`: two versions of the api on the same data, their requests interleaved.
 *
 * On a shared machine two runs of `npm run bench` minutes apart can differ by more than a change does
 * (bench/README.md, "Where the targets stand"). This runs this checkout's api and another checkout's
 * (--base, with its own node_modules) in one process on one PostgreSQL database, and sends each path
 * to them in turn, --per-round sequential requests to one, then to the other, for --rounds rounds:
 * whatever the machine does meanwhile reaches both alike. It prints p50 and p95 per version and path
 * and writes results/<name>.{md,json}. With --load-seconds, each round also loads each version in
 * turn with autocannon (--connections) for that long: requests per second under load, where a
 * change of the api's CPU per request shows (a sequential request mostly waits on the database).
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { API_BASE } from '@ute/contract';
import * as headApi from '@ute/api/bench';
import { positiveFlag } from './lib/args';
import { getJson } from './lib/calls';
import { BENCH_ADMIN, signInAsBenchAdmin } from './lib/engine';
import { httpLoad, sequential } from './lib/load';
import { median, p95, round } from './lib/stats';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const HELP = `npm run bench:ab -- --base DIR --database-url URL [flags] PATH...

  PATH                  a GET under ${API_BASE}, e.g. "/get-all-job-list?limit=10&search=appliance"
  --base DIR            the other checkout (git worktree add DIR <commit>; cd DIR; npm ci)
  --database-url URL    a migrated, seeded PostgreSQL database both run on, e.g. a copy of the
                        benchmark's template: createdb -T ute_bench_tpl_<...> ute_ab
  --rounds N            rounds per path (default 8)
  --per-round N         sequential requests to one version per round (default 15)
  --pool N              database pool size of each api (default 10)
  --load-seconds S      also load each version for S seconds a round (autocannon) and compare req/s
  --connections N       connections of that load (default 10)
  --name NAME           results file name (default ab)
`;

const { values: flags, positionals: paths } = parseArgs({
  args: process.argv.slice(2),
  allowPositionals: true,
  options: {
    help: { type: 'boolean' },
    base: { type: 'string' },
    'database-url': { type: 'string' },
    rounds: { type: 'string' },
    'per-round': { type: 'string' },
    pool: { type: 'string' },
    'load-seconds': { type: 'string' },
    connections: { type: 'string' },
    name: { type: 'string' },
  },
});
if (flags.help || !flags.base || !flags['database-url'] || paths.length === 0) {
  process.stdout.write(HELP);
  process.exit(flags.help ? 0 : 2);
}

const databaseUrl = flags['database-url'];
const rounds = Math.floor(positiveFlag(flags.rounds, 8, 'rounds'));
const perRound = Math.floor(positiveFlag(flags['per-round'], 15, 'per-round'));
const poolSize = Math.floor(positiveFlag(flags.pool, 10, 'pool'));
const loadSeconds = flags['load-seconds'] === undefined ? undefined : positiveFlag(flags['load-seconds'], 3, 'load-seconds');
const connections = Math.floor(positiveFlag(flags.connections, 10, 'connections'));
const baseDir = path.resolve(flags.base);

type Api = typeof headApi;

interface Version {
  name: string;
  apiUrl: string;
  token: string;
  close(): Promise<void>;
}

/** One version's api on the database, listening on a free loopback port, signed in as the bench's admin. */
async function startVersion(name: string, api: Api): Promise<Version> {
  const database = api.openPostgres(databaseUrl, poolSize);
  const config = api.loadConfig({ DATA_DIR: os.tmpdir(), LOG_LEVEL: 'silent', HOST: '127.0.0.1', PORT: '0' });
  const app = await api.buildApp({ config, database, logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const apiUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}${API_BASE}`;
  return {
    name,
    apiUrl,
    token: await signInAsBenchAdmin(apiUrl, name),
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** A checkout's commit, and whether it has changes not committed. */
function commitOf(dir: string): string {
  const commit = spawnSync('git', ['-C', dir, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout.trim() || 'unknown commit';
  const changed = spawnSync('git', ['-C', dir, 'status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8' }).stdout.trim();
  return changed ? `${commit} with changes` : commit;
}

const baseApi = (await import(pathToFileURL(path.join(baseDir, 'apps/api/src/bench.ts')).href)) as Api;
// The admin is written once: writing it again signs out the sessions it had (its token version).
{
  const database = headApi.openPostgres(databaseUrl, 1);
  await headApi.upsertAdmin(database.db, BENCH_ADMIN.email, await headApi.hashPassword(BENCH_ADMIN.password));
  await database.close();
}
const versions = [await startVersion(`base ${commitOf(baseDir)}`, baseApi), await startVersion(`head ${commitOf(repoRoot)}`, headApi)];

/** Requests per second of one version under `connections` for `loadSeconds`; a failed request stops the comparison. */
async function loadRps(version: Version, pathAndQuery: string, seconds: number): Promise<number> {
  const run = await httpLoad({ url: `${version.apiUrl}${pathAndQuery}`, token: version.token, connections, seconds });
  if (run.errors > 0) throw new Error(`${pathAndQuery} on ${version.name}: ${run.errors} failed requests under load`);
  return run.rps;
}

const results: { path: string; versions: { label: string; p50: number; p95: number; n: number; rps?: number[] }[] }[] = [];
try {
  for (const pathAndQuery of paths) {
    const times = versions.map(() => [] as number[]);
    const rps = versions.map(() => [] as number[]);
    // Each request's answer is read whole; a failed one stops the comparison.
    const requests = (version: Version, count: number) => sequential(count, () => getJson(version, pathAndQuery).then(() => undefined));
    for (const version of versions) {
      await requests(version, 5);
      if (loadSeconds) await loadRps(version, pathAndQuery, 1);
    }
    for (let roundAt = 0; roundAt < rounds; roundAt += 1)
      // Which version goes first alternates, so neither always follows the other's requests.
      for (const at of roundAt % 2 === 0 ? [0, 1] : [1, 0]) {
        times[at].push(...(await requests(versions[at], perRound)));
        if (loadSeconds) rps[at].push(await loadRps(versions[at], pathAndQuery, loadSeconds));
      }
    const row = {
      path: pathAndQuery,
      versions: versions.map((version, at) => ({
        label: version.name,
        p50: round(median(times[at]), 3),
        p95: round(p95(times[at]), 3),
        n: times[at].length,
        ...(loadSeconds ? { rps: rps[at] } : {}),
      })),
    };
    results.push(row);
    const loaded = (v: (typeof row.versions)[number]) => (v.rps ? `, ${round(median(v.rps), 3)} req/s at ${connections} connections` : '');
    process.stdout.write(`${pathAndQuery}: ${row.versions.map((v) => `${v.label} p50 ${v.p50} ms, p95 ${v.p95} ms${loaded(v)}`).join(' | ')}\n`);
  }
} finally {
  for (const version of versions) await version.close();
}

const name = flags.name ?? 'ab';
const lines = [
  `# A/B: ${versions.map((version) => version.name).join(' vs ')}`,
  '',
  `Run ${new Date().toISOString()} on ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'CPU'}, load ${os
    .loadavg()
    .map((load) => round(load, 3))
    .join(' / ')}. Both on \`${databaseUrl.replace(/\/\/[^@]*@/, '//')}\`, ${rounds} rounds of ${perRound} sequential requests each, interleaved.`,
  '',
  '| path | base p50 | base p95 | head p50 | head p95 |',
  '|---|---|---|---|---|',
  ...results.map((row) => `| \`${row.path}\` | ${row.versions[0].p50} | ${row.versions[0].p95} | ${row.versions[1].p50} | ${row.versions[1].p95} |`),
  '',
  'All times in ms.',
  '',
  ...(loadSeconds
    ? [
        `Under load: ${connections} connections (autocannon, in a process of its own) for ${loadSeconds} s on each version in each round, in the same alternating order; req/s as the median of the rounds (each round's in brackets), and head ÷ base of each round's pair.`,
        '',
        '| path | base req/s | head req/s | head ÷ base (median of rounds) |',
        '|---|---|---|---|',
        ...results.map((row) => {
          const [base, head] = row.versions.map((version) => version.rps ?? []);
          const each = (values: number[]) => `${round(median(values), 3)} (${values.map((value) => Math.round(value)).join(' / ')})`;
          return `| \`${row.path}\` | ${each(base)} | ${each(head)} | ${round(median(head.map((value, at) => value / base[at])), 3)} |`;
        }),
        '',
      ]
    : []),
];
const outBase = path.join(repoRoot, 'bench/results', name);
writeFileSync(`${outBase}.md`, lines.join('\n'));
writeFileSync(`${outBase}.json`, `${JSON.stringify({ base: baseDir, databaseUrl, rounds, perRound, loadSeconds, connections, results }, null, 2)}\n`);
process.stdout.write(`results in bench/results/${name}.{md,json}\n`);
process.exit(0);
