import { defineConfig } from '@playwright/test';
import { findChromium } from '../../scripts/lib/findChromium.mjs';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3199);

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  outputDir: process.env.PW_OUTPUT_DIR ?? 'test-results',
  globalSetup: './e2e/support/globalSetup.ts',
  // One server with one database: specs change shared data, so they run one at a time.
  workers: 1,
  fullyParallel: false,
  // A failed test runs once more, recording its trace, so that one rare timing fault does not throw away
  // a whole CI run; npm test still names it, with the first attempt's error, as flaky in its summary
  // (scripts/test.mjs). A test that fails twice fails the run, with the second attempt's trace.
  retries: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '../../.tmp/e2e-results.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    // Only a retry records a trace: recording one for every test (its screenshots and DOM snapshots)
    // cost a fifth of the whole e2e run's time (184 → 145 s for five specs on two cores).
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Throws, saying how to get a browser, when there is none: the run stops before any test.
      executablePath: findChromium().path,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
