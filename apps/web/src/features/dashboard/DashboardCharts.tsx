import { Link } from 'react-router';
import { presetRange, sydneyToday, visibleAnalyticsGroups, type AnalyticsGroup } from '@ute/contract';
import { ChartCard } from '../../components/charts';
import { screens } from '../../config/screens';
import { drillDownHref, useAnalyticsGroup, type AnalyticsRange } from '../../domain/analytics';
import { useSession } from '../../lib/session';

/** The groups whose first chart the dashboard shows (money flow, bookings by status, new listings), as the roles allow. */
const DASHBOARD_GROUPS: readonly AnalyticsGroup[] = ['money', 'bookings', 'supply'];
const NO_ROLES: readonly string[] = [];

function GroupFirstChart({ group, range, roles }: { group: AnalyticsGroup; range: AnalyticsRange; roles: readonly string[] }) {
  const analytics = useAnalyticsGroup(group, range);
  const chart = analytics.data?.charts[0];
  if (!chart) return null;
  return <ChartCard chart={chart} range={range} height={200} hrefOf={(bucket, seriesKey) => drillDownHref(chart.key, seriesKey, bucket, range, roles)} />;
}

/**
 * The dashboard's "Last 30 days": a small chart of each group above the admin may see. Its own
 * chunk (with the chart library), loaded after the cards are drawn.
 */
export function DashboardCharts() {
  const roles = useSession((session) => session.user?.roles ?? NO_ROLES);
  const groups = visibleAnalyticsGroups(roles).filter((group) => DASHBOARD_GROUPS.includes(group));
  if (groups.length === 0) return null;
  const range: AnalyticsRange = { ...presetRange('last30', sydneyToday()), groupBy: 'day' };
  return (
    <section aria-labelledby="dashboard-last-30-days" className="mt-8">
      <div className="mb-3 flex items-baseline justify-between gap-3">
        <h2 id="dashboard-last-30-days" className="text-lg font-semibold text-slate-900">
          Last 30 days
        </h2>
        <Link to={screens.analytics.href()} className="text-sm font-medium text-brand-700 underline">
          All analytics
        </Link>
      </div>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2 2xl:grid-cols-3">
        {groups.map((group) => (
          <GroupFirstChart key={group} group={group} range={range} roles={roles} />
        ))}
      </div>
    </section>
  );
}
