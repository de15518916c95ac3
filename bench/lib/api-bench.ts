import { DASHBOARD_NUMBERS_BY_COUNT_SQL } from '@ute/api/bench';
import type { BenchOptions, Comparison } from './args';
import { compareThroughput, describe, getJson, httpRounds, recordCall, statementTimes, throughputDetails, type ThroughputResult } from './calls';
import { toPhases, type BenchEngine, type Phases, type Statement } from './engine';
import { interleaved, sequential, type LoadResult } from './load';
import { analyticsBench } from './analytics-bench';
import { liveBench } from './live-bench';
import { moneyBench } from './money-bench';
import { exportBench, globalSearchBench } from './operator-bench';
import { row, TARGETS, type Row } from './results';
import { median, p95, ratio, round, summarize } from './stats';

/** The big lists of the back-office, with the query that selects one page and the column their search uses. */
export interface ListSpec {
  key: string;
  label: string;
  path: string;
  query?: Record<string, string>;
  sizeParam: 'limit' | 'pageSize';
  /** `where`: the list's own filter, so the term is picked among rows the endpoint can show. */
  search?: { param: string; table: string; column: string; live: boolean; where?: string };
}

export const LISTS: ListSpec[] = [
  { key: 'utes', label: 'utes', path: '/get-all-ute-list', sizeParam: 'pageSize', search: { param: 'search', table: 'utes', column: 'full_name', live: true } },
  { key: 'jobs', label: 'jobs', path: '/get-all-job-list', sizeParam: 'limit', search: { param: 'search', table: 'jobs', column: 'title', live: true } },
  { key: 'users', label: 'users', path: '/all-users-data', sizeParam: 'limit', search: { param: 'search', table: 'users', column: 'email', live: true } },
  { key: 'uteBookings', label: 'ute bookings (Stripe)', path: '/ute-booking-list', query: { payment: 'stripe' }, sizeParam: 'limit' },
  {
    key: 'payments',
    label: 'payments',
    path: '/payment-list',
    sizeParam: 'limit',
    search: { param: 'search', table: 'payments', column: 'payment_by', live: false, where: 'is_stripe' },
  },
  {
    key: 'queries',
    label: 'customer queries',
    path: '/all-queries',
    sizeParam: 'limit',
    search: { param: 'email', table: 'customer_queries', column: 'email', live: true },
  },
];

export const HEAVY_USER_ID = '00000001-0000-4000-8000-000000000001';
const PAGE_SIZE = 10;

export interface EngineResults {
  rows: Row[];
  throughput: Record<string, ThroughputResult>;
  details: Record<string, unknown>;
  failures: string[];
}

type Log = (line: string) => void;

function listPath(spec: ListSpec, extra: Record<string, string | number> = {}): string {
  const params = new URLSearchParams({ ...spec.query, ...Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, String(v)])) });
  const query = params.toString();
  return query ? `${spec.path}?${query}` : spec.path;
}

