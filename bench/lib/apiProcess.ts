/**
 * The real api (apps/api/src/server.ts, as `npm run dev` runs it) in a process of its own, for the
 * measurements that need the api as it is deployed: bench:profile's profiled runs, and the
 * benchmark's HTTP side with API_WORKERS (`--api-workers`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Configuration the caller's environment must not bring into the api (a DATABASE_URL would switch a PGlite run to PostgreSQL). */
const CONFIG_KEYS = [
  'DATABASE_URL',
  'DATABASE_POOL_SIZE',
  'API_WORKERS',
  'DATA_DIR',
  'PORT',
  'HOST',
  'LOG_LEVEL',
  'NODE_ENV',
  'ADMIN_EMAIL',
  'ADMIN_PASSWORD',
  'SEED_DEMO',
  'SMTP_URL',
  'PUBLIC_URL',
  'STRIPE_SECRET_KEY',
  'STRIPE_API_BASE',
  'STRIPE_WEBHOOK_SECRET',
  'JWT_SECRET',
  'REDIS_URL',
  'TRUST_PROXY',
  'AUDIT_ANCHOR_FILE',
  'NODE_OPTIONS',
  'SCHEDULED_JOBS',
];

export interface RunningApi {
  child: ChildProcess;
  pid: number;
  /** http://127.0.0.1:port */
  baseUrl: string;
  logFile: string;
  exited: Promise<number | null>;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export function tail(file: string, lines = 20): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/**
 * Starts the api with `config` (NODE_ENV=production, on 127.0.0.1 and a free port, nothing of the
 * caller's configuration) and waits for /api/health. Its log goes to `logFile`, as a production
 * log does (pino writes it to fd 1).
 */
export async function startApi(config: Record<string, string>, logFile: string, nodeArgs: string[] = []): Promise<RunningApi> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of CONFIG_KEYS) delete env[key];
  Object.assign(env, { PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production', ...config });
  const logFd = openSync(logFile, 'w');
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(repoRoot, 'apps/api/src/server.ts')], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', logFd, logFd],
  });
  closeSync(logFd);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let hasExited = false;
  void exited.then(() => {
    hasExited = true;
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (hasExited) throw new Error(`the api exited during its start:\n${tail(logFile)}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the api did not answer /api/health within 180 s:\n${tail(logFile)}`);
    }
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  return { child, pid: child.pid!, baseUrl, logFile, exited };
}

/** Waits until the api's log has a line matching `pattern` (at most `timeoutMs`). */
export async function waitForLogLine(api: RunningApi, pattern: RegExp, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!pattern.test(readFileSync(api.logFile, 'utf8'))) {
    if (api.child.exitCode !== null || Date.now() > deadline) throw new Error(`the api's log has no ${pattern}:\n${tail(api.logFile)}`);
    await sleep(100);
  }
}

/** SIGINT: server.ts closes the app and the database (each worker its own), then exits, which writes a profile. */
export async function stopApi(api: RunningApi): Promise<void> {
  api.child.kill('SIGINT');
  const code = await Promise.race([api.exited, sleep(60_000).then(() => 'timeout' as const)]);
  if (code === 'timeout') {
    api.child.kill('SIGKILL');
    throw new Error('the api did not stop within 60 s of SIGINT');
  }
  if (code !== 0) throw new Error(`the api exited with ${code}:\n${tail(api.logFile)}`);
}

/** The api's node processes: the one started and, with API_WORKERS, its workers (tsx's esbuild child is not one). */
export function apiPids(api: RunningApi): number[] {
  const workers: number[] = [];
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const command = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === api.pid && command === 'node') workers.push(Number(pid));
    } catch {
      // the process ended between the listing and the read
    }
  }
  return [api.pid, ...workers];
}
