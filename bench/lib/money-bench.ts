/**
 * The money screens at a million ledger lines (owner balances, one owner's ledger) and the intake
 * of Stripe's webhooks: how fast the inbox answers Stripe, and how fast its worker empties it.
 */
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import type { BenchOptions } from './args';
import { getJson, recordCall, statementTimes } from './calls';
import { BENCH_WEBHOOK_SECRET, runPhases, toPhases, type BenchEngine, type Statement } from './engine';
import { rawLoad, sequential, type LoadResult } from './load';
import { row, type Row } from './results';
import { median, p95, round, summarize } from './stats';

type Log = (line: string) => void;

/** The issue asks for the money screens' numbers at this many ledger lines. */
const MILLION_LINES = 1_000_000;
/** A statement slower than this alone gets its EXPLAIN ANALYZE in the results. */
const SLOW_STATEMENT_MS = 50;
const BALANCES_PAGE_SIZE = 10;
const LEDGER_PAGE_SIZE = 20;
/** Stripe's deliveries at once: the intake is loaded with this many requests in flight. */
const WEBHOOK_CONCURRENCY = 10;

interface LedgerSize {
  lines: number;
  journals: number;
  ownerLines: number;
  owners: number;
}

async function ledgerSize(engine: BenchEngine): Promise<LedgerSize> {
  const [size] = await engine.sql<LedgerSize>(
    `select (select count(*) from ledger_lines)::int as lines, (select count(*) from ledger_journals)::int as journals,
       (select count(*) from ledger_lines where owner_id is not null)::int as "ownerLines",
       (select count(distinct owner_id) from ledger_lines)::int as owners`,
  );
  return size;
}

/** EXPLAIN (ANALYZE, BUFFERS) of one recorded statement, with its own arguments, on the raw driver. */
async function explain(engine: BenchEngine, statement: Statement): Promise<string[]> {
  // Drizzle's pg driver sends (config with the text, values); PGlite (text, values); pg also takes ({ text, values }).
  const [first, second] = statement.args;
  const values = Array.isArray(second) ? second : ((first as { values?: unknown[] }).values ?? []);
  const plan = await engine.sql<Record<string, string>>(`explain (analyze, buffers) ${statement.text}`, values);
  return plan.map((line) => Object.values(line)[0]);
}

interface PageLatency {
  times: number[];
  statementsMs: { sql: string; ms: number }[];
  /** The plan of the slowest statement when it takes more than SLOW_STATEMENT_MS alone. */
  slowPlan: string[] | null;
}

/** `samples` sequential calls of one page (after warming it up), and its statements alone on the raw driver. */
async function pageLatency(engine: BenchEngine, options: BenchOptions, callPath: string): Promise<PageLatency> {
  const statements = await recordCall(engine, callPath);
  const times = await sequential(options.samples, () => getJson(engine, callPath).then(() => undefined));
  const statementsMs = await statementTimes(engine, statements, options.rawSamples);
  const slowest = statementsMs.reduce((worst, statement, index) => (statement.ms > statementsMs[worst].ms ? index : worst), 0);
  const slowPlan = statementsMs[slowest].ms > SLOW_STATEMENT_MS ? await explain(engine, statements[slowest]) : null;
  return { times, statementsMs, slowPlan };
}

/** One page's latency row: p50 and p95 in ms. */
async function pageRow(engine: BenchEngine, options: BenchOptions, log: Log, page: { key: string; label: string; path: string }): Promise<Row> {
  const latency = await pageLatency(engine, options, page.path);
  const slowestMs = Math.max(...latency.statementsMs.map((statement) => statement.ms));
  log(
    `${engine.name} ${page.path}: p50 ${round(median(latency.times), 3)} ms, p95 ${round(p95(latency.times), 3)} ms; slowest statement alone ${slowestMs} ms` +
      (latency.slowPlan ? ` (${latency.slowPlan.at(-1)?.trim()})` : ''),
  );
  return row({
    id: `${engine.name}.money.${page.key}`,
    group: 'money',
    engine: engine.name,
    label: `${page.label}, latency (ms)`,
    value: round(median(latency.times)),
    valueP95: round(p95(latency.times)),
    unit: 'ms',
    details: {
      endpoint: page.path,
      ms: summarize(latency.times),
      slowestStatementMs: slowestMs,
      statementsMs: latency.statementsMs,
      slowPlan: latency.slowPlan,
    },
  });
}

