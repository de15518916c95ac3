// `npm start`: builds what is missing or out of date, then runs the api, which serves the web too.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const builds = [
  { workspace: '@ute/web', output: 'apps/web/dist/index.html', sources: ['apps/web/src', 'apps/web/index.html', 'packages/contract/src'] },
  { workspace: '@ute/api', output: 'apps/api/dist/server.js', sources: ['apps/api/src', 'packages/contract/src'] },
];
for (const build of builds) {
  const output = path.join(root, build.output);
  const sourceTime = Math.max(
    ...build.sources.map((source) => {
      const full = path.join(root, source);
      return statSync(full).isDirectory() ? newestMtime(full) : statSync(full).mtimeMs;
    }),
  );
  if (existsSync(output) && statSync(output).mtimeMs >= sourceTime) continue;
  console.log(`building ${build.workspace}...`);
  const result = spawnSync('npm', ['run', 'build', '-w', build.workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps/api/dist/server.js')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
