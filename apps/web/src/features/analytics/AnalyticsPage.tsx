import { useMemo } from 'react';
import {
  ANALYTICS_GROUPINGS,
  ANALYTICS_MAX_DAYS,
  ANALYTICS_PRESET_LABELS,
  ANALYTICS_PRESETS,
  analyticsTexts,
  daysBetween,
  sydneyToday,
  visibleAnalyticsGroups,
} from '@ute/contract';
import { DateRangeFields, EmptyState, Field, fieldClass, PageHeader } from '../../components/ui';
import { screens } from '../../config/screens';
import { asGrouping, asPreset, resolveRange, type AnalyticsRange } from '../../domain/analytics';
import { formatDay } from '../../lib/analyticsFormat';
import { useListParams } from '../../lib/useListParams';
import { useSession } from '../../lib/session';
import { AnalyticsGroupSection } from './AnalyticsGroupSection';

const GROUPING_LABELS = { day: 'Day', week: 'Week', month: 'Month' } as const;
const NO_ROLES: readonly string[] = [];

/**
 * Marketplace analytics (docs/design.md §10): each group of charts the admin's roles open, over a
 * range of Sydney days beside the period of the same length before it. Range and grouping live in
 * the URL, so a link shows the same view.
 */
export function AnalyticsPage() {
  const [params, setParams] = useListParams(screens.analytics);
  const roles = useSession((session) => session.user?.roles ?? NO_ROLES);
  const groups = useMemo(() => visibleAnalyticsGroups(roles), [roles]);
  const preset = asPreset(params.preset);
  const { from, to } = resolveRange(params, sydneyToday());
  const range: AnalyticsRange = { from, to, groupBy: asGrouping(params.groupBy) };

  const handlePreset = (next: string) => {
    // Custom starts from the range shown, so the dates only need a nudge.
    setParams(asPreset(next) === 'custom' ? { preset: 'custom', from, to } : { preset: next, from: '', to: '' });
  };

  return (
    <section>
      <PageHeader title="Analytics" />
      <div
        className="mb-6 grid grid-cols-1 items-end gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4"
        role="group"
        aria-label="Filters"
      >
        <Field label="Range">
          {(id) => (
            <select id={id} className={fieldClass} value={preset} onChange={(event) => handlePreset(event.target.value)}>
              {ANALYTICS_PRESETS.map((option) => (
                <option key={option} value={option}>
                  {ANALYTICS_PRESET_LABELS[option]}
                </option>
              ))}
            </select>
          )}
        </Field>
        {preset === 'custom' && <DateRangeFields from={params.from} to={params.to} onChange={setParams} />}
        <Field label="Group by">
          {(id) => (
            <select id={id} className={fieldClass} value={range.groupBy} onChange={(event) => setParams({ groupBy: event.target.value })}>
              {ANALYTICS_GROUPINGS.map((grouping) => (
                <option key={grouping} value={grouping}>
                  {GROUPING_LABELS[grouping]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <p className="text-xs text-slate-600 sm:col-span-2 lg:col-span-4" data-testid="analytics-range">
          {formatDay(from)} to {formatDay(to)}, Sydney days. Click a bar or a point to open its rows.
        </p>
      </div>
      {groups.length === 0 ? (
        <EmptyState title="No analytics for your roles" description="Each group of charts shows to the roles that handle its numbers: ask an owner for one." />
      ) : daysBetween(from, to) >= ANALYTICS_MAX_DAYS ? (
        // Said here rather than as a 400 from each group's call.
        <p role="alert" className="text-red-700">
          {analyticsTexts.rangeTooLong}
        </p>
      ) : (
        groups.map((group) => <AnalyticsGroupSection key={group} group={group} range={range} roles={roles} />)
      )}
    </section>
  );
}