/**
 * One page under load as comparison a measures it (HTTP against the raw driver sending the same
 * statements, `--connections` at once, alternating rounds), but with every request that started in
 * the window counted to its end: a page of a second or more would end autocannon's window with most
 * of its requests in flight, uncounted.
 */
async function underLoad(engine: BenchEngine, options: BenchOptions, callPath: string): Promise<{ http: LoadResult[]; raw: LoadResult[] }> {
  const phases = toPhases(await recordCall(engine, callPath));
  const http = () => rawLoad(() => getJson(engine, callPath).then(() => undefined), options.connections, options.duration);
  const raw = () => rawLoad(() => runPhases(engine, phases), options.connections, options.duration);
  const runs = { http: [] as LoadResult[], raw: [] as LoadResult[] };
  for (let round = 0; round < options.rounds; round += 1) {
    // Alternate which side goes first, so a drift in the machine's load hits both.
    if (round % 2 === 0) runs.http.push(await http());
    runs.raw.push(await raw());
    if (round % 2 === 1) runs.http.push(await http());
  }
  const errors = [...runs.http, ...runs.raw].reduce((sum, run) => sum + run.errors, 0);
  if (errors > 0) throw new Error(`${callPath} on ${engine.name}: ${errors} failed requests under load`);
  return runs;
}

/** The balances list: page 1 in the default order and by paid out, the last page, and page 1 under load. */
async function balancesBench(engine: BenchEngine, options: BenchOptions, log: Log, out: { rows: Row[] }, size: LedgerSize): Promise<void> {
  const pathOf = (query: { page: number; sort?: string }) =>
    `/owner-balances?page=${query.page}&limit=${BALANCES_PAGE_SIZE}${query.sort ? `&sort=${query.sort}` : ''}`;
  const first = await getJson<{ totalCount: number; paginationData: { totalPages: number } }>(engine, pathOf({ page: 1 }));
  const lastPage = first.paginationData.totalPages;
  const at = `${first.totalCount} owners, ${size.lines} ledger lines`;
  const pages = [
    { key: 'balances.first', label: `owner balances page 1 (${at})`, path: pathOf({ page: 1 }) },
    { key: 'balances.paidOut', label: `owner balances page 1 by paid out (${at})`, path: pathOf({ page: 1, sort: 'paidOut' }) },
    { key: 'balances.last', label: `owner balances last page (${lastPage}; ${at})`, path: pathOf({ page: lastPage }) },
  ];
  for (const page of pages) out.rows.push(await pageRow(engine, options, log, page));
  const load = await underLoad(engine, options, pages[0].path);
  const httpRps = median(load.http.map((run) => run.rps));
  const rawRps = median(load.raw.map((run) => run.rps));
  log(`${engine.name} ${pages[0].path} under load: ${round(httpRps, 3)} req/s vs raw ${round(rawRps, 3)} /s`);
  out.rows.push(
    row({
      id: `${engine.name}.money.balances.load`,
      group: 'money',
      engine: engine.name,
      label: `owner balances page 1 under load (${options.connections} at once; the raw driver sending its statements: ${round(rawRps, 3)}/s), requests/s`,
      value: round(httpRps),
      unit: 'per second',
      details: {
        endpoint: pages[0].path,
        httpRps: summarize(load.http.map((run) => run.rps)),
        rawRps: summarize(load.raw.map((run) => run.rps)),
        httpP50Ms: summarize(load.http.map((run) => run.p50)),
        rawP50Ms: summarize(load.raw.map((run) => run.p50)),
        throughputRatioRounds: load.http.map((run, i) => round(run.rps / load.raw[i].rps)),
      },
    }),
  );
}

/** One owner's ledger, the owner with the most ledger lines: page 1 and the last page. */
async function ownerLedgerBench(engine: BenchEngine, options: BenchOptions, log: Log, out: { rows: Row[] }): Promise<void> {
  const [owner] = await engine.sql<{ ownerId: string; lines: number }>(
    `select owner_id as "ownerId", count(*)::int as lines from ledger_lines where owner_id is not null
     group by owner_id order by count(*) desc, owner_id limit 1`,
  );
  if (!owner) throw new Error('no ledger line has an owner: the seed wrote no ledger');
  const pathOf = (page: number) => `/owner-ledger/${owner.ownerId}?page=${page}&limit=${LEDGER_PAGE_SIZE}`;
  const first = await getJson<{ totalCount: number; paginationData: { totalPages: number } }>(engine, pathOf(1));
  const lastPage = first.paginationData.totalPages;
  const of = `${owner.lines} lines, ${first.totalCount} journals`;
  out.rows.push(
    await pageRow(engine, options, log, { key: 'ownerLedger.first', label: `owner ledger page 1 (the owner with the most: ${of})`, path: pathOf(1) }),
    await pageRow(engine, options, log, { key: 'ownerLedger.last', label: `owner ledger last page (${lastPage}; ${of})`, path: pathOf(lastPage) }),
  );
}

