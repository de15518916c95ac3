import { Link, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { fullNameOf, USER_STORY_SECTION_LABELS, type User, type UserStorySection, type UserStorySectionData } from '@ute/contract';
import { Button, Spinner, StatusBadge } from '../../components/ui';
import { RecordChangeNotice, RecordNotes } from '../../domain';
import { screens } from '../../config/screens';
import { formatDateTime, orNA } from '../../lib/format';
import { errorText } from '../../lib/toast';
import { useSetUserStatus, useUserStory } from './api';

/** Where each section's "see all" goes: its full list, filtered to the user. */
function fullListOf(section: UserStorySection, user: User): string {
  switch (section) {
    case 'utes':
      return screens.utes.href({ user: user._id });
    case 'jobs':
      return screens.jobs.href({ user: user._id });
    case 'uteBookings':
      return screens.uteBookings.href({ user: user._id });
    case 'jobBookings':
      return screens.jobBookings.href({ user: user._id });
    case 'payments':
      return screens.payments.href({ user: user._id });
    case 'queries':
      return screens.queries.href({ email: user.email });
    case 'activity':
      return screens.userActivity.href({ id: user._id });
    case 'adminActions':
      return screens.auditLog.href({ targetType: 'user', targetId: user._id });
  }
}

function StorySection({ data, user }: { data: UserStorySectionData; user: User }) {
  const label = USER_STORY_SECTION_LABELS[data.section];
  const headingId = `story-${data.section}`;
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div className="mb-2 flex items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-base font-semibold text-slate-900">
          {label} <span className="font-normal text-slate-600">({data.total})</span>
        </h2>
        {data.total > 0 && (
          <Link to={fullListOf(data.section, user)} className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline">
            See all<span className="sr-only"> {label.toLowerCase()}</span>
          </Link>
        )}
      </div>
      {data.items.length === 0 ? (
        <p className="text-sm text-slate-600">None</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {data.items.map((item) => (
            <li key={item.id} className="flex items-start justify-between gap-3 py-2 text-sm">
              <span className="min-w-0">
                <span className="block truncate font-medium text-slate-900" title={item.title}>
                  {item.title}
                </span>
                <span className="block truncate text-slate-600" title={item.detail}>
                  {item.detail || '\u00a0'}
                </span>
              </span>
              <span className="shrink-0 text-right text-xs text-slate-600">
                {item.status && <span className="block font-medium text-slate-800">{item.status}</span>}
                {formatDateTime(item.at)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * A user's whole story (Users List → a name): their details and status toggle, then the newest few
 * of their utes, jobs, bookings, payments, queries, activity and the admin actions on them, each
 * linking to the full list filtered to them. The sections are those the admin's roles may open.
 */
export function UserStoryPage() {
  const { id = '' } = useParams();
  const story = useUserStory(id);
  const setStatus = useSetUserStatus();

  if (story.isPending) return <Spinner />;
  if (story.isError)
    return (
      <p role="alert" className="text-red-700">
        {errorText(story.error)}
      </p>
    );
  const { user, sections } = story.data;
  const name = fullNameOf(user) || user.email;
  const isSettingStatus = setStatus.isRowPending(user._id);
  return (
    <section>
      <Link to={screens.users.path} className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline-offset-2 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        Users List
      </Link>
      <div className="mb-5 flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">{name}</h1>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-600">Email</dt>
            <dd className="break-all text-slate-900">{user.email}</dd>
            <dt className="text-slate-600">Mobile Number</dt>
            <dd className="text-slate-900">{orNA(user.phoneNumber)}</dd>
            <dt className="text-slate-600">Address</dt>
            <dd className="text-slate-900">{orNA(user.address)}</dd>
            <dt className="text-slate-600">Joined</dt>
            <dd className="text-slate-900">{formatDateTime(user.createdAt)}</dd>
          </dl>
        </div>
        <div className="flex items-center gap-2">
          <StatusBadge label={user.isActive ? 'Active' : 'Inactive'} tone={user.isActive ? 'green' : 'red'} />
          <RecordChangeNotice recordType="user" recordId={user._id} />
          <Button
            size="sm"
            variant={user.isActive ? 'secondary' : 'success'}
            disabled={isSettingStatus}
            onClick={() => setStatus.mutate({ id: user._id, status: user.isActive ? 'inActive' : 'active', version: user.version })}
          >
            {isSettingStatus ? 'Processing...' : user.isActive ? 'Deactivate' : 'Activate'}
          </Button>
        </div>
      </div>
      <div className="mb-5 rounded-lg border border-slate-200 bg-white p-4 shadow-sm [&>section]:mt-0 [&>section]:border-t-0 [&>section]:pt-0">
        <RecordNotes recordType="user" recordId={user._id} />
      </div>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        {sections.map((section) => (
          <StorySection key={section.section} data={section} user={user} />
        ))}
      </div>
    </section>
  );
}
