import { useNavigate, useParams } from 'react-router';
import { ArrowLeft, CalendarDays } from 'lucide-react';
import { fullNameOf, type ActivityDayGroup } from '@ute/contract';
import { Button, Spinner } from '../../components/ui';
import { screens } from '../../config/screens';
import { ApiError } from '../../lib/apiClient';
import { errorText } from '../../lib/toast';
import { useListParams } from '../../lib/useListParams';
import { ActivityIcon } from './ActivityIcon';
import { activityCount, formatActivityDay } from './activityDates';
import { UNKNOWN_USER, activityLabel, activitySentence, activityTimeOf } from './activitySentence';
import { isDayFilter, useUserActivity, type ActivityFilter } from './api';

function DayGroup({ group, userName }: { group: ActivityDayGroup; userName: string }) {
  const headingId = `activity-day-${group.date}`;
  return (
    <section aria-labelledby={headingId} className="border-l-4 border-brand-100 pl-4 sm:pl-6">
      <h2 id={headingId} className="mb-3 flex flex-wrap items-center gap-2 text-lg font-semibold text-slate-900">
        <CalendarDays className="h-5 w-5 text-brand-600" aria-hidden="true" />
        {formatActivityDay(group.date)} <span className="text-sm font-normal text-slate-600">({activityCount(group.count)})</span>
      </h2>
      <ul className="space-y-3">
        {group.activities.map((entry) => {
          const time = activityTimeOf(entry);
          const record = entry[time] ?? Object.values(entry)[0];
          if (!record) return null;
          return (
            <li key={record._id} className="flex gap-3 rounded-lg bg-white p-3 shadow-sm ring-1 ring-slate-200" data-testid="activity-entry">
              <ActivityIcon activity={record.activity} />
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <span className="font-medium text-slate-900">{activityLabel(record.activity)}</span>
                  <time className="text-xs text-slate-600" dateTime={record.occurredAt}>
                    {time}
                  </time>
                </div>
                <p className="mt-0.5 text-sm text-slate-800">{activitySentence(record, userName)}</p>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export function UserActivityPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const [params, setParams] = useListParams(screens.userActivity);
  const filter: ActivityFilter = params.date === 'all' || isDayFilter(params.date) ? params.date : 'latest';
  const activity = useUserActivity({ userId: id, filter });

  const pages = activity.data?.pages ?? [];
  const first = pages[0];
  const groups = pages.flatMap((page) => page.data);
  const dates = first?.dates ?? [];
  const totalCount = first?.totalCount ?? 0;
  const isNotFound = activity.error instanceof ApiError && activity.error.status === 404;
  const userName = (first?.user && fullNameOf(first.user)) || UNKNOWN_USER;

  const shownCount = filter === 'all' ? totalCount : (groups[0]?.count ?? 0);
  const countSuffix = filter === 'latest' ? ' (Latest)' : filter === 'all' ? '' : ` on ${formatActivityDay(filter)}`;
  const dateOptions = isDayFilter(filter) && !dates.some((day) => day.date === filter) ? [{ date: filter, count: 0 }, ...dates] : dates;

  return (
    <section className="mx-auto max-w-4xl">
      <Button variant="ghost" className="mb-4 -ml-2 text-brand-700" onClick={() => navigate(screens.users.path)}>
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        Back to all activities
      </Button>
      {activity.isPending ? (
        <Spinner label="Loading activities" />
      ) : (
        <>
          <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
            <div>
              <h1 className="text-2xl font-semibold text-slate-900">{`${userName}'s Activities`}</h1>
              {!activity.isError && (
                <p className="text-sm text-slate-700" data-testid="activity-count">
                  {activityCount(shownCount)}
                  {countSuffix}
                </p>
              )}
            </div>
            {!activity.isError && (
              <label className="flex flex-col gap-1 text-sm font-medium text-slate-800">
                Filter by Date
                <select
                  value={filter}
                  onChange={(event) => setParams({ date: event.target.value })}
                  className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-normal focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-100"
                >
                  <option value="latest">Latest Activities</option>
                  <option value="all">{`All Dates (${activityCount(totalCount)})`}</option>
                  {dateOptions.map((day) => (
                    <option key={day.date} value={day.date}>
                      {`${formatActivityDay(day.date)} (${activityCount(day.count)})`}
                    </option>
                  ))}
                </select>
              </label>
            )}
          </div>
          {activity.isError && !isNotFound ? (
            <p className="text-red-700" role="alert">
              {errorText(activity.error)}
            </p>
          ) : groups.length === 0 ? (
            <p className="rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center text-slate-700">
              No activities found for the selected date filter
            </p>
          ) : (
            <div className="space-y-8">
              {groups.map((group) => (
                <DayGroup key={group.date} group={group} userName={userName} />
              ))}
            </div>
          )}
          {activity.hasNextPage && (
            <div className="mt-6 flex justify-center">
              <Button variant="secondary" onClick={() => void activity.fetchNextPage()} disabled={activity.isFetchingNextPage}>
                {activity.isFetchingNextPage ? 'Loading...' : 'Load more'}
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
