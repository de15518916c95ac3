import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: process.env.RELIABILITY ? ['src/**/*.reliability.test.ts'] : ['src/**/*.test.ts'],
    exclude: process.env.RELIABILITY ? [] : ['src/**/*.reliability.test.ts', 'node_modules/**'],
    globalSetup: ['src/test/globalSetup.ts'],
    setupFiles: ['src/test/checkSqlText.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
