/**
 * The operator's tools of issue 16: a list's CSV export (every row, streamed from the database in
 * batches) and global search (one box over users, utes, jobs, bookings and queries).
 */
import type { BenchOptions } from './args';
import type { BenchEngine } from './engine';
import { sequential } from './load';
import { row, TARGETS, type Row } from './results';
import { median, p95, ratio, round, summarize } from './stats';

type Log = (line: string) => void;

const MB = 1024 * 1024;
/** Below this size an export's memory is fixed costs, not rows: its ratio is information only. */
const MIN_JUDGED_FILE_MB = 50;

/** The largest resident set size seen while `action` runs, sampled every 10 ms, and the size before it. */
async function peakRss<T>(action: () => Promise<T>): Promise<{ result: T; beforeMb: number; peakMb: number }> {
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 10);
  try {
    const result = await action();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { result, beforeMb: round(before / MB), peakMb: round(peak / MB) };
  } finally {
    clearInterval(sampler);
  }
}

/** Reads a streamed answer to its end as a slow-enough client would: counting its bytes and lines, keeping none. */
async function drain(engine: BenchEngine, pathAndQuery: string): Promise<{ bytes: number; lines: number }> {
  const response = await fetch(`${engine.apiUrl}${pathAndQuery}`, { headers: { Authorization: `Bearer ${engine.token}` } });
  if (!response.ok || !response.body) throw new Error(`GET ${pathAndQuery} answered ${response.status}: ${await response.text()}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    bytes += chunk.byteLength;
    for (const byte of chunk) if (byte === 0x0a) lines += 1;
  }
  return { bytes, lines };
}

/**
 * The users list's CSV export, every live user (1M on the full PostgreSQL run): its time against
 * the database reading the same rows in the same order (the floor of any export), and how much the
 * process (api and benchmark share it) grows during a second export, once the first has brought it
 * to its working size, against the file's size. An export that held its rows would grow by more
 * than the file (the text alone takes twice its bytes as JS strings, the row objects far more); one
 * that streams grows by what the garbage collector lets pile up between collections, whatever the
 * number of rows.
 */
export async function exportBench(engine: BenchEngine, _options: BenchOptions, log: Log, out: { rows: Row[] }): Promise<void> {
  const [{ count }] = await engine.sql<{ count: number }>('select count(*)::int as count from users where deleted_at is null');
  // A first export brings the process to its working size (the JIT, the heap's young generation,
  // the pool's buffers); the second one, measured, shows whether the rows themselves pile up.
  const warmUp = await drain(engine, '/all-users-data/export');
  if (warmUp.lines - 1 !== count) throw new Error(`the users export has ${warmUp.lines - 1} rows, the table ${count}`);
  const began = performance.now();
  const { result, beforeMb, peakMb } = await peakRss(() => drain(engine, '/all-users-data/export'));
  const exportSeconds = (performance.now() - began) / 1000;
  if (result.lines - 1 !== count) throw new Error(`the users export has ${result.lines - 1} rows, the table ${count}`);
  const readBegan = performance.now();
  await engine.sql('select count(*), sum(length(u::text)) from (select * from users where deleted_at is null order by created_at desc, id desc) as u');
  const readSeconds = (performance.now() - readBegan) / 1000;
  const fileMb = result.bytes / MB;
  const growthMb = Math.max(peakMb - beforeMb, 0);
  log(
    `${engine.name} export users: ${count} rows, ${round(fileMb)} MB in ${round(exportSeconds)} s (database read ${round(readSeconds)} s); ` +
      `RSS ${beforeMb} -> peak ${peakMb} MB`,
  );
  const details = {
    rows: count,
    fileMb: round(fileMb),
    exportSeconds: round(exportSeconds),
    rowsPerSecond: round(count / exportSeconds),
    databaseReadSeconds: round(readSeconds),
    rssBeforeMb: beforeMb,
    rssPeakMb: peakMb,
    rssGrowthMb: round(growthMb),
  };
  out.rows.push(
    row({
      id: `${engine.name}.export.users.time`,
      group: 'export',
      engine: engine.name,
      label: `CSV export of all ${count} users (${round(exportSeconds)} s) vs the database reading them in order`,
      value: ratio(exportSeconds, readSeconds),
      unit: 'ratio',
      details,
    }),
    row({
      id: `${engine.name}.export.users.memory`,
      group: 'export',
      engine: engine.name,
      label: `memory growth while exporting ${count} users (${round(growthMb)} MB; peak RSS ${peakMb} MB) ÷ the file's size (${round(fileMb)} MB)`,
      value: ratio(growthMb, fileMb),
      unit: 'ratio',
      // A small file is all fixed costs (buffers, the young generation): only a large one can tell.
      target: fileMb >= MIN_JUDGED_FILE_MB ? TARGETS.exportMemory : undefined,
      details,
    }),
  );
}

/** What an operator types into global search: a person's email and name, a ute's reference, a booking's id. */
async function searchTerms(engine: BenchEngine): Promise<{ kind: string; term: string }[]> {
  const [user] = await engine.sql<{ email: string; name: string }>(
    "select email, first_name || ' ' || last_name as name from users where deleted_at is null order by id limit 1",
  );
  const [ute] = await engine.sql<{ ute_id: string }>('select ute_id from utes where deleted_at is null order by id limit 1');
  const [booking] = await engine.sql<{ ute_booking_id: string }>('select ute_booking_id from ute_bookings where deleted_at is null order by id limit 1');
  return [
    { kind: 'email', term: user.email },
    { kind: 'name', term: user.name },
    { kind: 'ute reference', term: ute.ute_id },
    { kind: 'booking id', term: booking.ute_booking_id },
    // Two letters: the shortest term, matched at the start of words.
    { kind: 'two letters', term: user.name.slice(0, 2) },
  ];
}

/** Global search's latency per kind of term, sequential calls, as the owner (every group searched). */
export async function globalSearchBench(engine: BenchEngine, options: BenchOptions, log: Log, out: { rows: Row[] }): Promise<void> {
  const [{ count }] = await engine.sql<{ count: number }>('select count(*)::int as count from users');
  for (const { kind, term } of await searchTerms(engine)) {
    const path = `/search?q=${encodeURIComponent(term)}`;
    const check = await fetch(`${engine.apiUrl}${path}`, { headers: { Authorization: `Bearer ${engine.token}` } });
    const body = (await check.json()) as { data: { hits: unknown[] }[] };
    const hits = body.data.reduce((sum, group) => sum + group.hits.length, 0);
    if (hits === 0) throw new Error(`global search for ${kind} "${term}" found nothing`);
    const times = await sequential(options.samples * 2, async () => {
      const response = await fetch(`${engine.apiUrl}${path}`, { headers: { Authorization: `Bearer ${engine.token}` } });
      await response.arrayBuffer();
    });
    log(`${engine.name} global search ${kind} "${term}": median ${round(median(times))} ms, p95 ${round(p95(times))} ms, ${hits} hits`);
    out.rows.push(
      row({
        id: `${engine.name}.globalSearch.${kind.replace(/ /g, '-')}`,
        group: 'search',
        engine: engine.name,
        label: `global search by ${kind} at ${count} users, latency (ms)`,
        value: round(median(times)),
        valueP95: round(p95(times)),
        unit: 'ms',
        target: TARGETS.globalSearchMs,
        details: { term, hits, users: count, ms: summarize(times) },
      }),
    );
  }
}
