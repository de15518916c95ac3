import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Download, Image, Table2 } from 'lucide-react';
import type { AnalyticsChart } from '@ute/contract';
import { saveBlob } from '../../lib/apiClient';
import { notifyError } from '../../lib/toast';
import { Button } from '../ui';
import { chartCsv, chartFileName, chartSummary, colorOf } from './chartData';
import { cohortSvg, saveSvgAsPng } from './chartImage';
import { ChartTable } from './ChartTable';
import { CohortChart } from './CohortChart';
import { FunnelChart } from './FunnelChart';
import { SeriesChart } from './SeriesChart';

export interface ChartCardProps {
  chart: AnalyticsChart;
  /** The range the chart covers: the downloads are named by it. */
  range: { from: string; to: string };
  /** The list a bucket's series opens (drill-down); undefined: that one opens nothing. */
  hrefOf?: (bucket: string, seriesKey: string) => string | undefined;
  /** The drawing's height in SVG units (its width is 640, scaled to the card). */
  height?: number;
}

/**
 * One chart in a card: its title, the drawing (or the same numbers as a table), its legend, and
 * the downloads (CSV of the numbers, PNG of the drawing). The drawing's accessible name sums it up.
 */
export function ChartCard({ chart, range, hrefOf, height = 260 }: ChartCardProps) {
  const navigate = useNavigate();
  const svgRef = useRef<SVGSVGElement>(null);
  const [isTable, setIsTable] = useState(false);
  const summary = chartSummary(chart);
  const titleId = `chart-${chart.key}-title`;
  const handleSelect = hrefOf
    ? (bucketIndex: number, seriesIndex: number) => {
        const href = hrefOf(chart.buckets[bucketIndex] ?? '', chart.series[seriesIndex]?.key ?? '');
        if (href) void navigate(href);
      }
    : undefined;
  const handleCsv = () => saveBlob(new Blob([chartCsv(chart)], { type: 'text/csv;charset=utf-8' }), chartFileName(chart, range, 'csv'));
  const handlePng = () => {
    // The heat-map is an HTML table: its picture is drawn from the data.
    const svg = chart.kind === 'cohort' ? cohortSvg(chart) : svgRef.current;
    if (!svg) return;
    saveSvgAsPng(svg, chartFileName(chart, range, 'png')).catch((error: unknown) => notifyError(error));
  };
  const canDrawPng = !isTable;
  const hasLegend = chart.kind === 'line' || chart.kind === 'area' || chart.kind === 'stackedBar';

  return (
    <figure
      className="flex min-w-0 flex-col rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
      aria-labelledby={titleId}
      data-testid={`chart-${chart.key}`}
    >
      <div className="mb-2 flex flex-wrap items-start justify-between gap-2">
        <figcaption id={titleId} className="text-sm font-semibold text-slate-900">
          {chart.title}
        </figcaption>
        <div className="flex flex-wrap gap-1">
          <Button variant="ghost" size="sm" aria-pressed={isTable} onClick={() => setIsTable((shown) => !shown)}>
            <Table2 className="h-3.5 w-3.5" aria-hidden="true" />
            Table
          </Button>
          <Button variant="ghost" size="sm" onClick={handleCsv} aria-label={`Download CSV of ${chart.title}`}>
            <Download className="h-3.5 w-3.5" aria-hidden="true" />
            CSV
          </Button>
          {canDrawPng && (
            <Button variant="ghost" size="sm" onClick={handlePng} aria-label={`Download PNG of ${chart.title}`}>
              <Image className="h-3.5 w-3.5" aria-hidden="true" />
              PNG
            </Button>
          )}
        </div>
      </div>
      {chart.buckets.length === 0 ? (
        <p className="py-8 text-center text-sm text-slate-600">No data in this range.</p>
      ) : isTable ? (
        <ChartTable chart={chart} hrefOf={hrefOf} />
      ) : chart.kind === 'funnel' ? (
        <FunnelChart chart={chart} label={summary} svgRef={svgRef} />
      ) : chart.kind === 'cohort' ? (
        <CohortChart chart={chart} label={summary} />
      ) : (
        <SeriesChart chart={chart} label={summary} height={height} svgRef={svgRef} onSelect={handleSelect} />
      )}
      {hasLegend && !isTable && chart.series.length > 1 && (
        <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700" aria-label={`${chart.title} legend`}>
          {chart.series.map((series, index) => (
            <li key={series.key} className="flex items-center gap-1.5">
              <span className="inline-block h-2.5 w-2.5 rounded-sm" style={{ background: colorOf(index) }} aria-hidden="true" />
              {series.label}
            </li>
          ))}
        </ul>
      )}
    </figure>
  );
}
