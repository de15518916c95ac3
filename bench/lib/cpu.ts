import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * Where the machine's CPU went during a load, from /proc (Linux; elsewhere every field is NaN):
 * this process's main thread (the api, or the raw driver's loops; with `--api-workers` also each api
 * process's), its other threads (libuv's pool, V8's helpers), PostgreSQL's processes, the load
 * generator's process (as it reports itself), and the whole machine. A throughput ratio says which side is faster; this says who spent the cores,
 * so a ratio bound by the load generator sharing a two-core machine is told from one bound by the api.
 */
export interface CpuSnapshot {
  mainThreadMs: number;
  processMs: number;
  postgresMs: number;
  machineBusyMs: number;
}

/** CPU per request (or raw iteration) in µs, over one load. */
export interface CpuPerCall {
  mainThread: number;
  otherThreads: number;
  postgres: number;
  loadGenerator: number;
  /** Every other process and the kernel's own work (softirq on loopback among it). */
  rest: number;
  /** Cores busy on average over the load (of the machine's). */
  coresBusy: number;
}

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout?.trim()) || 100;
const ticksMs = (ticks: number) => (ticks * 1000) / CLOCK_TICKS;

/**
 * utime + stime of a process (all its threads) or of one thread, from its /proc stat file, in ms.
 * Fields after the command name in parentheses (which may hold spaces): utime is field 14, stime 15.
 */
export function statCpuMs(path: string): number {
  const text = readFileSync(path, 'utf8');
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return ticksMs(Number(fields[11]) + Number(fields[12]));
}

function postgresCpuMs(): number {
  let total = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
      total += statCpuMs(`/proc/${pid}/stat`);
    } catch {
      // the process ended between the listing and the read
    }
  }
  return total;
}

function machineBusyMs(): number {
  const [user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8').split('\n')[0].split(/\s+/).slice(1).map(Number);
  return ticksMs(user + nice + system + irq + softirq + steal);
}

/**
 * Now: the api's main threads and processes are this process's plus those of `apiPids` (the
 * API_WORKERS processes serving the load, when the api is not this process).
 */
export function cpuSnapshot(apiPids: readonly number[] = []): CpuSnapshot {
  try {
    let mainThreadMs = statCpuMs(`/proc/self/task/${process.pid}/stat`);
    let processMs = statCpuMs('/proc/self/stat');
    for (const pid of apiPids) {
      mainThreadMs += statCpuMs(`/proc/${pid}/task/${pid}/stat`);
      processMs += statCpuMs(`/proc/${pid}/stat`);
    }
    return { mainThreadMs, processMs, postgresMs: postgresCpuMs(), machineBusyMs: machineBusyMs() };
  } catch {
    return { mainThreadMs: Number.NaN, processMs: Number.NaN, postgresMs: Number.NaN, machineBusyMs: Number.NaN };
  }
}

export function cpuPerCall(before: CpuSnapshot, after: CpuSnapshot, calls: number, seconds: number, loadGeneratorMs = 0): CpuPerCall {
  const perCall = (ms: number) => Math.round((ms * 1000) / Math.max(calls, 1));
  const main = after.mainThreadMs - before.mainThreadMs;
  const process = after.processMs - before.processMs;
  const postgres = after.postgresMs - before.postgresMs;
  const busy = after.machineBusyMs - before.machineBusyMs;
  return {
    mainThread: perCall(main),
    otherThreads: perCall(process - main),
    postgres: perCall(postgres),
    loadGenerator: perCall(loadGeneratorMs),
    rest: perCall(busy - process - postgres - loadGeneratorMs),
    coresBusy: Math.round((busy / 1000 / seconds) * 100) / 100,
  };
}
