import { ArrowDownRight, ArrowUpRight, Minus } from 'lucide-react';
import type { AnalyticsTotal } from '@ute/contract';
import { formatByUnit, formatChange } from '../../lib/analyticsFormat';

/** One headline number: its value, the previous period's, and the change between them (green up, red down). */
export function TotalCard({ total }: { total: AnalyticsTotal }) {
  const change = total.changePercent;
  const [Arrow, tone] =
    change === null || change === 0 ? [Minus, 'text-slate-600'] : change > 0 ? [ArrowUpRight, 'text-green-700'] : [ArrowDownRight, 'text-red-700'];
  return (
    <li className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200" data-testid={`total-${total.key}`}>
      <h3 className="text-sm font-medium text-slate-700">{total.label}</h3>
      <p className="mt-1 text-2xl font-bold text-slate-900">{formatByUnit(total.unit, total.value)}</p>
      <p className={`mt-1 flex items-center gap-1 text-xs font-medium ${tone}`}>
        <Arrow className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
        {formatChange(change)}
      </p>
      <p className="mt-0.5 text-xs text-slate-600">Previous period: {formatByUnit(total.unit, total.previous)}</p>
    </li>
  );
}