type StripeObject = Record<string, unknown>;

/** A Stripe event as Stripe sends it (as webhooks.routes.test.ts builds them); a Connect event names its account. */
function stripeEvent(id: string, type: string, object: StripeObject, account?: string) {
  return { id, object: 'event', type, livemode: false, created: Math.floor(Date.now() / 1000), account, data: { object } };
}

/**
 * The intake's events, a mix the worker applies through the payout code: an owner's account state
 * (`account.updated`), an owner's bank payout (`payout.paid` / `payout.failed`), both written to the
 * owner's payout status, and a transfer that is not ours (`transfer.updated`, ignored after its look-ups).
 */
function intakeEvents(prefix: string, count: number, accounts: string[]) {
  return Array.from({ length: count }, (_, i) => {
    const id = `${prefix}${String(i).padStart(6, '0')}`;
    const account = accounts[i % accounts.length];
    const isGood = i % 2 === 0;
    if (i % 3 === 0)
      return stripeEvent(
        id,
        'account.updated',
        { id: account, object: 'account', payouts_enabled: isGood, requirements: { disabled_reason: isGood ? null : 'requirements.past_due' } },
        account,
      );
    if (i % 3 === 1)
      return stripeEvent(
        id,
        isGood ? 'payout.paid' : 'payout.failed',
        { id: `po_${id}`, object: 'payout', failure_message: isGood ? null : 'Bank closed' },
        account,
      );
    return stripeEvent(id, 'transfer.updated', { id: `tr_${id}`, object: 'transfer', amount: 5000, amount_reversed: 1000, transfer_group: `not-ours-${id}` });
  });
}

interface Delivery {
  payload: string;
  signature: string;
}

/** Posts every delivery, `concurrency` at a time; every answer must be a 200. */
async function deliverAll(url: string, deliveries: Delivery[], concurrency: number): Promise<{ seconds: number; postMs: number[] }> {
  const postMs: number[] = [];
  const refused: string[] = [];
  let next = 0;
  const began = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < deliveries.length; i = next++) {
        const sent = performance.now();
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': deliveries[i].signature },
          body: deliveries[i].payload,
        });
        const body = await response.text();
        postMs.push(performance.now() - sent);
        if (response.status !== 200) refused.push(`${response.status} ${body.slice(0, 200)}`);
      }
    }),
  );
  if (refused.length) throw new Error(`${refused.length} of ${deliveries.length} webhook deliveries refused, e.g. ${refused[0]}`);
  return { seconds: (performance.now() - began) / 1000, postMs };
}

interface InboxState {
  done: number;
  failed: number;
  lastDoneAt: Date | null;
  states: Record<string, number>;
}

async function inboxState(engine: BenchEngine, prefix: string): Promise<InboxState> {
  const rows = await engine.sql<{ state: string; count: number; last: Date | string | null }>(
    'select state, count(*)::int as count, max(processed_at) as last from stripe_events where id like $1 group by state',
    [`${prefix}%`],
  );
  const states = Object.fromEntries(rows.map((r) => [r.state, r.count]));
  const finished = rows.filter((r) => r.state === 'processed' || r.state === 'ignored');
  const lasts = finished.map((r) => (r.last ? new Date(r.last).getTime() : 0));
  return {
    done: finished.reduce((sum, r) => sum + r.count, 0),
    failed: states.failed ?? 0,
    lastDoneAt: lasts.length ? new Date(Math.max(...lasts)) : null,
    states,
  };
}

/** Polls the inbox every 100 ms until all `count` events are processed or ignored, or until `deadline` (Date.now()). */
async function waitForInbox(engine: BenchEngine, prefix: string, count: number, deadline: number): Promise<InboxState> {
  for (;;) {
    const state = await inboxState(engine, prefix);
    if (state.done >= count || Date.now() >= deadline) return state;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Stripe's webhooks: `count` signed events posted `WEBHOOK_CONCURRENCY` at a time (accepted/s: the
 * 200s per second), then the time until the inbox's worker, as the api runs it (woken by each
 * delivery, asking again after each job), has made every event final (processed/s).
 */