async function listThroughput(engine: BenchEngine, options: BenchOptions, log: Log, out: EngineResults): Promise<void> {
  for (const spec of LISTS) {
    const result = await compareThroughput(engine, options, listPath(spec), log);
    out.throughput[spec.key] = result;
    out.rows.push(
      row({
        id: `${engine.name}.list.${spec.key}`,
        group: 'list',
        engine: engine.name,
        label: `${spec.label} list: HTTP vs raw driver, throughput`,
        value: result.throughputRatio.median,
        valueP95: result.throughputRatio.p95,
        unit: 'ratio',
        target: TARGETS.listThroughput,
        details: throughputDetails(result),
      }),
    );
  }
  const faqs = await getJson<{ data: { _id: string }[] }>(engine, '/all-faq');
  const singles: { key: string; label: string; path: string }[] = [{ key: 'checkToken', label: 'check-token', path: '/check-token' }];
  if (faqs.data[0]) singles.push({ key: 'faqDetail', label: 'single-faq-detail', path: `/single-faq-detail/${faqs.data[0]._id}` });
  for (const single of singles) {
    const result = await compareThroughput(engine, options, single.path, log);
    out.throughput[single.key] = result;
    out.rows.push(
      row({
        id: `${engine.name}.single.${single.key}`,
        group: 'single',
        engine: engine.name,
        label: `${single.label} (one row): HTTP vs raw driver, throughput`,
        value: result.throughputRatio.median,
        valueP95: result.throughputRatio.p95,
        unit: 'ratio',
        target: TARGETS.singleThroughput,
        details: throughputDetails(result),
      }),
    );
  }
  // The ceiling of the HTTP stack on this machine: a route that touches no database, against the
  // raw driver's single-row lookup. Below 0.8 the single-row target cannot be met by database work alone.
  const health = await httpRounds(engine, options, `${engine.apiUrl.replace(/\/api\/admin$/, '')}/api/health`);
  const checkToken = out.throughput.checkToken;
  if (checkToken) {
    const healthRps = median(health.map((run) => run.rps));
    const rawRps = median(checkToken.raw.map((run) => run.rps));
    log(`${engine.name} /api/health (no database): ${round(healthRps, 3)} req/s -> ${ratio(healthRps, rawRps)} of the raw check-token lookup`);
    out.rows.push(
      row({
        id: `${engine.name}.single.httpCeiling`,
        group: 'single',
        engine: engine.name,
        label: 'HTTP ceiling: /api/health (no database) vs raw check-token lookup, throughput',
        value: ratio(healthRps, rawRps),
        unit: 'ratio',
        details: {
          healthRps: summarize(health.map((run) => run.rps)),
          healthP99Ms: summarize(health.map((run) => run.p99)),
          rawCheckTokenRps: summarize(checkToken.raw.map((run) => run.rps)),
        },
      }),
    );
  }
}

/** f (PostgreSQL side): HTTP throughput of each list on a PostgreSQL database of PGlite's size. */
export async function listHttpThroughput(engine: BenchEngine, options: BenchOptions, log: Log): Promise<Record<string, LoadResult[]>> {
  const out: Record<string, LoadResult[]> = {};
  for (const spec of LISTS) {
    await getJson(engine, listPath(spec));
    out[spec.key] = await httpRounds(engine, options, `${engine.apiUrl}${listPath(spec)}`);
    log(`${engine.name} (PGlite's size) ${listPath(spec)}: ${round(median(out[spec.key].map((run) => run.rps)), 3)} req/s`);
  }
  return out;
}

function lastPageOf(body: Record<string, unknown>): number {
  const pagination = body.paginationData as { totalPages?: number } | undefined;
  if (typeof pagination?.totalPages === 'number') return pagination.totalPages;
  if (typeof body.totalPages === 'number') return body.totalPages;
  const total = typeof body.totalCount === 'number' ? body.totalCount : typeof body.total === 'number' ? body.total : Number.NaN;
  if (!Number.isFinite(total)) throw new Error(`cannot find the number of pages in ${Object.keys(body).join(', ')}`);
  return Math.max(1, Math.ceil(total / PAGE_SIZE));
}

const rowsOf = (body: Record<string, unknown>) => ((body.data ?? body.queries ?? []) as unknown[]).length;

/** b. The last page against page 1, sequential requests. */
async function paging(engine: BenchEngine, options: BenchOptions, log: Log, out: EngineResults): Promise<void> {
  for (const spec of LISTS) {
    const firstPath = listPath(spec, { page: 1, [spec.sizeParam]: PAGE_SIZE });
    const first = await getJson(engine, firstPath);
    const lastPage = lastPageOf(first);
    const lastPath = listPath(spec, { page: lastPage, [spec.sizeParam]: PAGE_SIZE });
    const last = await getJson(engine, lastPath);
    if (rowsOf(last) === 0) throw new Error(`${lastPath} on ${engine.name} answered no rows: the last page is wrong`);
    const firstStatements = await recordCall(engine, firstPath);
    const lastStatements = await recordCall(engine, lastPath);
    const firstTimes: number[] = [];
    const lastTimes: number[] = [];
    for (let i = 0; i < options.samples; i += 1) {
      firstTimes.push(...(await sequential(1, () => getJson(engine, firstPath).then(() => undefined))));
      lastTimes.push(...(await sequential(1, () => getJson(engine, lastPath).then(() => undefined))));
    }
    const value = ratio(median(lastTimes), median(firstTimes));
    log(`${engine.name} ${spec.key} page ${lastPage} vs page 1: ${round(median(lastTimes), 3)} ms vs ${round(median(firstTimes), 3)} ms -> ${value}`);
    out.rows.push(
      row({
        id: `${engine.name}.paging.${spec.key}`,
        group: 'paging',
        engine: engine.name,
        label: `${spec.label}: last page (${lastPage}) vs page 1, latency`,
        value,
        valueP95: ratio(p95(lastTimes), p95(firstTimes)),
        unit: 'ratio',
        target: TARGETS.lastPage,
        details: {
          lastPage,
          firstMs: summarize(firstTimes),
          lastMs: summarize(lastTimes),
          firstStatementsMs: await statementTimes(engine, firstStatements, options.rawSamples),
          lastStatementsMs: await statementTimes(engine, lastStatements, options.rawSamples),
        },
      }),
    );
  }
}

