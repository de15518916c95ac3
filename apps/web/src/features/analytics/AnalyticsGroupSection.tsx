import { ANALYTICS_GROUP_TITLES, type AnalyticsGroup } from '@ute/contract';
import { ChartCard } from '../../components/charts';
import { Spinner } from '../../components/ui';
import { drillDownHref, useAnalyticsGroup, type AnalyticsRange } from '../../domain/analytics';
import { formatDay } from '../../lib/analyticsFormat';
import { TotalCard } from './TotalCard';

/** One group of Analytics: its heading, its totals against the previous period, then its charts. */
export function AnalyticsGroupSection({ group, range, roles }: { group: AnalyticsGroup; range: AnalyticsRange; roles: readonly string[] }) {
  const analytics = useAnalyticsGroup(group, range);
  const headingId = `analytics-${group}`;
  const data = analytics.data;
  return (
    <section aria-labelledby={headingId} className="mb-8" data-testid={`analytics-group-${group}`}>
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {ANALYTICS_GROUP_TITLES[group]}
      </h2>
      {data && group === 'money' && data.source && <p className="text-sm text-slate-600">{data.source}</p>}
      {analytics.isPending && <Spinner label={`Loading ${ANALYTICS_GROUP_TITLES[group]}`} />}
      {analytics.isError && (
        <p className="text-red-700">
          Error loading {ANALYTICS_GROUP_TITLES[group].toLowerCase()}: {analytics.error.message}
        </p>
      )}
      {data && (
        <>
          <p className="mb-3 text-xs text-slate-600">
            Compared with the previous period, {formatDay(data.previousFrom)} to {formatDay(data.previousTo)}.
          </p>
          {data.totals.length > 0 && (
            <ul className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
              {data.totals.map((total) => (
                <TotalCard key={total.key} total={total} />
              ))}
            </ul>
          )}
          <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
            {data.charts.map((chart) => (
              <ChartCard
                key={chart.key}
                chart={chart}
                range={range}
                hrefOf={(bucket, seriesKey) => drillDownHref(chart.key, seriesKey, bucket, range, roles)}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
