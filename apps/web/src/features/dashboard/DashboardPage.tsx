import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Briefcase, CalendarCheck, ClipboardList, Truck, UserCheck, UserX, Users } from 'lucide-react';
import type { DashboardCounts } from '@ute/contract';
import { Spinner } from '../../components/ui';
import { canOpen, screens, type ScreenInfo } from '../../config/screens';
import { useSession } from '../../lib/session';
import { useDashboard } from './api';

/** Each card links to its list's screen, and shows only to an admin who may open it. */
const CARDS: { key: keyof DashboardCounts; title: string; screen: ScreenInfo; icon: typeof Users }[] = [
  { key: 'totalUser', title: 'Total Users', screen: screens.users, icon: Users },
  { key: 'totalActiveUser', title: 'Active Users', screen: screens.users, icon: UserCheck },
  { key: 'totalDeactiveUser', title: 'Inactive Users', screen: screens.users, icon: UserX },
  { key: 'totalUtedata', title: 'Total Posted Utes', screen: screens.utes, icon: Truck },
  { key: 'totalJobdata', title: 'Total Jobs', screen: screens.jobs, icon: Briefcase },
  { key: 'totalUteBooking', title: 'Ute Bookings', screen: screens.uteBookings, icon: CalendarCheck },
  { key: 'totalJobBooking', title: 'Job Bookings', screen: screens.jobBookings, icon: ClipboardList },
];

/** Its own chunk with the chart library: the cards above draw first, whatever the charts weigh. */
const DashboardCharts = lazy(() => import('./DashboardCharts').then((module) => ({ default: module.DashboardCharts })));

/** Bar width is the value divided by 10, capped at 100 percent (docs/product.md §5). */
export const barWidthPercent = (value: number) => Math.min(Math.max(value, 0) / 10, 100);

export function DashboardPage() {
  const dashboard = useDashboard();
  const roles = useSession((session) => session.user?.roles ?? []);
  // Only the cards whose list the admin's roles open (every count stays on the server's answer).
  const cards = CARDS.filter(({ screen }) => canOpen(roles, screen));
  return (
    <section>
      <h1 className="text-2xl font-semibold text-slate-900">Dashboard Overview</h1>
      <p className="mb-6 text-sm text-slate-700">Last updated: {new Date(dashboard.dataUpdatedAt || Date.now()).toLocaleTimeString('en-AU')}</p>
      {dashboard.isPending && <Spinner label="Loading dashboard" />}
      {dashboard.isError && <p className="text-red-700">Error loading dashboard data: {dashboard.error.message}</p>}
      {dashboard.data && (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {cards.map(({ key, title, screen, icon: Icon }) => {
            const value = dashboard.data.data[key];
            return (
              <li key={key}>
                <Link
                  to={screen.path}
                  className="block rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200 transition hover:shadow-md hover:ring-brand-600"
                  data-testid={`card-${key}`}
                >
                  <div className="flex items-center justify-between">
                    <h2 className="text-sm font-medium text-slate-700">{title}</h2>
                    <Icon className="h-5 w-5 text-brand-600" aria-hidden="true" />
                  </div>
                  <p className="mt-2 text-3xl font-bold text-slate-900" data-testid="card-value">
                    {value.toLocaleString('en-AU')}
                  </p>
                  <div
                    className="mt-3 h-2 overflow-hidden rounded-full bg-slate-200"
                    role="progressbar"
                    aria-label={`${title} progress`}
                    aria-valuenow={barWidthPercent(value)}
                    aria-valuemin={0}
                    aria-valuemax={100}
                  >
                    <div className="h-full rounded-full bg-brand-600" style={{ width: `${barWidthPercent(value)}%` }} />
                  </div>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      {!dashboard.isPending && (
        <Suspense fallback={null}>
          <DashboardCharts />
        </Suspense>
      )}
    </section>
  );
}
