// `npm test`: every check in order, each step's result, then a summary of the results and of what the run
// used. Without a PostgreSQL it starts a throwaway one; without Redis it skips the Redis store tests and
// counts them in the summary; a step that cannot run (no Chromium) fails the run. Nothing is skipped silently.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { fileURLToPath } from 'node:url';
import { findChromium } from './lib/findChromium.mjs';
import { findPgToolsProblem, providePostgres, withoutPassword } from './lib/postgres.mjs';
import { canConnect } from './lib/tcp.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tmp = path.join(root, '.tmp');
mkdirSync(tmp, { recursive: true });

const vitestReport = (name) => path.join(tmp, `${name}.json`);
const vitest = (dir, name) => ['npx', 'vitest', 'run', '--root', dir, '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport(name)}`];

// What a step uses: `database` 'pglite', 'postgres' (DATABASE_URL too) or 'both' (PGlite, and TEST_DATABASE_URL
// for the tests that always need PostgreSQL); `usesRedis` (its Redis store tests); `usesChromium`.
const reliabilitySteps = [
  { name: 'reliability', command: vitest('apps/api', 'reliability'), report: vitestReport('reliability'), env: { RELIABILITY: '1' }, database: 'both' },
];

// Steps of one `together` group run at the same time, each its output kept and printed when it ends: the
// static checks are one process each on one core (eslint, tsc, prettier), and a CI machine has two or more.
const mainSteps = [
  { name: 'lint', command: ['npx', 'eslint', '--max-warnings', '0', '.'], together: 'static checks' },
  { name: 'format', command: ['npx', 'prettier', '--check', '--log-level', 'warn', '.'], together: 'static checks' },
  { name: 'typecheck', command: ['npm', 'run', 'typecheck', '--silent'], together: 'static checks' },
  { name: 'unit: contract', command: vitest('packages/contract', 'unit-contract'), report: vitestReport('unit-contract'), together: 'static checks' },
  { name: 'unit: web', command: vitest('apps/web', 'unit-web'), report: vitestReport('unit-web') },
  { name: 'api on PGlite', command: vitest('apps/api', 'api-pglite'), report: vitestReport('api-pglite'), database: 'both', usesRedis: true },
  { name: 'api on PostgreSQL', command: vitest('apps/api', 'api-postgres'), report: vitestReport('api-postgres'), database: 'postgres', usesRedis: true },
  { name: 'build', command: ['npm', 'run', 'build', '--silent'] },
  {
    name: 'e2e in Chromium',
    command: ['npx', 'playwright', 'test'],
    cwd: 'apps/web',
    report: path.join(tmp, 'e2e-results.json'),
    kind: 'playwright',
    database: 'pglite',
    usesChromium: true,
  },
];

/** A step's JSON report, read once after it ran (null without one, or when it cannot be read). */
function readReport(step) {
  if (!step.report || !existsSync(step.report)) return null;
  try {
    return JSON.parse(readFileSync(step.report, 'utf8'));
  } catch {
    return null;
  }
}

function countsOf(step, report) {
  if (!report) return null;
  if (step.kind === 'playwright') {
    const stats = report.stats ?? {};
    // A flaky test (CI retries once) passed on its retry: it counts as passed and is named in the summary.
    return { passed: (stats.expected ?? 0) + (stats.flaky ?? 0), failed: stats.unexpected ?? 0, skipped: stats.skipped ?? 0, flaky: stats.flaky ?? 0 };
  }
  return { passed: report.numPassedTests ?? 0, failed: report.numFailedTests ?? 0, skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0) };
}

/**
 * Each failed test of a step's report, with the start of its error: printed again just before the summary,
 * since a CI log is often read from its end only and the runner's own account of a failure is far above it.
 */
function failuresOf(step, report) {
  try {
    if (step.kind === 'playwright') {
      const specsOf = (suite) => [...(suite.specs ?? []), ...(suite.suites ?? []).flatMap(specsOf)];
      return report.suites.flatMap(specsOf).flatMap((spec) =>
        spec.tests
          .filter((test) => test.status === 'unexpected' || test.status === 'flaky')
          .map((test) => ({
            title: `${spec.file}:${spec.line} ${spec.title}`,
            isFlaky: test.status === 'flaky',
            error: test.results.flatMap((result) => result.errors.map((error) => error.message ?? '')).join('\n'),
          })),
      );
    }
    return report.testResults.flatMap((file) =>
      file.assertionResults
        .filter((test) => test.status === 'failed')
        .map((test) => ({ title: `${path.relative(root, file.name)} ${test.fullName}`, error: test.failureMessages.join('\n') })),
    );
  } catch {
    return []; // no report, or not of the shape expected
  }
}

