import autocannon from 'autocannon';
import { percentile, round } from './stats';

export interface LoadResult {
  /** Completed requests (or raw-driver iterations) per second. */
  rps: number;
  /** Latency in milliseconds. */
  p50: number;
  p99: number;
  total: number;
  errors: number;
}

export interface HttpLoad {
  url: string;
  token: string;
  connections: number;
  seconds: number;
  workers: number;
}

/** autocannon at a fixed number of connections; every answer must be a 2xx. */
export async function httpLoad(load: HttpLoad): Promise<LoadResult> {
  const result = await autocannon({
    url: load.url,
    connections: load.connections,
    duration: load.seconds,
    headers: { authorization: `Bearer ${load.token}` },
    // autocannon stops at its first sample tick after `duration`: tick every 100 ms so a run lasts what it says.
    sampleInt: 100,
    ...(load.workers > 0 ? { workers: load.workers } : {}),
  });
  const seconds = (result.finish.getTime() - result.start.getTime()) / 1000;
  const errors = result.errors + result.timeouts + result.non2xx;
  return {
    rps: round(result['2xx'] / seconds),
    p50: round(result.latency.p50),
    p99: round(result.latency.p99),
    total: result['2xx'],
    errors,
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
