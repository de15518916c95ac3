import type { AnalyticsChart } from '@ute/contract';
import { formatByUnit } from '../../lib/analyticsFormat';
import { bucketLabel, shadeOf } from './chartData';

/**
 * A cohort heat-map: a row per sign-up month with its size, then the percentage of that month's
 * sign-ups who booked 0, 1, 2, … months later, each cell shaded by its percentage.
 */
export function CohortChart({ chart, label }: { chart: AnalyticsChart; label: string }) {
  const size = chart.series.find((series) => series.key === 'size');
  const months = chart.series.filter((series) => series.key !== 'size');
  return (
    // Focusable, so a keyboard can scroll a wide heat-map.
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={`${chart.title}, heat-map`}>
      <table className="w-full border-separate border-spacing-0.5 text-xs" aria-label={label}>
        <thead>
          <tr>
            <th scope="col" className="px-2 py-1 text-left font-medium text-slate-700">
              Month
            </th>
            <th scope="col" className="px-2 py-1 text-right font-medium text-slate-700">
              {size?.label ?? 'Users'}
            </th>
            {months.map((series) => (
              <th key={series.key} scope="col" className="px-2 py-1 text-center font-medium text-slate-700">
                {series.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {chart.buckets.map((bucket, index) => (
            <tr key={bucket}>
              <th scope="row" className="whitespace-nowrap px-2 py-1 text-left font-medium text-slate-800">
                {bucketLabel(bucket, true)}
              </th>
              <td className="px-2 py-1 text-right text-slate-800">{formatByUnit('count', size?.values[index] ?? null)}</td>
              {months.map((series) => {
                const value = series.values[index] ?? null;
                return (
                  <td
                    key={series.key}
                    className="rounded px-2 py-1 text-center"
                    style={value === null ? undefined : shadeOf(value)}
                    title={`${bucketLabel(bucket, true)}, ${series.label}: ${formatByUnit(chart.unit, value)}`}
                  >
                    {value === null ? '' : formatByUnit(chart.unit, value)}
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
