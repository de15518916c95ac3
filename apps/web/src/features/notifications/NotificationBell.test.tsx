import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { Route, Routes, useLocation } from 'react-router';
import { NOTIFICATION_RECORD_TYPES, type Notification } from '@ute/contract';
import { installFakeJsonApi, matchRoute, type FakeHandler } from '../../test/fakeJsonApi';
import { renderWithProviders } from '../../test/renderWithProviders';
import { bellLabelOf, bellTexts, NotificationBell, relativeTimeOf, unreadBadgeText } from './NotificationBell';
import { notificationHrefOf } from './notificationLinks';

const NOW = Date.now();
const ago = (ms: number) => new Date(NOW - ms).toISOString();

function notificationOf(overrides: Partial<Notification> & { id: string; title: string }): Notification {
  return { kind: 'mention', recordType: 'ute', recordId: 'ute-1', createdAt: ago(5 * 60_000), readAt: null, ...overrides };
}

let items: Notification[] = [];
const unreadCountOf = () => items.filter((item) => item.readAt === null).length;
const sent: { route: string; params: Record<string, string> }[] = [];
const handler: FakeHandler = (url, init) => {
  const matched = matchRoute(init.method ?? 'GET', url);
  if (matched && matched.name !== 'notifications') sent.push({ route: matched.name, params: matched.params });
  const name: string = matched?.name ?? '';
  const id = matched?.params.id ?? '';
  switch (name) {
    case 'notifications':
      return { body: { data: items, unreadCount: unreadCountOf() } };
    case 'readNotification':
      items = items.map((item) => (item.id === id ? { ...item, readAt: new Date(NOW).toISOString() } : item));
      return { body: { message: 'Notification marked as read', unreadCount: unreadCountOf() } };
    case 'readAllNotifications':
      items = items.map((item) => ({ ...item, readAt: item.readAt ?? new Date(NOW).toISOString() }));
      return { body: { message: 'All notifications marked as read', unreadCount: 0 } };
    default:
      return { status: 404, body: { message: 'unexpected' } };
  }
};
installFakeJsonApi((url, init) => handler(url, init));

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

const renderBell = () =>
  renderWithProviders(
    <>
      <NotificationBell />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </>,
  );

beforeEach(() => {
  sent.length = 0;
  items = [
    notificationOf({ id: 'n1', title: 'Olive Owner mentioned you on ute UTE-000001', recordId: 'ute-1' }),
    notificationOf({
      id: 'n2',
      kind: 'payoutFailed',
      title: 'Payout failed for ute booking UB-000002',
      recordType: 'uteBooking',
      recordId: 'ub-2',
      createdAt: ago(2 * 86_400_000),
    }),
    notificationOf({ id: 'n3', title: 'Sam Support mentioned you on query', recordType: 'query', recordId: 'q-3', readAt: ago(60_000) }),
  ];
});

describe('NotificationBell', () => {
  it('names the bell by its unread count and lists my notifications, unread ones marked', async () => {
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' }, { timeout: 3000 });
    expect(bell).toHaveTextContent('2');
    await userEvent.click(bell);
    const panel = await screen.findByRole('dialog', { name: bellTexts.title });
    const links = within(panel).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Unread: Olive Owner mentioned you on ute UTE-0000015 minutes ago',
      'Unread: Payout failed for ute booking UB-0000022 days ago',
      'Sam Support mentioned you on query5 minutes ago',
    ]);
    expect(links[0]).toHaveAttribute('href', '/ute-list?open=ute-1');
    expect(links[1]).toHaveAttribute('href', '/booking-list?open=ub-2');
  });

  it('opens the record and marks the notification read, and the count drops', async () => {
    renderBell();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await userEvent.click(await screen.findByRole('link', { name: /Payout failed for ute booking UB-000002/ }));
    expect(screen.getByTestId('where')).toHaveTextContent('/booking-list?open=ub-2');
    expect(sent).toEqual([{ route: 'readNotification', params: { id: 'n2' } }]);
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('does not mark again a notification already read', async () => {
    renderBell();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await userEvent.click(await screen.findByRole('link', { name: /Sam Support mentioned you/ }));
    expect(screen.getByTestId('where')).toHaveTextContent('/queries?open=q-3');
    expect(sent).toEqual([]);
  });

  it('marks all read, which empties the count and disables the button', async () => {
    renderBell();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await userEvent.click(screen.getByRole('button', { name: bellTexts.markAllRead }));
    expect(await screen.findByRole('button', { name: 'Notifications' })).not.toHaveTextContent(/\d/);
    expect(sent).toEqual([{ route: 'readAllNotifications', params: {} }]);
    await waitFor(() => expect(screen.getByRole('button', { name: bellTexts.markAllRead })).toBeDisabled());
  });

  it('says so when there is nothing', async () => {
    items = [];
    renderBell();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText(bellTexts.empty)).toBeInTheDocument();
  });
});

describe('the bell’s texts and links', () => {
  it('caps the badge at 99+ but keeps the exact count in the name', () => {
    expect(unreadBadgeText(7)).toBe('7');
    expect(unreadBadgeText(120)).toBe('99+');
    expect(bellLabelOf(120)).toBe('Notifications, 120 unread');
    expect(bellLabelOf(0)).toBe('Notifications');
  });

  it('says how long ago', () => {
    expect(relativeTimeOf(new Date(NOW - 10_000).toISOString(), NOW)).toBe('just now');
    expect(relativeTimeOf(new Date(NOW - 3 * 3_600_000).toISOString(), NOW)).toBe('3 hours ago');
    expect(relativeTimeOf(new Date(NOW - 86_400_000).toISOString(), NOW)).toBe('yesterday');
  });

  it('leads every record type to its screen', () => {
    expect(NOTIFICATION_RECORD_TYPES.map((type) => notificationHrefOf(type, 'x1'))).toEqual([
      '/all-users?open=x1',
      '/ute-list?open=x1',
      '/job-list?open=x1',
      '/booking-list?open=x1',
      '/job-booking-list?open=x1',
      '/payment-history',
      '/queries?open=x1',
      '/shipment/x1',
      '/admins',
      '/webhooks?state=failed',
      '/disputes?status=needs_response',
      // An export's id is its file's name; an unknown one leads home.
      '/',
    ]);
  });
});