/** c. The dashboard against COUNT(*) of the same tables; the numbers must be equal. */
async function dashboard(engine: BenchEngine, options: BenchOptions, log: Log, out: EngineResults): Promise<void> {
  const { data } = await getJson<{ data: Record<string, number> }>(engine, '/dashboard-data');
  const [counted] = await engine.sql<Record<string, number>>(DASHBOARD_NUMBERS_BY_COUNT_SQL);
  const mismatches = Object.keys(counted).filter((key) => Number(data[key]) !== Number(counted[key]));
  for (let i = 0; i < 3; i += 1) await getJson(engine, '/dashboard-data');
  const endpointTimes = await sequential(options.samples * 4, () => getJson(engine, '/dashboard-data').then(() => undefined));
  const countTimes = await sequential(options.rawSamples, () => engine.sql(DASHBOARD_NUMBERS_BY_COUNT_SQL).then(() => undefined));
  const value = ratio(median(endpointTimes), median(countTimes));
  log(
    `${engine.name} dashboard: ${round(median(endpointTimes), 3)} ms vs COUNT(*) ${round(median(countTimes), 3)} ms -> ${value}; numbers ${mismatches.length ? 'DIFFER' : 'equal'}`,
  );
  out.rows.push(
    row({
      id: `${engine.name}.dashboard`,
      group: 'dashboard',
      engine: engine.name,
      label: 'dashboard-data vs COUNT(*) of the 7 numbers, latency',
      value,
      valueP95: ratio(p95(endpointTimes), p95(countTimes)),
      unit: 'ratio',
      target: TARGETS.dashboard,
      details: {
        endpointMs: summarize(endpointTimes),
        countMs: summarize(countTimes),
        endpoint: data,
        counted,
        numbersEqual: mismatches.length === 0,
        mismatches,
      },
    }),
  );
  if (mismatches.length > 0) {
    out.rows.push(
      row({
        id: `${engine.name}.dashboard.exact`,
        group: 'dashboard',
        engine: engine.name,
        label: `dashboard numbers equal COUNT(*) (differ: ${mismatches.join(', ')})`,
        value: 0,
        unit: 'ratio',
        target: { op: '>=', value: 1 },
      }),
    );
  }
}

/** The sample every term is picked from: the first 100k rows of the list by id (a plain LIMIT may start anywhere). */
function sampleOf(search: NonNullable<ListSpec['search']>): string {
  const live = `${search.live ? 'and deleted_at is null' : ''} ${search.where ? `and ${search.where}` : ''}`;
  return `select ${search.column} as value from ${search.table} where ${search.column} is not null ${live} order by id limit 100000`;
}

/** A rare term: the rarest whole value of the column in the sample. */
async function pickRareTerm(engine: BenchEngine, search: NonNullable<ListSpec['search']>): Promise<string> {
  const [found] = await engine.sql<{ term: string }>(`select value as term from (${sampleOf(search)}) sample group by 1 order by count(*), 1 limit 1`);
  if (!found) throw new Error(`no value to search for in ${search.table}.${search.column}`);
  return found.term.trim().slice(0, 100);
}

