import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { ActivityDayGroup, ActivityResponse } from '@ute/contract';
import { installFakeJsonApi, type FakeHandler } from '../../test/fakeJsonApi';
import { renderWithProviders } from '../../test/renderWithProviders';
import { UserActivityPage } from './UserActivityPage';

const USER_ID = '00000001-0000-4000-8000-000000000001';
const by = { firstName: 'Olivia', lastName: 'Nguyen' };
const group = (date: string, count: number): ActivityDayGroup => ({
  date,
  count,
  activities: Array.from({ length: count }, (_, i) => ({
    [`${10 - (i % 9)}:0${i % 10} AM`]: {
      _id: `${date}-${i}`,
      occurredAt: `${date}T00:00:00.000Z`,
      activity: i === 0 ? 'add-ute' : 'logged-in',
      activityBy: by,
      activityTo: i === 0 ? { uteName: 'Blue HiLux', uteId: 'UTE-000001' } : null,
      response: null,
      type: null,
    },
  })),
});
const DATES = [
  { date: '2025-03-20', count: 2 },
  { date: '2025-03-19', count: 1 },
  { date: '2025-03-18', count: 3 },
];
const respond = (data: ActivityDayGroup[], hasMore = false): ActivityResponse => ({ data, user: by, dates: DATES, totalCount: 6, hasMore });

let handler: FakeHandler;
const fetchMock = installFakeJsonApi((url, init) => handler(url, init));

function defaultHandler(url: URL) {
  const date = url.searchParams.get('date');
  if (date) return { body: respond(DATES.filter((day) => day.date === date).map((day) => group(day.date, day.count))) };
  if (url.searchParams.get('days') === '1') return { body: respond([group('2025-03-20', 2)], true) };
  if (url.searchParams.get('before') === '2025-03-19') return { body: respond([group('2025-03-18', 3)]) };
  return { body: respond([group('2025-03-20', 2), group('2025-03-19', 1)], true) };
}

function renderPage(path = `/users-activity/${USER_ID}`) {
  return renderWithProviders(
    <Routes>
      <Route path="/users-activity/:id" element={<UserActivityPage />} />
      <Route path="/all-users" element={<h1>Users List</h1>} />
    </Routes>,
    path,
  );
}

beforeEach(() => {
  handler = defaultHandler;
});

describe('UserActivityPage', () => {
  it('shows the latest day by default with the heading, count line, label, time and sentence', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: "Olivia Nguyen's Activities" })).toBeInTheDocument();
    expect(screen.getByTestId('activity-count')).toHaveTextContent('2 activities (Latest)');
    expect(String(fetchMock.mock.calls[0][0])).toContain(`/get-activities/${USER_ID}?days=1`);
    const entries = screen.getAllByTestId('activity-entry');
    expect(entries).toHaveLength(2);
    expect(within(entries[0]).getByText('add ute')).toBeInTheDocument();
    expect(within(entries[0]).getByText('10:00 AM')).toBeInTheDocument();
    expect(within(entries[0]).getByText('Olivia Nguyen added a new UTE Blue HiLux (ID: UTE-000001).')).toBeInTheDocument();
    expect(within(entries[1]).getByText('logged in')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: /Thursday,? 20 March 2025 \(2 activities\)/ })).toBeInTheDocument();
  });

  it('offers Latest Activities, All Dates with the total, then each date with its count', async () => {
    renderPage();
    const select = await screen.findByRole('combobox', { name: 'Filter by Date' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Latest Activities',
      'All Dates (6 activities)',
      expect.stringMatching(/20 March 2025 \(2 activities\)$/),
      expect.stringMatching(/19 March 2025 \(1 activity\)$/),
      expect.stringMatching(/18 March 2025 \(3 activities\)$/),
    ]);
  });

  it('filters by one date, with "on {date}" and the singular', async () => {
    renderPage();
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Filter by Date' }), '2025-03-19');
    await waitFor(() => expect(screen.getByTestId('activity-count')).toHaveTextContent(/^1 activity on Wednesday,? 19 March 2025$/));
    expect(screen.getAllByTestId('activity-entry')).toHaveLength(1);
  });

  it('shows all dates a page of days at a time with Load more', async () => {
    renderPage();
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Filter by Date' }), 'all');
    await waitFor(() => expect(screen.getByTestId('activity-count')).toHaveTextContent(/^6 activities$/));
    await waitFor(() => expect(screen.getAllByTestId('activity-entry')).toHaveLength(3));
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('activity-entry')).toHaveLength(6));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(String(fetchMock.mock.calls.at(-1)?.[0])).toContain('before=2025-03-19');
  });

  it('says when the selected date has no activity', async () => {
    renderPage(`/users-activity/${USER_ID}?date=2024-01-01`);
    expect(await screen.findByText('No activities found for the selected date filter')).toBeInTheDocument();
  });

  it("shows Unknown User's Activities for an unknown user", async () => {
    handler = () => ({ status: 404, body: { message: 'User not found' } });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: "Unknown User's Activities" })).toBeInTheDocument();
    expect(screen.getByText('No activities found for the selected date filter')).toBeInTheDocument();
  });

  it('goes back to the users list', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Back to all activities' }));
    expect(await screen.findByRole('heading', { name: 'Users List' })).toBeInTheDocument();
  });
});
