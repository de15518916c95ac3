/**
 * Live events' fan-out (docs/design.md §14): STREAMS Server-Sent Event streams open on the one api
 * process, a pending ute approved through the api, and how long its new work-queue counts take to
 * reach every stream; and what a stream costs the api process in memory. The clients run in a child
 * process (bench/lib/sseClients.mjs), so the api process's growth is the streams' alone.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { BenchOptions } from './args';
import type { BenchEngine } from './engine';
import { row, TARGETS, type Row } from './results';
import { median, p95, round } from './stats';

type Log = (line: string) => void;

const STREAMS = 1000;
const QUICK_STREAMS = 200;
const KB = 1024;
const clientScript = path.join(path.dirname(fileURLToPath(import.meta.url)), 'sseClients.mjs');

// A collection before each reading, so the difference is what the streams hold, not garbage.
v8.setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const memory = () => {
  collectGarbage();
  const usage = process.memoryUsage();
  return { rss: usage.rss, heap: usage.heapUsed + usage.external };
};

export async function liveBench(engine: BenchEngine, options: BenchOptions, log: Log, out: { rows: Row[] }): Promise<void> {
  const streams = options.quick ? QUICK_STREAMS : STREAMS;
  const [pending] = await engine.sql<{ id: string }>(
    `select id from utes where deleted_at is null and status not in ('Approved', 'Rejected') order by created_at limit 1`,
  );
  if (!pending) throw new Error('no pending ute to approve');
  const child = spawn(process.execPath, [clientScript, `${engine.apiUrl}/events`, engine.token, String(streams), '30000'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const openedAt = performance.now();
  const ready = await lines.next();
  if (ready.done || !JSON.parse(ready.value).ready) throw new Error('the stream clients did not get ready');
  const openSeconds = (performance.now() - openedAt) / 1000;
  const held = memory();
  if (engine.app.ctx.liveEvents.size < streams) throw new Error(`${engine.app.ctx.liveEvents.size} streams open, ${streams} expected`);

  const changedAt = performance.timeOrigin + performance.now();
  const response = await fetch(`${engine.apiUrl}/user-ute-status/${pending.id}?status=Approved`, {
    method: 'PATCH',
    headers: { Authorization: `Bearer ${engine.token}` },
  });
  if (!response.ok) throw new Error(`approving the ute answered ${response.status}: ${await response.text()}`);
  const answeredMs = performance.timeOrigin + performance.now() - changedAt;
  child.stdin!.write('go\n');
  const result = await lines.next();
  child.kill();
  // What the streams held: the process with them open against the same process once they closed
  // (a reading before opening them would also count what the earlier steps left to collect).
  for (let waited = 0; engine.app.ctx.liveEvents.size > 0 && waited < 10_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
  const after = memory();
  const arrivals: (number | null)[] = JSON.parse(result.value ?? '{"arrivals":[]}').arrivals;
  const reached = arrivals.filter((at): at is number => at !== null).map((at) => at - changedAt);
  if (reached.length < streams) throw new Error(`${streams - reached.length} of ${streams} streams never received the new counts`);
  const lastMs = Math.max(...reached);
  const rssPerStreamKb = (held.rss - after.rss) / streams / KB;
  const heapPerStreamKb = (held.heap - after.heap) / streams / KB;
  log(
    `${engine.name} live: ${streams} streams opened in ${round(openSeconds)} s; approve answered in ${round(answeredMs)} ms; ` +
      `new counts reached all in ${round(lastMs)} ms (p50 ${round(median(reached))}, p95 ${round(p95(reached))}); ` +
      `api process per stream: ${round(rssPerStreamKb)} kB RSS, ${round(heapPerStreamKb)} kB heap`,
  );
  const details = {
    streams,
    openSeconds: round(openSeconds),
    approveAnsweredMs: round(answeredMs),
    reachMs: { p50: round(median(reached)), p95: round(p95(reached)), max: round(lastMs) },
    rssPerStreamKb: round(rssPerStreamKb),
    heapPerStreamKb: round(heapPerStreamKb),
  };
  out.rows.push(
    row({
      id: `live.fanOut.${engine.name}`,
      group: 'live',
      engine: engine.name,
      label: `work-queue change reaches all ${streams} open streams (ms, the last one)`,
      value: round(lastMs),
      unit: 'ms',
      target: TARGETS.liveFanOutMs,
      details,
    }),
    row({
      id: `live.memory.${engine.name}`,
      group: 'live',
      engine: engine.name,
      label: 'api process memory per open stream (kB RSS)',
      value: round(rssPerStreamKb),
      unit: 'kB',
      details,
    }),
  );
}