/**
 * A common term: a word (a first name, mostly) that 3% of the sample carry, counted as the search
 * finds it (anywhere in the text: "evie" is in "Stevie" too), as an admin types it. The candidates
 * are the 20 first words whose count as a first word is nearest 3%.
 */
async function pickCommonTerm(engine: BenchEngine, search: NonNullable<ListSpec['search']>): Promise<string> {
  const [found] = await engine.sql<{ term: string }>(
    `with sample as materialized (select lower(value) as value from (${sampleOf(search)}) sample),
       target as (select count(*) * 0.03 as rows from sample),
       candidates as (select substring(value from '^[a-z]+') as word from sample group by 1 having length(substring(value from '^[a-z]+')) >= 3
         order by abs(count(*) - (select rows from target)), 1 limit 20)
     select word as term from candidates
     order by abs((select count(*) from sample where value like '%' || word || '%') - (select rows from target)), 1 limit 1`,
  );
  if (!found) throw new Error(`no common word in ${search.table}.${search.column}`);
  return found.term;
}

const SCANS = ['enable_indexscan', 'enable_seqscan', 'enable_indexonlyscan'];
/**
 * The same statements with only bitmap scans left: each read from its search (or key) index, the
 * physical limit of that plan. A searched list's recent walk (db/paging.ts recentKeys) reads no
 * search index: a LIMIT bounds its walk of the list index, so it keeps the planner's choice.
 */
const searchIndexOnly = (statement: Statement) => SCANS.map((scan) => `set local ${scan} = ${/\) "recent" where /.test(statement.text) ? 'on' : 'off'}`);

/**
 * d. Searched lists: for a common term (a first name ~3% of rows carry), a rare one (the rarest
 * value) and a two-letter one, the endpoint's latency (p50/p95) against the same statements forced
 * onto the search index, and, for the common term, HTTP throughput against the raw driver.
 */
/** Calls of each searched path and of its statements on the search index before they are timed (a quick run: 20). */
const searchWarmupCalls = (options: BenchOptions) => (options.quick ? 20 : 200);

