import type { Ref } from 'react';
import type { AnalyticsChart } from '@ute/contract';
import { formatByUnit } from '../../lib/analyticsFormat';
import { colorOf, conversionPercent, stepLabel, SVG_TEXT } from './chartData';

const ROW = 44;
const LABEL_WIDTH = 150;

/** Horizontal bars, one per step, each as long as its share of the first step, with the conversion from the step before. */
export function FunnelChart({ chart, label, svgRef }: { chart: AnalyticsChart; label: string; svgRef: Ref<SVGSVGElement> }) {
  const width = 640;
  const values = chart.series[0]?.values ?? [];
  const first = Math.max(1, values[0] ?? 0, ...values.map((value) => value ?? 0));
  const barSpace = width - LABEL_WIDTH - 90;
  const height = chart.buckets.length * ROW + 8;
  return (
    <svg ref={svgRef} viewBox={`0 0 ${width} ${height}`} className="h-auto w-full" role="img" aria-label={label}>
      <rect width={width} height={height} fill="#ffffff" />
      {chart.buckets.map((step, index) => {
        const value = values[index] ?? null;
        const conversion = conversionPercent(values, index);
        const barWidth = Math.max(2, ((value ?? 0) / first) * barSpace);
        const top = index * ROW + 4;
        return (
          <g key={step}>
            <title>{`${stepLabel(step)}: ${formatByUnit(chart.unit, value)}${conversion === null ? '' : ` (${conversion.toFixed(1)}% of the step before)`}`}</title>
            <text x={0} y={top + 16} {...SVG_TEXT} fontSize={12}>
              {stepLabel(step)}
            </text>
            {conversion !== null && (
              <text x={0} y={top + 32} {...SVG_TEXT} fill="#64748b">
                {`↓ ${conversion.toFixed(1)}% converted`}
              </text>
            )}
            <rect x={LABEL_WIDTH} y={top + 4} width={barWidth} height={24} rx={3} fill={colorOf(0)} fillOpacity={1 - index * 0.12} />
            <text x={LABEL_WIDTH + barWidth + 6} y={top + 20} {...SVG_TEXT} fontSize={12} fill="#0f172a">
              {formatByUnit(chart.unit, value)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
