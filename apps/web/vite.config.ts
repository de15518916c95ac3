import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';
const proxied = ['/api', '/images', '/jobImg', '/blogImg', '/payment'];

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: apiTarget, changeOrigin: false }])),
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    rollupOptions: {
      // The contract builds its zod schemas at module level; calls on z are pure, so a chunk
      // keeps only the schemas it uses (the sign-in page then needs no classic zod at all).
      treeshake: { manualPureFunctions: ['z', 'zm'] },
      output: {
        manualChunks(id) {
          if (!id.includes('node_modules')) return undefined;
          if (/[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/.test(id)) return 'react';
          if (/[\\/]node_modules[\\/]@tanstack[\\/]react-table/.test(id)) return 'table';
          return undefined;
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // A worker's test files share one jsdom and one module cache: a new jsdom and a new import of the
    // app per file cost more than the tests (344 s in all against 57-82 s on a two-core machine).
    // src/test/setup.ts resets what the app keeps between tests (the session, storage).
    isolate: false,
  },
});