async function searchBench(engine: BenchEngine, options: BenchOptions, log: Log, out: EngineResults): Promise<void> {
  for (const spec of LISTS) {
    if (!spec.search) continue;
    const common = await pickCommonTerm(engine, spec.search);
    const terms = { common, rare: await pickRareTerm(engine, spec.search), twoLetter: common.slice(0, 2) };
    for (const [kind, term] of Object.entries(terms)) {
      const searchPath = listPath(spec, { [spec.search.param]: term });
      const body = await getJson(engine, searchPath);
      if (rowsOf(body) === 0) throw new Error(`search ${searchPath} on ${engine.name} found nothing: the term must match rows the list shows`);
      const matches = Number(body.totalCount ?? body.total ?? (body.paginationData as { total?: number } | undefined)?.total ?? Number.NaN);
      const statements = await recordCall(engine, searchPath);
      const phases: Phases = toPhases(statements);
      const callEndpoint = () => getJson(engine, searchPath).then(() => undefined);
      const callOnSearchIndex = () => engine.rawInTransaction(searchIndexOnly, phases);
      // Untimed calls first: the first list's first term otherwise timed the api compiling its
      // search path (V8 optimises a function after some hundreds of calls): with 20 first, utes "evie"
      // p50 7.0 ms (1.80 × its statements), with 200 first 4.4 ms (1.52 ×), the later lists alike.
      await sequential(searchWarmupCalls(options), callEndpoint);
      await sequential(searchWarmupCalls(options), callOnSearchIndex);
      const [endpointTimes, indexedTimes] = await interleaved(options.samples, callEndpoint, callOnSearchIndex);
      const value = ratio(median(endpointTimes), median(indexedTimes));
      log(
        `${engine.name} search ${spec.key} ${kind} "${term}" (${matches} matches): p50 ${round(median(endpointTimes), 3)} ms, p95 ${round(p95(endpointTimes), 3)} ms` +
          ` vs on the search index p50 ${round(median(indexedTimes), 3)} ms -> ${value}`,
      );
      const details = {
        term,
        matches,
        rowsOnPage: rowsOf(body),
        endpointMs: summarize(endpointTimes),
        sameStatementsOnSearchIndexMs: summarize(indexedTimes),
        statements: describe(statements),
      };
      out.rows.push(
        row({
          id: `${engine.name}.search.${spec.key}.${kind}`,
          group: 'search',
          engine: engine.name,
          label: `${spec.label} search, ${kind} term (${matches} matches): endpoint vs same statements on the search index, latency`,
          value,
          valueP95: ratio(p95(endpointTimes), p95(indexedTimes)),
          unit: 'ratio',
          target: TARGETS.search,
          details,
        }),
      );
      if (engine.name === 'postgres' && kind !== 'rare') {
        // The exact total's statements alone (search_words' one read, or a count on each partition of the
        // search table sent at once), on the raw driver: the floor of any answer that keeps "of Z" exact.
        const countStatements = statements.filter((statement) => /^\s*select count\(\*\)|\bfrom search_words\b/i.test(statement.text));
        const exactCountTimes =
          countStatements.length > 0
            ? await sequential(options.samples, () => Promise.all(countStatements.map((statement) => engine.raw(statement))).then(() => undefined))
            : [];
        if (countStatements.length > 0)
          log(
            `${engine.name} search ${spec.key} ${kind}: the exact total alone (${countStatements.length} statements at once) p50 ${round(median(exactCountTimes), 3)} ms, p95 ${round(p95(exactCountTimes), 3)} ms`,
          );
        // A two-letter term is what an admin's second keystroke sends: it has the common term's budget.
        out.rows.push(
          row({
            id: `${engine.name}.search.${spec.key}.${kind}P95`,
            group: 'search',
            engine: engine.name,
            label: `${spec.label} search, ${kind === 'common' ? 'common' : 'two-letter'} term "${term}" (${matches} matches): p95 latency`,
            value: round(p95(endpointTimes)),
            unit: 'ms',
            target: TARGETS.searchP95Ms,
            details: { ...details, ...(countStatements.length > 0 ? { exactCountAloneMs: summarize(exactCountTimes) } : {}) },
          }),
        );
      }
      if (kind === 'common' && engine.name === 'postgres') {
        const result = await compareThroughput(engine, options, searchPath, log);
        out.rows.push(
          row({
            id: `${engine.name}.search.${spec.key}.throughput`,
            group: 'search',
            engine: engine.name,
            label: `${spec.label} search, common term: HTTP vs raw driver, throughput`,
            value: result.throughputRatio.median,
            valueP95: result.throughputRatio.p95,
            unit: 'ratio',
            target: TARGETS.searchThroughput,
            details: throughputDetails(result),
          }),
        );
      }
    }
  }
}

/** e. The activity screen's call for the user with the most activity against the raw query of all that user's rows. */
async function activity(engine: BenchEngine, options: BenchOptions, log: Log, out: EngineResults): Promise<void> {
  const callPath = `/get-activities/${HEAVY_USER_ID}`;
  const body = await getJson<{ data: { activities: unknown[] }[]; totalCount?: number }>(engine, callPath);
  const returned = body.data.reduce((sum, day) => sum + day.activities.length, 0);
  const statements = await recordCall(engine, callPath);
  const rawSql = 'select * from user_activities where user_id = $1 order by occurred_at desc';
  const [{ count }] = await engine.sql<{ count: number }>('select count(*)::int as count from user_activities where user_id = $1', [HEAVY_USER_ID]);
  await engine.sql(rawSql, [HEAVY_USER_ID]);
  const endpointTimes = await sequential(options.samples, () => getJson(engine, callPath).then(() => undefined));
  const rawTimes = await sequential(Math.max(options.rawSamples, Math.ceil(options.samples / 3)), () =>
    engine.sql(rawSql, [HEAVY_USER_ID]).then(() => undefined),
  );
  const value = ratio(median(endpointTimes), median(rawTimes));
  log(`${engine.name} activity (${count} rows): ${round(median(endpointTimes), 3)} ms vs raw ${round(median(rawTimes), 3)} ms -> ${value}`);
  out.rows.push(
    row({
      id: `${engine.name}.activity`,
      group: 'activity',
      engine: engine.name,
      label: `activity of a user with ${count} rows vs raw select of them, latency`,
      value,
      valueP95: ratio(p95(endpointTimes), p95(rawTimes)),
      unit: 'ratio',
      details: {
        userRows: count,
        rowsInFirstAnswer: returned,
        endpointMs: summarize(endpointTimes),
        rawAllRowsMs: summarize(rawTimes),
        rawSql,
        statements: describe(statements),
        statementsMs: await statementTimes(engine, statements, options.rawSamples),
      },
    }),
  );
}

