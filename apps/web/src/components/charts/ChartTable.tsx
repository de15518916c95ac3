import { Link } from 'react-router';
import type { AnalyticsChart } from '@ute/contract';
import { formatByUnit } from '../../lib/analyticsFormat';
import { bucketLabel, hasMonthBuckets, stepLabel } from './chartData';

const firstColumnOf = (chart: AnalyticsChart) => (chart.kind === 'funnel' ? 'Step' : chart.kind === 'cohort' ? 'Month' : 'Period');

/** The chart's numbers as a table (screen readers, copy and paste); a cell that opens a list links to it. */
export function ChartTable({ chart, hrefOf }: { chart: AnalyticsChart; hrefOf?: (bucket: string, seriesKey: string) => string | undefined }) {
  const isMonth = hasMonthBuckets(chart);
  return (
    // Focusable, so a keyboard can scroll a long table.
    <div className="max-h-96 overflow-auto" tabIndex={0} role="region" aria-label={`${chart.title}, table`}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{chart.title}</caption>
        <thead className="sticky top-0 bg-slate-50">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium text-slate-700">
              {firstColumnOf(chart)}
            </th>
            {chart.series.map((series) => (
              <th key={series.key} scope="col" className="px-3 py-2 text-right font-medium text-slate-700">
                {series.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {chart.buckets.map((bucket, index) => (
            <tr key={bucket}>
              <th scope="row" className="whitespace-nowrap px-3 py-1.5 font-normal text-slate-800">
                {chart.kind === 'funnel' ? stepLabel(bucket) : bucketLabel(bucket, isMonth)}
              </th>
              {chart.series.map((series) => {
                const text = formatByUnit(series.key === 'size' && chart.kind === 'cohort' ? 'count' : chart.unit, series.values[index] ?? null);
                const href = hrefOf?.(bucket, series.key);
                return (
                  <td key={series.key} className="px-3 py-1.5 text-right tabular-nums text-slate-900">
                    {href ? (
                      <Link
                        to={href}
                        className="text-brand-700 underline underline-offset-2"
                        aria-label={`${text}: open the ${series.label} of ${bucketLabel(bucket, isMonth)}`}
                      >
                        {text}
                      </Link>
                    ) : (
                      text
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