/** The Redis store tests a vitest step skipped (REDIS_TEST=absent). */
function redisTestsSkippedIn(report) {
  try {
    const tests = report.testResults.flatMap((file) => file.assertionResults);
    return tests.filter((test) => test.status !== 'passed' && test.status !== 'failed' && test.fullName.includes('Redis')).length;
  } catch {
    return 0;
  }
}

// The running steps and what to stop at the end, so that Ctrl-C or SIGTERM leaves no server and no folder behind.
const running = new Set();
let isInterrupted = false;
const cleanups = [];
let cleaning = null;
const cleanUp = () =>
  (cleaning ??= (async () => {
    for (const cleanup of cleanups) await cleanup().catch((error) => console.error(`cleanup failed: ${error.message}`));
  })());
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping`);
    isInterrupted = true;
    try {
      for (const child of running) if (child.pid) process.kill(-child.pid, signal);
    } catch {
      // the step has just ended
    }
    void cleanUp().finally(() => process.exit(128 + os.constants.signals[signal]));
  });
}

/** Runs a step: its exit code, and its output when `isKept` (else the output goes straight to ours). */
function run(step, env, isKept) {
  let output = '';
  return new Promise((resolve) => {
    // A process group of its own, so that a signal reaches every process of the step (npx does not pass SIGTERM on).
    const child = spawn(step.command[0], step.command.slice(1), {
      cwd: path.join(root, step.cwd ?? '.'),
      stdio: isKept ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env,
      detached: true,
    });
    running.add(child);
    if (isKept) for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => (output += chunk));
    child.once('error', (error) => {
      output += `${error.message}\n`;
      if (!isKept) console.error(error.message);
      resolve(null);
    });
    child.once('close', (code) => {
      running.delete(child);
      resolve(code);
    });
  }).then((code) => ({ code, output }));
}

// `npm run test:reliability` runs the slow crash and soak tests (CI runs both commands).
const steps = process.argv.includes('--reliability') ? reliabilitySteps : mainSteps;
const needsPostgres = (step) => step.database === 'postgres' || step.database === 'both';

// What the steps run against, decided once; what is missing fails the steps that need it.
let postgres = null;
let postgresProblem = null;
let pgToolsProblem = null;
if (steps.some(needsPostgres)) {
  if (!process.env.TEST_DATABASE_URL && !process.env.DATABASE_URL)
    console.log('PostgreSQL: no TEST_DATABASE_URL; trying 127.0.0.1:5432, else starting a throwaway one');
  try {
    postgres = await providePostgres(tmp);
    cleanups.push(postgres.stop);
    if (steps.some((step) => step.database === 'postgres')) pgToolsProblem = findPgToolsProblem(postgres.serverVersion);
  } catch (error) {
    postgresProblem = `no PostgreSQL: ${error.message}`;
  }
}
const postgresText = postgres ? `PostgreSQL at ${withoutPassword(postgres.url)} (${postgres.source})` : postgresProblem;

let chromium = null;
let chromiumProblem = null;
if (steps.some((step) => step.usesChromium)) {
  try {
    chromium = findChromium();
  } catch (error) {
    chromiumProblem = error.message;
  }
}

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
let isRedisReachable = false;
if (steps.some((step) => step.usesRedis)) {
  const { hostname, port } = new URL(redisUrl);
  isRedisReachable = await canConnect(hostname.replace(/^\[|\]$/g, ''), Number(port || 6379));
}

/**
 * What these steps run against: printed for all steps first, before each step, and in the summary, where
 * `redisSkipped` (the count) turns an unreachable Redis into a warning.
 */
function describeUse(someSteps, redisSkipped) {
  const lines = [];
  const databases = new Set(someSteps.map((step) => step.database));
  const engines = [databases.has('pglite') || databases.has('both') ? 'PGlite' : null, someSteps.some(needsPostgres) ? postgresText : null];
  if (engines.some(Boolean)) lines.push(`database: ${engines.filter(Boolean).join('; ')}`);
  if (someSteps.some((step) => step.usesChromium)) lines.push(`browser:  ${chromium ? `${chromium.path} (${chromium.source})` : chromiumProblem}`);
  if (someSteps.some((step) => step.usesRedis)) {
    if (isRedisReachable) lines.push(`Redis:    ${redisUrl}`);
    else if (redisSkipped === undefined) lines.push(`Redis:    NOT REACHABLE at ${redisUrl}: the Redis store tests are skipped (REDIS_TEST=absent)`);
    else lines.push(`WARNING: Redis: not reachable at ${redisUrl}; ${redisSkipped} Redis store tests skipped (start redis-server to run them)`);
  }
  if (pgToolsProblem && someSteps.some((step) => step.database === 'postgres')) lines.push(`WARNING: ${pgToolsProblem}`);
  return lines;
}
for (const line of describeUse(steps)) console.log(line);

function envOf(step) {
  // Api steps pick their engine by DATABASE_URL; tests that always need PostgreSQL read TEST_DATABASE_URL.
  const env = { ...process.env, DATABASE_URL: '', ...step.env };
  if (postgres) env.TEST_DATABASE_URL = postgres.url;
  if (step.database === 'postgres') env.DATABASE_URL = postgres.url;
  if (step.usesRedis) Object.assign(env, isRedisReachable ? { REDIS_URL: redisUrl } : { REDIS_TEST: 'absent' });
  if (step.usesChromium) env.CHROME_PATH = chromium.path;
  return env;
}

/** Runs one step (its output kept when `isKept`, and printed under its heading when it ends) and returns its result. */
async function runStep(step, isKept) {
  if (step.report) rmSync(step.report, { force: true });
  const heading = [`\n=== ${step.name} ===`, ...describeUse([step])].join('\n');
  if (!isKept) console.log(heading);
  // A step on PGlite still runs without PostgreSQL: only its tests that need one fail.
  const problem = (step.database === 'postgres' && postgresProblem) || (step.usesChromium && chromiumProblem);
  if (problem) {
    console.log(`${isKept ? `${heading}\n` : ''}FAIL: cannot run (see above)`);
    return { name: step.name, isOk: false, seconds: 0, counts: null, failures: [] };
  }
  const started = Date.now();
  const { code, output } = await run(step, envOf(step), isKept);
  const seconds = (Date.now() - started) / 1000;
  if (isKept) console.log(`${heading}\n${output.trimEnd()}\n(${seconds.toFixed(1)} s, run beside the rest of "${step.together}")`);
  const report = readReport(step);
  const counts = countsOf(step, report);
  const isOk = code === 0 && (!step.report || (counts !== null && counts.failed === 0 && counts.passed > 0));
  const redisSkipped = step.usesRedis && !isRedisReachable ? redisTestsSkippedIn(report) : 0;
  return { name: step.name, isOk, seconds, counts, redisSkipped, failures: failuresOf(step, report) };
}

const results = [];
for (let at = 0; at < steps.length && !isInterrupted;) {
  const { together } = steps[at];
  let end = at + 1;
  while (together && end < steps.length && steps[end].together === together) end += 1;
  const group = steps.slice(at, end);
  if (group.length > 1) console.log(`\n=== ${group.map((step) => step.name).join(', ')}: at the same time ===`);
  results.push(...(await Promise.all(group.map((step) => runStep(step, group.length > 1)))));
  at = end;
}
await cleanUp();

if (!isInterrupted) {
  const failures = results.flatMap((result) => result.failures.map((failure) => ({ ...failure, step: result.name })));
  if (failures.length > 0) console.log('\n=== failed and flaky tests ===');
  for (const failure of failures.slice(0, 10)) {
    console.log(`\n${failure.step}: ${failure.isFlaky ? 'FLAKY (passed on the retry) ' : ''}${failure.title}`);
    const lines = stripVTControlCharacters(failure.error)
      .split('\n')
      .filter((line) => !line.includes('node_modules'));
    for (const line of lines.slice(0, 14)) console.log(`    ${line}`);
  }
  if (failures.length > 10) console.log(`\n...and ${failures.length - 10} more failed tests (above)`);
  console.log('\n=== summary ===');
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const result of results) {
    const counts = result.counts
      ? ` ${result.counts.passed} passed, ${result.counts.failed} failed${result.counts.skipped ? `, ${result.counts.skipped} skipped` : ''}${result.counts.flaky ? ` (${result.counts.flaky} flaky: passed on a retry)` : ''}`
      : '';
    console.log(`${result.isOk ? 'ok  ' : 'FAIL'} ${result.name.padEnd(20)} ${result.seconds.toFixed(1).padStart(6)} s${counts}`);
    if (result.counts) {
      passed += result.counts.passed;
      failed += result.counts.failed;
      skipped += result.counts.skipped;
    }
    if (!result.isOk && !(result.counts && result.counts.failed > 0)) failed += 1; // a failed step without tests counts once
  }
  const redisSkipped = results.reduce((sum, result) => sum + (result.redisSkipped ?? 0), 0);
  for (const line of describeUse(steps, redisSkipped)) console.log(line);
  const flaky = failures.filter((failure) => failure.isFlaky);
  if (flaky.length > 0)
    console.log(`WARNING: ${flaky.length} flaky test(s), failed once and passed on the retry (see above): ${flaky.map((failure) => failure.title).join('; ')}`);
  console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  process.exit(results.every((result) => result.isOk) ? 0 : 1);
}
