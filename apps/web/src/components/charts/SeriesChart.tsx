import type { FocusEvent, KeyboardEvent, MouseEvent, Ref } from 'react';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { localPoint } from '@visx/event';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { AreaClosed, LinePath } from '@visx/shape';
import { useTooltip } from '@visx/tooltip';
import type { AnalyticsChart } from '@ute/contract';
import { formatByUnit } from '../../lib/analyticsFormat';
import { axisTickLabel, bucketLabel, colorOf, hasMonthBuckets, SVG_TEXT } from './chartData';

const MARGIN = { top: 12, right: 12, bottom: 28, left: 64 };

export interface SeriesChartProps {
  chart: AnalyticsChart;
  /** The accessible name: what the chart shows, in words. */
  label: string;
  height: number;
  svgRef: Ref<SVGSVGElement>;
  /** A click on a bucket (a bar's segment, or the point nearest the pointer); absent: nothing to open. */
  onSelect?: (bucketIndex: number, seriesIndex: number) => void;
}

interface HoverData {
  bucketIndex: number;
  /** Past the middle, the tooltip opens to the pointer's left, so it stays inside the card. */
  isFlipped: boolean;
}

/** Lines, areas or stacked bars over the chart's buckets, with a tooltip listing every series of the bucket under the pointer. */
export function SeriesChart({ chart, label, height, svgRef, onSelect }: SeriesChartProps) {
  const width = 640;
  const innerWidth = width - MARGIN.left - MARGIN.right;
  const innerHeight = height - MARGIN.top - MARGIN.bottom;
  const isStacked = chart.kind === 'stackedBar';
  const isMonth = hasMonthBuckets(chart);
  const { tooltipOpen, tooltipData, tooltipLeft, tooltipTop, showTooltip, hideTooltip } = useTooltip<HoverData>();

  const valueAt = (seriesIndex: number, bucketIndex: number) => chart.series[seriesIndex]?.values[bucketIndex] ?? null;
  // A stacked bar's segments start where the one below ends.
  const stackBase = (seriesIndex: number, bucketIndex: number) =>
    chart.series.slice(0, seriesIndex).reduce((sum, series) => sum + Math.max(0, series.values[bucketIndex] ?? 0), 0);
  const maxValue = isStacked
    ? Math.max(0, ...chart.buckets.map((_, index) => stackBase(chart.series.length, index)))
    : Math.max(0, ...chart.series.flatMap((series) => series.values.map((value) => value ?? 0)));
  const minValue = isStacked ? 0 : Math.min(0, ...chart.series.flatMap((series) => series.values.map((value) => value ?? 0)));

  const x = scaleBand<number>({ domain: chart.buckets.map((_, index) => index), range: [0, innerWidth], padding: isStacked ? 0.25 : 0 });
  const y = scaleLinear<number>({ domain: [minValue, maxValue || 1], range: [innerHeight, 0], nice: true });
  const xCenter = (index: number) => (x(index) ?? 0) + x.bandwidth() / 2;
  const everyNth = Math.max(1, Math.ceil(chart.buckets.length / 8));
  // Counts have no fractions: no tick at 0.5 of a booking.
  const yTicks = chart.unit === 'count' ? y.ticks(5).filter((tick) => Number.isInteger(tick)) : y.ticks(5);

  const bucketAt = (event: MouseEvent<SVGElement>) => {
    const point = localPoint(event);
    if (!point) return null;
    const index = Math.floor((point.x - MARGIN.left) / (innerWidth / Math.max(1, chart.buckets.length)));
    return index >= 0 && index < chart.buckets.length ? { index, y: point.y - MARGIN.top } : null;
  };
  const handleMove = (event: MouseEvent<SVGElement>) => {
    const hit = bucketAt(event);
    if (!hit) return hideTooltip();
    const box = event.currentTarget.ownerSVGElement?.getBoundingClientRect() ?? event.currentTarget.getBoundingClientRect();
    const left = event.clientX - box.left;
    const isFlipped = left > box.width / 2;
    showTooltip({
      tooltipData: { bucketIndex: hit.index, isFlipped },
      tooltipLeft: isFlipped ? left - 12 : left + 12,
      tooltipTop: event.clientY - box.top + 12,
    });
  };
  // A line chart's click opens the series whose point is nearest the pointer.
  const handleLineClick = (event: MouseEvent<SVGElement>) => {
    const hit = bucketAt(event);
    if (!hit || !onSelect) return;
    let nearest = 0;
    chart.series.forEach((_, seriesIndex) => {
      const distance = Math.abs(y(valueAt(seriesIndex, hit.index) ?? 0) - hit.y);
      if (distance < Math.abs(y(valueAt(nearest, hit.index) ?? 0) - hit.y)) nearest = seriesIndex;
    });
    onSelect(hit.index, nearest);
  };
  const points = chart.buckets.map((_, index) => index);
  // The keyboard's tooltip: arrows step through the buckets of the focused chart, Escape closes it.
  const showBucketTooltip = (svg: SVGSVGElement, bucketIndex: number) => {
    const box = svg.getBoundingClientRect();
    const scale = box.width / width || 1;
    const left = (MARGIN.left + xCenter(bucketIndex)) * scale;
    const isFlipped = left > box.width / 2;
    showTooltip({ tooltipData: { bucketIndex, isFlipped }, tooltipLeft: isFlipped ? left - 12 : left + 12, tooltipTop: MARGIN.top * scale });
  };
  const handleKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    const current = tooltipOpen && tooltipData ? tooltipData.bucketIndex : -1;
    const last = chart.buckets.length - 1;
    const next: Record<string, number> = { ArrowRight: Math.min(last, current + 1), ArrowLeft: Math.max(0, current - 1), Home: 0, End: last };
    if (event.key === 'Escape') return hideTooltip();
    if (!(event.key in next) || last < 0) return;
    event.preventDefault();
    showBucketTooltip(event.currentTarget, next[event.key] ?? 0);
  };
  const handleFocus = (event: FocusEvent<SVGSVGElement>) => {
    if (chart.buckets.length > 0) showBucketTooltip(event.currentTarget, chart.buckets.length - 1);
  };

  return (
    <div className="relative">
      <svg
        ref={svgRef}
        viewBox={`0 0 ${width} ${height}`}
        className="h-auto w-full rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        role="img"
        aria-label={label}
        tabIndex={0}
        onKeyDown={handleKeyDown}
        onFocus={handleFocus}
        onBlur={hideTooltip}
      >
        <rect width={width} height={height} fill="#ffffff" />
        <Group left={MARGIN.left} top={MARGIN.top}>
          <AxisLeft
            scale={y}
            tickValues={yTicks}
            stroke="#cbd5e1"
            tickStroke="#cbd5e1"
            tickFormat={(value) => axisTickLabel(chart.unit, Number(value))}
            tickLabelProps={{ ...SVG_TEXT, textAnchor: 'end', dx: -4, dy: 3 }}
          />
          <AxisBottom
            top={innerHeight}
            scale={x}
            stroke="#cbd5e1"
            tickStroke="#cbd5e1"
            tickValues={points.filter((index) => index % everyNth === 0)}
            tickFormat={(index) => bucketLabel(chart.buckets[index] ?? '', isMonth)}
            tickLabelProps={{ ...SVG_TEXT, textAnchor: 'middle' }}
          />
          {isStacked
            ? chart.series.map((series, seriesIndex) =>
                points.map((bucketIndex) => {
                  const value = Math.max(0, valueAt(seriesIndex, bucketIndex) ?? 0);
                  if (value === 0) return null;
                  const base = stackBase(seriesIndex, bucketIndex);
                  return (
                    <rect
                      key={`${series.key}-${bucketIndex}`}
                      data-testid={`bar-${series.key}-${chart.buckets[bucketIndex]}`}
                      x={x(bucketIndex)}
                      y={y(base + value)}
                      width={x.bandwidth()}
                      height={Math.max(0, y(base) - y(base + value))}
                      fill={colorOf(seriesIndex)}
                      className={onSelect ? 'cursor-pointer' : undefined}
                      onMouseMove={handleMove}
                      onMouseLeave={hideTooltip}
                      onClick={onSelect ? () => onSelect(bucketIndex, seriesIndex) : undefined}
                    />
                  );
                }),
              )
            : chart.series.map((series, seriesIndex) => (
                <Group key={series.key}>
                  {chart.kind === 'area' && (
                    <AreaClosed<number>
                      data={points}
                      x={xCenter}
                      y={(index) => y(valueAt(seriesIndex, index) ?? 0)}
                      yScale={y}
                      defined={(index) => valueAt(seriesIndex, index) !== null}
                      fill={colorOf(seriesIndex)}
                      fillOpacity={0.15}
                    />
                  )}
                  <LinePath<number>
                    data={points}
                    x={xCenter}
                    y={(index) => y(valueAt(seriesIndex, index) ?? 0)}
                    defined={(index) => valueAt(seriesIndex, index) !== null}
                    stroke={colorOf(seriesIndex)}
                    strokeWidth={2}
                  />
                  {chart.buckets.length <= 62 &&
                    points.map((index) =>
                      valueAt(seriesIndex, index) === null ? null : (
                        <circle key={index} cx={xCenter(index)} cy={y(valueAt(seriesIndex, index) ?? 0)} r={2.5} fill={colorOf(seriesIndex)} />
                      ),
                    )}
                </Group>
              ))}
          {!isStacked && (
            // One band per bucket under the pointer: the tooltip, and the click that opens the bucket's rows.
            <rect
              data-testid="chart-overlay"
              width={innerWidth}
              height={innerHeight}
              fill="transparent"
              className={onSelect ? 'cursor-pointer' : undefined}
              onMouseMove={handleMove}
              onMouseLeave={hideTooltip}
              onClick={handleLineClick}
            />
          )}
          {tooltipOpen && tooltipData && !isStacked && (
            <line
              x1={xCenter(tooltipData.bucketIndex)}
              x2={xCenter(tooltipData.bucketIndex)}
              y1={0}
              y2={innerHeight}
              stroke="#94a3b8"
              strokeDasharray="3 3"
              pointerEvents="none"
            />
          )}
        </Group>
      </svg>
      {tooltipOpen && tooltipData && (
        <div
          role="tooltip"
          className="pointer-events-none absolute z-10 min-w-40 rounded-md bg-white px-3 py-2 text-xs shadow-lg ring-1 ring-slate-200"
          style={{ left: tooltipLeft, top: tooltipTop, transform: tooltipData.isFlipped ? 'translateX(-100%)' : undefined }}
        >
          <p className="mb-1 font-semibold text-slate-900">{bucketLabel(chart.buckets[tooltipData.bucketIndex] ?? '', isMonth)}</p>
          <ul>
            {chart.series.map((series, seriesIndex) => (
              <li key={series.key} className="flex items-center justify-between gap-3 text-slate-700">
                <span className="flex items-center gap-1.5">
                  <span className="inline-block h-2 w-2 rounded-full" style={{ background: colorOf(seriesIndex) }} aria-hidden="true" />
                  {series.label}
                </span>
                <span className="font-medium text-slate-900">{formatByUnit(chart.unit, valueAt(seriesIndex, tooltipData.bucketIndex))}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
