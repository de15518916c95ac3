import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { apiRoot } from '../lib/paths';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface ApiProcess {
  child: ChildProcess;
  port: number;
  /** stdout and stderr, interleaved. */
  output: () => string;
  /** stderr alone (the log goes to stdout). */
  errorOutput: () => string;
  exited: Promise<number | null>;
}

/** Starts the real api (src/server.ts through tsx) as its own process. */
export function startApiProcess(env: Record<string, string>, port: number): ApiProcess {
  let output = '';
  let errorOutput = '';
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(apiRoot, 'src/server.ts')], {
    cwd: apiRoot,
    env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'warn', SEED_DEMO: 'false', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    errorOutput += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, port, output: () => output, errorOutput: () => errorOutput, exited };
}

export async function waitForHealth(port: number, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`api on port ${port} did not become healthy`);
}
