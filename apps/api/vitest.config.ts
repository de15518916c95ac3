import { defineConfig } from 'vitest/config';

const isReliability = Boolean(process.env.RELIABILITY);
/** Files that replace modules with vi.mock: only a module cache of their own gives them their mocks. */
const MOCKING_FILES = ['src/modules/auth/auth.routes.test.ts', 'src/platform/export/listExport.routes.test.ts'];

export default defineConfig({
  test: {
    globalSetup: ['src/test/globalSetup.ts'],
    setupFiles: ['src/test/checkSqlText.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    projects: isReliability
      ? [{ extends: true, test: { name: 'reliability', include: ['src/**/*.reliability.test.ts'] } }]
      : [
          // A worker's test files share one module cache (isolate: false): importing the app again for
          // every file cost more CPU than many of the files' tests (import 240 s of a 720 s run on two
          // cores). Each file builds its own app and database (test/testApp.ts), so none sees another's state.
          {
            extends: true,
            test: { name: 'api', include: ['src/**/*.test.ts'], exclude: ['src/**/*.reliability.test.ts', ...MOCKING_FILES], isolate: false },
          },
          { extends: true, test: { name: 'api (vi.mock, isolated)', include: MOCKING_FILES } },
        ],
  },
});
