// Bundles the api into dist/server.js. npm packages stay external; the workspace contract is inlined.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server.ts', 'src/cli/seed.ts', 'src/cli/admin.ts', 'src/cli/migrate.ts'],
  outdir: 'dist',
  outbase: 'src',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-npm-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@ute/') ? undefined : { path: args.path, external: true }));
      },
    },
  ],
});