async function webhooksBench(engine: BenchEngine, options: BenchOptions, log: Log, out: { rows: Row[] }): Promise<void> {
  const count = options.quick ? 200 : 2000;
  const deadlineSeconds = options.quick ? 60 : 300;
  const accounts = (
    await engine.sql<{ account: string }>('select stripe_account_id as account from users where stripe_account_id is not null order by id limit 500')
  ).map((r) => r.account);
  if (accounts.length === 0) throw new Error('no user has a Stripe account: the seed has no owners');
  const prefix = `evt_bench_${randomUUID().slice(0, 8)}_`;
  // The signatures are made before the clock starts (Stripe signs before it sends); they stay valid 5 minutes.
  const stripe = new Stripe('sk_test_bench_unused');
  const deliveries = intakeEvents(prefix, count, accounts).map((event) => {
    const payload = JSON.stringify(event);
    return { payload, signature: stripe.webhooks.generateTestHeaderString({ payload, secret: BENCH_WEBHOOK_SECRET }) };
  });
  const url = `${engine.apiUrl.replace(/\/api\/admin$/, '')}/webhooks/stripe`;
  const pollSeconds = engine.app.ctx.config.JOB_POLL_SECONDS;

  const started = Date.now();
  const intake = await deliverAll(url, deliveries, WEBHOOK_CONCURRENCY);
  const acceptedPerSecond = count / intake.seconds;
  const worked = await waitForInbox(engine, prefix, count, started + deadlineSeconds * 1000);
  const workedSeconds = ((worked.done >= count ? worked.lastDoneAt!.getTime() : Date.now()) - started) / 1000;
  log(
    `${engine.name} webhooks: ${count} events accepted in ${round(intake.seconds, 3)} s (${round(acceptedPerSecond, 3)}/s, POST p50 ${round(median(intake.postMs), 3)} ms); ` +
      `${worked.done} worked in ${round(workedSeconds, 3)} s from the first delivery (JOB_POLL_SECONDS ${pollSeconds}); final states ${JSON.stringify(worked.states)}`,
  );
  if (worked.done < count) throw new Error(`webhooks: only ${worked.done} of ${count} events processed or ignored (${JSON.stringify(worked.states)})`);
  const details = {
    events: count,
    concurrency: WEBHOOK_CONCURRENCY,
    mix: 'account.updated, payout.paid / payout.failed (owners of the seed), transfer.updated (not ours: ignored)',
    intakeSeconds: round(intake.seconds),
    postMs: summarize(intake.postMs),
    jobPollSeconds: pollSeconds,
    workedSeconds: round(workedSeconds),
    finalStates: worked.states,
  };
  const rate = (label: string, key: string, value: number) =>
    row({ id: `${engine.name}.money.webhooks.${key}`, group: 'money', engine: engine.name, label, value: round(value), unit: 'per second', details });
  out.rows.push(
    rate(`Stripe webhooks accepted (200) per second, ${count} signed events ${WEBHOOK_CONCURRENCY} at a time`, 'accepted', acceptedPerSecond),
    rate(
      `Stripe webhooks processed per second by one api process, from the first delivery to the last event final (${count} events)`,
      'processed',
      count / workedSeconds,
    ),
  );
}

/** The money comparison: the ledger's size, the balances list, one owner's ledger, the webhook intake. */
export async function moneyBench(engine: BenchEngine, options: BenchOptions, log: Log, out: { rows: Row[] }): Promise<void> {
  const size = await ledgerSize(engine);
  const below = size.lines < MILLION_LINES ? ', below the 1M the issue asks about' : '';
  log(`${engine.name} ledger: ${size.lines} lines (${size.ownerLines} on owners' accounts), ${size.journals} journals, ${size.owners} owners${below}`);
  out.rows.push(
    row({
      id: `${engine.name}.money.ledgerLines`,
      group: 'money',
      engine: engine.name,
      label: `ledger lines in the measured database (${size.journals} journals; ${size.ownerLines} lines of ${size.owners} owners${below})`,
      value: size.lines,
      unit: 'count',
      details: { ...size },
    }),
  );
  await balancesBench(engine, options, log, out, size);
  await ownerLedgerBench(engine, options, log, out);
  await webhooksBench(engine, options, log, out);
}
