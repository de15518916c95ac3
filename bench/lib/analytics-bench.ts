/**
 * k. Analytics (docs/design.md §10): each group's call over the last 90 days by day, and this
 * financial year by month, against the plain SQL over the base tables that computes the same
 * group's totals for the range and the previous period (the tests' reference: the series would cost
 * it once per bucket more, so the ratio is a lower bound of what the rollups save). Also the time a
 * whole rebuild of the rollups takes at this size.
 */
import { ANALYTICS_GROUPS, ANALYTICS_GROUP_ROUTES, API_ROUTES, presetRange, previousPeriod, sydneyToday, type AnalyticsGroup } from '@ute/contract';
import { analyticsReferenceTotals } from '@ute/api/bench';
import type { BenchOptions } from './args';
import { getJson } from './calls';
import type { BenchEngine } from './engine';
import { sequential } from './load';
import { row, TARGETS, type Row } from './results';
import { median, p95, ratio, round, summarize } from './stats';

type Log = (line: string) => void;

/** The group's totals for the range and the previous period from the base tables (the tests' plain SQL). */
async function referenceRun(engine: BenchEngine, group: AnalyticsGroup, from: string, to: string): Promise<void> {
  const previous = previousPeriod(from, to);
  for (const range of [{ from, to }, previous]) {
    await analyticsReferenceTotals(engine.database.db, group, range.from, range.to);
  }
}

export async function analyticsBench(engine: BenchEngine, options: BenchOptions, log: Log, out: { rows: Row[] }): Promise<void> {
  const rebuildStarted = performance.now();
  const [rebuilt] = await engine.sql<{ days: number }>('select analytics_rebuild() as days');
  const rebuildSeconds = round((performance.now() - rebuildStarted) / 1000, 3);
  log(`${engine.name} analytics: rollups rebuilt (${rebuilt.days} days) in ${rebuildSeconds} s`);
  out.rows.push(
    row({
      id: `${engine.name}.analytics.rebuild`,
      group: 'analytics',
      engine: engine.name,
      label: `analytics rollups rebuilt from the base tables (${rebuilt.days} days; npm run analytics:rebuild), seconds`,
      value: rebuildSeconds,
      unit: 's',
    }),
  );

  const today = sydneyToday();
  const ranges = [
    { key: 'last90', label: 'last 90 days by day', groupBy: 'day', ...presetRange('last90', today) },
    { key: 'financialYear', label: 'this financial year by month', groupBy: 'month', ...presetRange('thisFinancialYear', today) },
  ] as const;
  for (const group of ANALYTICS_GROUPS) {
    const path = API_ROUTES[ANALYTICS_GROUP_ROUTES[group]].path;
    for (const range of ranges) {
      const callPath = `${path}?from=${range.from}&to=${range.to}&groupBy=${range.groupBy}`;
      await getJson(engine, callPath); // warm-up
      const times = await sequential(options.samples, () => getJson(engine, callPath).then(() => undefined));
      const referenceTimes = await sequential(options.rawSamples, () => referenceRun(engine, group, range.from, range.to));
      const referenceMs = median(referenceTimes);
      const endpointP95 = p95(times);
      log(
        `${engine.name} ${callPath}: p50 ${round(median(times), 3)} ms, p95 ${round(endpointP95, 3)} ms; plain SQL over the base tables ${round(referenceMs, 3)} ms`,
      );
      out.rows.push(
        row({
          id: `${engine.name}.analytics.${group}.${range.key}`,
          group: 'analytics',
          engine: engine.name,
          label: `analytics ${group}, ${range.label}: p95 latency (ms; plain SQL over the base tables ${round(referenceMs, 3)} ms, ratio ${ratio(endpointP95, referenceMs)})`,
          value: round(endpointP95),
          unit: 'ms',
          target: engine.name === 'postgres' && !options.quick ? TARGETS.analyticsP95Ms : undefined,
          details: { endpoint: callPath, ms: summarize(times), referenceMs: summarize(referenceTimes), ratioP95ToReference: ratio(endpointP95, referenceMs) },
        }),
      );
    }
  }
}