export async function benchEngine(engine: BenchEngine, options: BenchOptions, log: Log): Promise<EngineResults> {
  const out: EngineResults = { rows: [], throughput: {}, details: {}, failures: [] };
  const steps: [Comparison, () => Promise<void>][] = [
    ['list', () => listThroughput(engine, options, log, out)],
    ['paging', () => paging(engine, options, log, out)],
    ['dashboard', () => dashboard(engine, options, log, out)],
    ['search', () => searchBench(engine, options, log, out)],
    ['activity', () => activity(engine, options, log, out)],
    ['export', () => exportBench(engine, options, log, out)],
    ['globalSearch', () => globalSearchBench(engine, options, log, out)],
    ['money', () => moneyBench(engine, options, log, out)],
    ['analytics', () => analyticsBench(engine, options, log, out)],
    ['live', () => liveBench(engine, options, log, out)],
  ];
  for (const [name, step] of steps) {
    // The engines comparison needs the list throughput of both engines.
    if (!options.only.includes(name) && !(name === 'list' && options.only.includes('engines'))) continue;
    const started = performance.now();
    try {
      await step();
    } catch (error) {
      // One broken comparison must not hide the others: it becomes a row that says so.
      const message = error instanceof Error ? error.message : String(error);
      log(`${engine.name} ${name} FAILED: ${message}`);
      out.failures.push(`${engine.name} ${name}: ${message}`);
      out.rows.push(
        row({
          id: `${engine.name}.${name}.failed`,
          group: name === 'list' ? 'list' : name === 'globalSearch' ? 'search' : (name as Row['group']),
          engine: engine.name,
          label: `${name} comparison`,
          value: Number.NaN,
          unit: 'ratio',
          note: `failed: ${message.slice(0, 200)}`,
        }),
      );
    }
    out.details[`${name}Seconds`] = round((performance.now() - started) / 1000, 3);
  }
  return out;
}

/**
 * f. PGlite against PostgreSQL for the same list endpoints: HTTP throughput on PGlite ÷ on a
 * PostgreSQL database seeded at the same scale (the lists' cost grows with the data, so only the
 * same size compares the engines); the ratio to the big PostgreSQL database is in the details.
 */
export function compareEngines(
  pglite: EngineResults,
  postgresSameSize: Record<string, LoadResult[]>,
  postgresBig: EngineResults | undefined,
  sizes: { pglite: number; postgresBig?: number },
): Row[] {
  return LISTS.filter((spec) => pglite.throughput[spec.key] && postgresSameSize[spec.key]).map((spec) => {
    const liteRps = median(pglite.throughput[spec.key].http.map((run) => run.rps));
    const pgRps = median(postgresSameSize[spec.key].map((run) => run.rps));
    const bigRps = postgresBig?.throughput[spec.key] ? median(postgresBig.throughput[spec.key].http.map((run) => run.rps)) : Number.NaN;
    return row({
      id: `engines.${spec.key}`,
      group: 'engines',
      engine: 'both',
      label: `${spec.label} list: PGlite vs PostgreSQL (same data), throughput`,
      value: ratio(liteRps, pgRps),
      unit: 'ratio',
      target: TARGETS.pglite,
      details: {
        users: sizes.pglite,
        pgliteRps: round(liteRps),
        postgresRps: summarize(postgresSameSize[spec.key].map((run) => run.rps)),
        postgresBigUsers: sizes.postgresBig ?? null,
        postgresBigRps: Number.isFinite(bigRps) ? round(bigRps) : null,
        pgliteVsPostgresBig: ratio(liteRps, bigRps),
      },
    });
  });
}
