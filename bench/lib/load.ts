import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { percentile, round } from './stats';

export interface LoadResult {
  /** Completed requests (or raw-driver iterations) per second. */
  rps: number;
  /** Latency in milliseconds. */
  p50: number;
  p99: number;
  total: number;
  errors: number;
  /** CPU of the load generator's process over the run, ms (HTTP loads only). */
  generatorCpuMs?: number;
}

export type LoadGeneratorName = 'wrk' | 'autocannon';

export const DEFAULT_LOAD_GENERATOR: LoadGeneratorName = 'autocannon';

export interface HttpLoad {
  url: string;
  /** Sent as `authorization: Bearer <token>`; none when empty. */
  token: string;
  connections: number;
  seconds: number;
  /**
   * autocannon (the default) or wrk (`apt-get install -y wrk`: C, one epoll thread). On a two-core
   * machine the generator's CPU is taken from the api and PostgreSQL it loads: at the searched lists'
   * 300–600 requests a second autocannon costs 290–500 µs a request, wrk 55–85; the req/s moved less
   * than the machine's drift between runs (bench/README.md, "Where the targets stand").
   */
  generator?: LoadGeneratorName;
  /** autocannon's worker threads inside its own process (default 0: its main thread). */
  autocannonWorkers?: number;
}

const scriptPath = (name: string) => path.join(path.dirname(fileURLToPath(import.meta.url)), name);

/** What a load generator prints as its last line (bench/lib/httpLoadChild.mjs, bench/lib/wrkReport.lua). */
interface GeneratorAnswer {
  seconds: number;
  ok: number;
  errors: number;
  p50: number;
  p99: number;
  /** Its process's CPU over the run (and its start), ms. */
  cpuMs: number;
}

/** The generator's command line: it prints {"start":true} as its load begins, then a GeneratorAnswer. */
function generatorCommand(load: HttpLoad, generator: LoadGeneratorName): [string, string[]] {
  const bearer = load.token ? `Bearer ${load.token}` : undefined;
  if (generator === 'wrk') {
    // wrk's durations are whole seconds; one thread holds the connections (it is not the bound).
    const header = bearer ? ['-H', `authorization: ${bearer}`] : [];
    const seconds = Math.max(1, Math.ceil(load.seconds));
    return ['wrk', ['-t1', `-c${load.connections}`, `-d${seconds}s`, '--timeout', '60s', '-s', scriptPath('wrkReport.lua'), ...header, load.url]];
  }
  const options = {
    url: load.url,
    connections: load.connections,
    duration: load.seconds,
    headers: bearer ? { authorization: bearer } : {},
    // autocannon stops at its first sample tick after `duration`: tick every 100 ms so a run lasts what it says.
    sampleInt: 100,
    ...(load.autocannonWorkers ? { workers: load.autocannonWorkers } : {}),
  };
  return [process.execPath, [scriptPath('httpLoadChild.mjs'), JSON.stringify(options)]];
}

/**
 * `load.connections` connections sending the GET back to back for `load.seconds`, from a process of
 * its own (autocannon or wrk); every answer must be a 2xx. `onStart` runs as the load begins
 * (after the generator's own start).
 */
export async function httpLoad(load: HttpLoad, onStart?: () => void): Promise<LoadResult> {
  const generatorName = load.generator ?? DEFAULT_LOAD_GENERATOR;
  const [command, args] = generatorCommand(load, generatorName);
  const generator = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let errorOutput = '';
  generator.stderr.on('data', (chunk: Buffer) => (errorOutput += chunk.toString()));
  const exited = new Promise<number | null>((resolve, reject) => {
    generator.on('close', resolve);
    generator.on('error', reject);
  });
  let answer: GeneratorAnswer | undefined;
  for await (const line of createInterface({ input: generator.stdout })) {
    // wrk prints its own report too: only the JSON lines are ours.
    if (!line.startsWith('{')) continue;
    const message = JSON.parse(line) as { start: true } | GeneratorAnswer;
    if ('start' in message) onStart?.();
    else answer = message;
  }
  const code = await exited;
  if (code !== 0 || !answer) throw new Error(`the load generator (${generatorName}) failed (exit code ${code}): ${errorOutput.slice(0, 500)}`);
  return {
    rps: round(answer.ok / answer.seconds),
    p50: round(answer.p50),
    p99: round(answer.p99),
    total: answer.ok,
    errors: answer.errors,
    generatorCpuMs: answer.cpuMs,
  };
}

/** `concurrency` loops each running `iteration` back to back for `seconds`. */
export async function rawLoad(iteration: () => Promise<void>, concurrency: number, seconds: number): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  const start = performance.now();
  const deadline = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const began = performance.now();
        try {
          await iteration();
          latencies.push(performance.now() - began);
        } catch {
          errors += 1;
        }
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  return {
    rps: round(latencies.length / elapsed),
    p50: round(percentile(latencies, 50)),
    p99: round(percentile(latencies, 99)),
    total: latencies.length,
    errors,
  };
}

/** Runs `call` once and adds its milliseconds to `times`. */
async function timeInto(times: number[], call: () => Promise<void>): Promise<void> {
  const began = performance.now();
  await call();
  times.push(performance.now() - began);
}

/** Milliseconds of each of `count` sequential calls. */
export async function sequential(count: number, call: () => Promise<void>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) await timeInto(times, call);
  return times;
}

/**
 * Milliseconds of each of `count` calls of `first` and of `second`, taken in turns (first then second,
 * then second then first), so that the machine's drift over the run reaches both alike: in blocks of
 * 60, a shared 2-core machine's slow seconds could fall on one side and move a ratio of two ~3 ms
 * medians by a third.
 */
export async function interleaved(count: number, first: () => Promise<void>, second: () => Promise<void>): Promise<[number[], number[]]> {
  const firstTimes: number[] = [];
  const secondTimes: number[] = [];
  for (let i = 0; i < count; i += 1) {
    if (i % 2 === 0) {
      await timeInto(firstTimes, first);
      await timeInto(secondTimes, second);
    } else {
      await timeInto(secondTimes, second);
      await timeInto(firstTimes, first);
    }
  }
  return [firstTimes, secondTimes];
}
