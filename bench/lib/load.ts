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

export interface HttpLoad {
  url: string;
  token: string;
  connections: number;
  seconds: number;
  /** autocannon's worker threads inside its own process (0: its main thread). */
  workers: number;
}

const generatorScript = path.join(path.dirname(fileURLToPath(import.meta.url)), 'httpLoadChild.mjs');

interface GeneratorAnswer {
  startMs: number;
  finishMs: number;
  ok: number;
  errors: number;
  p50: number;
  p99: number;
  cpuMs: number;
}

/**
 * autocannon at a fixed number of connections, in a process of its own; every answer must be a 2xx.
 * `onStart` runs as the load begins (after the generator's own start).
 */
export async function httpLoad(load: HttpLoad, onStart?: () => void): Promise<LoadResult> {
  const options = {
    url: load.url,
    connections: load.connections,
    duration: load.seconds,
    headers: { authorization: `Bearer ${load.token}` },
    // autocannon stops at its first sample tick after `duration`: tick every 100 ms so a run lasts what it says.
    sampleInt: 100,
    ...(load.workers > 0 ? { workers: load.workers } : {}),
  };
  const generator = spawn(process.execPath, [generatorScript, JSON.stringify(options)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let errorOutput = '';
  generator.stderr.on('data', (chunk: Buffer) => (errorOutput += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => generator.on('close', resolve));
  let answer: GeneratorAnswer | undefined;
  for await (const line of createInterface({ input: generator.stdout })) {
    const message = JSON.parse(line) as { start: true } | GeneratorAnswer;
    if ('start' in message) onStart?.();
    else answer = message;
  }
  const code = await exited;
  if (code !== 0 || !answer) throw new Error(`the load generator failed (exit code ${code}): ${errorOutput.slice(0, 500)}`);
  const seconds = (answer.finishMs - answer.startMs) / 1000;
  return {
    rps: round(answer.ok / seconds),
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
