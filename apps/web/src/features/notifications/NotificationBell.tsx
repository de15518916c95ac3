import { useState } from 'react';
import { Link } from 'react-router';
import { Popover } from 'radix-ui';
import { Bell } from 'lucide-react';
import type { Notification } from '@ute/contract';
import { useNotifications, useReadAllNotifications, useReadNotification } from './api';
import { notificationHrefOf } from './notificationLinks';

export const bellTexts = {
  title: 'Notifications',
  markAllRead: 'Mark all read',
  empty: 'Nothing here yet: mentions in notes and money events for your roles show up here.',
  unread: 'Unread',
  failed: 'The notifications could not be loaded. They are tried again every 30 seconds.',
} as const;

/** The bell's accessible name: always the exact unread count. */
export const bellLabelOf = (unreadCount: number) => (unreadCount > 0 ? `Notifications, ${unreadCount} unread` : 'Notifications');

/** What the badge shows. */
export const unreadBadgeText = (count: number) => (count > 99 ? '99+' : String(count));

const RELATIVE = new Intl.RelativeTimeFormat('en-AU', { numeric: 'auto' });
const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "5 minutes ago", "yesterday", "just now". */
export function relativeTimeOf(iso: string, now: number = Date.now()): string {
  const elapsed = now - Date.parse(iso);
  for (const [unit, ms] of STEPS) if (Math.abs(elapsed) >= ms) return RELATIVE.format(-Math.round(elapsed / ms), unit);
  return 'just now';
}

/**
 * The header's bell (docs/design.md §13): the unread count as a badge, and a panel of my newest
 * notifications, each a link to its record that marks it read; "Mark all read" empties the count.
 */
export function NotificationBell() {
  const [isOpen, setIsOpen] = useState(false);
  const notifications = useNotifications();
  const readOne = useReadNotification();
  const readAll = useReadAllNotifications();
  const unreadCount = notifications.data?.unreadCount ?? 0;
  const items = notifications.data?.data ?? [];

  const handleOpen = (notification: Notification) => {
    setIsOpen(false);
    if (notification.readAt === null) readOne.mutate(notification.id);
  };

  return (
    <Popover.Root open={isOpen} onOpenChange={setIsOpen}>
      <Popover.Trigger asChild>
        <button
          type="button"
          aria-label={bellLabelOf(unreadCount)}
          className="relative rounded p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <Bell className="h-5 w-5" aria-hidden="true" />
          {unreadCount > 0 && (
            <span
              aria-hidden="true"
              className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs font-semibold tabular-nums leading-5 text-white"
            >
              {unreadBadgeText(unreadCount)}
            </span>
          )}
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={6}
          aria-label={bellTexts.title}
          className="z-50 w-[min(24rem,calc(100vw-2rem))] rounded-lg border border-slate-200 bg-white shadow-xl focus:outline-none"
        >
          <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-2">
            <h2 className="text-sm font-semibold text-slate-900">{bellTexts.title}</h2>
            <button
              type="button"
              className="rounded px-2 py-1 text-sm font-medium text-brand-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:text-slate-400"
              disabled={unreadCount === 0 || readAll.isPending}
              onClick={() => readAll.mutate(undefined)}
            >
              {bellTexts.markAllRead}
            </button>
          </div>
          {notifications.isError && !notifications.data && <p className="px-4 py-3 text-sm text-red-700">{bellTexts.failed}</p>}
          {notifications.data && items.length === 0 && <p className="px-4 py-3 text-sm text-slate-700">{bellTexts.empty}</p>}
          {items.length > 0 && (
            <ul className="max-h-[70vh] divide-y divide-slate-100 overflow-y-auto">
              {items.map((notification) => {
                const isUnread = notification.readAt === null;
                return (
                  <li key={notification.id}>
                    <Link
                      to={notificationHrefOf(notification.recordType, notification.recordId)}
                      onClick={() => handleOpen(notification)}
                      className={`flex items-start gap-2 px-4 py-2.5 text-sm hover:bg-slate-50 ${isUnread ? 'bg-brand-50' : ''}`}
                    >
                      <span className={`mt-1.5 h-2 w-2 shrink-0 rounded-full ${isUnread ? 'bg-brand-600' : 'bg-transparent'}`} aria-hidden="true" />
                      <span className="min-w-0 flex-1">
                        <span className={`block ${isUnread ? 'font-semibold text-slate-900' : 'text-slate-700'}`}>
                          {isUnread && <span className="sr-only">{`${bellTexts.unread}: `}</span>}
                          {notification.title}
                        </span>
                        <time
                          dateTime={notification.createdAt}
                          className="block text-xs text-slate-600"
                          title={new Date(notification.createdAt).toLocaleString('en-AU')}
                        >
                          {relativeTimeOf(notification.createdAt)}
                        </time>
                      </span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
