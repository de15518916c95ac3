// `npm test`: every check in order, each step's result, then one summary line. Nothing is skipped:
// a step that cannot run (no PostgreSQL, no Chromium) fails the run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tmp = path.join(root, '.tmp');
mkdirSync(tmp, { recursive: true });
const postgresUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
// Api steps pick their engine by DATABASE_URL; tests that always need PostgreSQL read TEST_DATABASE_URL.
const baseEnv = { ...process.env, DATABASE_URL: '', TEST_DATABASE_URL: postgresUrl };

const vitestReport = (name) => path.join(tmp, `${name}.json`);
const vitest = (dir, name) => ['npx', 'vitest', 'run', '--root', dir, '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport(name)}`];

const reliabilitySteps = [
  {
    name: 'reliability',
    command: vitest('apps/api', 'reliability'),
    report: vitestReport('reliability'),
    env: { RELIABILITY: '1', TEST_DATABASE_URL: postgresUrl },
  },
];

const mainSteps = [
  { name: 'format', command: ['npx', 'prettier', '--check', '--log-level', 'warn', '.'] },
  { name: 'lint', command: ['npx', 'eslint', '--max-warnings', '0', '.'] },
  { name: 'typecheck', command: ['npm', 'run', 'typecheck', '--silent'] },
  { name: 'unit: contract', command: vitest('packages/contract', 'unit-contract'), report: vitestReport('unit-contract') },
  { name: 'unit: web', command: vitest('apps/web', 'unit-web'), report: vitestReport('unit-web') },
  { name: 'api on PGlite', command: vitest('apps/api', 'api-pglite'), report: vitestReport('api-pglite') },
  { name: 'api on PostgreSQL', command: vitest('apps/api', 'api-postgres'), report: vitestReport('api-postgres'), env: { DATABASE_URL: postgresUrl } },
  { name: 'build', command: ['npm', 'run', 'build', '--silent'] },
  { name: 'e2e in Chromium', command: ['npx', 'playwright', 'test'], cwd: 'apps/web', report: path.join(tmp, 'e2e-results.json'), kind: 'playwright' },
];

function countsOf(step) {
  if (!step.report || !existsSync(step.report)) return null;
  try {
    const report = JSON.parse(readFileSync(step.report, 'utf8'));
    if (step.kind === 'playwright') {
      const stats = report.stats ?? {};
      return { passed: stats.expected ?? 0, failed: (stats.unexpected ?? 0) + (stats.flaky ?? 0), skipped: stats.skipped ?? 0 };
    }
    return { passed: report.numPassedTests ?? 0, failed: report.numFailedTests ?? 0, skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0) };
  } catch {
    return null;
  }
}

// `npm run test:reliability` runs the slow crash and soak tests (CI runs both commands).
const steps = process.argv.includes('--reliability') ? reliabilitySteps : mainSteps;
const results = [];
for (const step of steps) {
  if (step.report) rmSync(step.report, { force: true });
  console.log(`\n=== ${step.name} ===`);
  const started = Date.now();
  const run = spawnSync(step.command[0], step.command.slice(1), {
    cwd: path.join(root, step.cwd ?? '.'),
    stdio: 'inherit',
    env: { ...baseEnv, ...step.env },
  });
  const counts = countsOf(step);
  const isOk = run.status === 0 && (!step.report || (counts !== null && counts.failed === 0 && counts.passed > 0));
  results.push({ name: step.name, isOk, seconds: (Date.now() - started) / 1000, counts });
}

console.log('\n=== summary ===');
let passed = 0;
let failed = 0;
let skipped = 0;
for (const result of results) {
  const counts = result.counts
    ? ` ${result.counts.passed} passed, ${result.counts.failed} failed${result.counts.skipped ? `, ${result.counts.skipped} skipped` : ''}`
    : '';
  console.log(`${result.isOk ? 'ok  ' : 'FAIL'} ${result.name.padEnd(20)} ${result.seconds.toFixed(1).padStart(6)} s${counts}`);
  if (result.counts) {
    passed += result.counts.passed;
    failed += result.counts.failed;
    skipped += result.counts.skipped;
  }
  if (!result.isOk && !(result.counts && result.counts.failed > 0)) failed += 1; // a failed step without tests counts once
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(results.every((result) => result.isOk) ? 0 : 1);
