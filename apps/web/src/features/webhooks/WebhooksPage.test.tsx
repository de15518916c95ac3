import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { Toaster } from 'sonner';
import { WEBHOOK_MESSAGES, type AdminRole, type WebhookEvent, type WebhookEventsResponse } from '@ute/contract';
import { installFakeJsonApi, matchRoute } from '../../test/fakeJsonApi';
import { renderWithProviders } from '../../test/renderWithProviders';
import { sessionActions } from '../../lib/session';
import { WebhooksPage } from './WebhooksPage';

const eventOf = (id: string, patch: Partial<WebhookEvent>): WebhookEvent => ({
  id,
  type: 'transfer.created',
  account: null,
  state: 'processed',
  attempts: 1,
  note: null,
  receivedAt: '2026-03-04T05:06:00.000Z',
  processedAt: '2026-03-04T05:06:01.000Z',
  ...patch,
});
const processed = eventOf('evt_processed1', { account: 'acct_123' });
const failed = eventOf('evt_failed1', { type: 'payout.failed', state: 'failed', attempts: 3, note: 'connection refused', processedAt: null });
const ignored = eventOf('evt_ignored1', { type: 'charge.succeeded', state: 'ignored', note: 'charge.succeeded is not an event the back-office applies' });
const received = eventOf('evt_received1', { state: 'received', processedAt: null });

let events: WebhookEvent[];
const fetchMock = installFakeJsonApi((url, init) => {
  const route = matchRoute(init.method ?? 'GET', url);
  if (route?.name === 'webhookEvents') {
    const state = url.searchParams.get('state');
    const rows = events.filter((event) => !state || event.state === state);
    const body: WebhookEventsResponse = { data: rows, totalCount: rows.length, paginationData: { page: 1, totalPages: 1 } };
    return { body };
  }
  if (route?.name === 'replayWebhookEvent') {
    const replayed = { ...events.find((event) => event.id === route.params.id)!, state: 'processed' as const, note: null, attempts: 4 };
    events = events.map((event) => (event.id === replayed.id ? replayed : event));
    return { body: { message: WEBHOOK_MESSAGES.replayed, data: replayed } };
  }
  return { status: 404, body: { message: 'unexpected' } };
});

const listQueries = () =>
  fetchMock.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), method: init?.method ?? 'GET' }))
    .filter(({ url, method }) => matchRoute(method, url)?.name === 'webhookEvents')
    .map(({ url }) => Object.fromEntries(url.searchParams));

function ShowSearch() {
  return <output data-testid="search">{useLocation().search}</output>;
}

function signInAs(roles: AdminRole[]) {
  sessionActions.setToken('token-1');
  sessionActions.updateUser({ _id: 'a-me', email: 'me@example.com', name: 'me', roles, userRole: roles[0], twoFactorEnabled: true, mustEnrolTwoFactor: false });
}

const renderPage = (path = '/webhooks') =>
  renderWithProviders(
    <>
      <WebhooksPage />
      <ShowSearch />
      <Toaster />
    </>,
    path,
  );

beforeEach(() => {
  events = [received, failed, ignored, processed];
  signInAs(['finance']);
});

describe('WebhooksPage', () => {
  it('lists the events with their state badge, retries, note and times, 10 a page', async () => {
    renderPage();
    await screen.findByText('evt_failed1');
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Event',
      'Type',
      'Account',
      'State',
      'Attempts',
      'Note',
      'Received',
      'Processed',
      'Actions',
    ]);
    const rowOf = (id: string) => screen.getByText(id).closest('tr')!;
    const cellsOf = (id: string) =>
      within(rowOf(id))
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cellsOf('evt_failed1')).toEqual([
      'evt_failed1',
      'payout.failed',
      'N/A',
      'failed',
      '3(retried)',
      'connection refused',
      expect.stringMatching(/^\d{2}\/\d{2}\/2026/),
      'N/A',
      'Replay',
    ]);
    expect(cellsOf('evt_processed1').slice(2, 6)).toEqual(['acct_123', 'processed', '1', 'N/A']);
    expect(cellsOf('evt_processed1')[7]).toMatch(/^\d{2}\/\d{2}\/2026/);
    expect(within(rowOf('evt_ignored1')).getByText('charge.succeeded is not an event the back-office applies')).toBeVisible();
    // The badges' colours: failed red, processed green, ignored grey, received yellow.
    expect(within(rowOf('evt_failed1')).getByText('failed')).toHaveClass('bg-red-100');
    expect(within(rowOf('evt_processed1')).getByText('processed')).toHaveClass('bg-green-100');
    expect(within(rowOf('evt_ignored1')).getByText('ignored')).toHaveClass('bg-slate-200');
    expect(within(rowOf('evt_received1')).getByText('received')).toHaveClass('bg-yellow-100');
    expect(listQueries()[0]).toEqual({ page: '1', limit: '10' });
  });

  it('sends the State filter and keeps it in the URL; All takes it off', async () => {
    renderPage();
    await screen.findByText('evt_failed1');
    await userEvent.selectOptions(screen.getByLabelText('State'), 'failed');
    await vi.waitFor(() => expect(listQueries().at(-1)).toEqual({ page: '1', limit: '10', state: 'failed' }));
    await waitFor(() => expect(screen.queryByText('evt_processed1')).toBeNull());
    expect(screen.getByText('evt_failed1')).toBeVisible();
    expect(screen.getByTestId('search')).toHaveTextContent('?state=failed');

    await userEvent.selectOptions(screen.getByLabelText('State'), 'All');
    await vi.waitFor(() => expect(listQueries().at(-1)).toEqual({ page: '1', limit: '10' }));
    expect(screen.getByTestId('search')).toHaveTextContent(/^$/);
  });

  it('reads the state and the page from the URL', async () => {
    renderPage('/webhooks?state=ignored&page=2');
    await screen.findByText('evt_ignored1');
    expect(listQueries()[0]).toEqual({ page: '2', limit: '10', state: 'ignored' });
    expect(screen.getByLabelText('State')).toHaveValue('ignored');
  });

  it('lists every state for a state in the URL that is none of them', async () => {
    renderPage('/webhooks?state=lost');
    await screen.findByText('evt_failed1');
    expect(listQueries()[0]).toEqual({ page: '1', limit: '10' });
    expect(screen.getByLabelText('State')).toHaveValue('');
  });

  it('says when the inbox is empty, and when no event has the state', async () => {
    events = [];
    renderPage();
    expect(await screen.findByText('No Stripe events yet')).toBeVisible();
    await userEvent.selectOptions(screen.getByLabelText('State'), 'failed');
    expect(await screen.findByText('No failed events')).toBeVisible();
  });

  it("replays an event: the call names it, the api's message is toasted and the list refreshes", async () => {
    renderPage();
    const row = (await screen.findByText('evt_failed1')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Replay evt_failed1' }));
    const replays = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(replays).toHaveLength(1);
    expect(new URL(String(replays[0][0]), 'http://localhost').pathname).toBe('/api/admin/webhook-events/evt_failed1/replay');
    expect(await screen.findByText(WEBHOOK_MESSAGES.replayed)).toBeVisible();
    await waitFor(() => expect(within(screen.getByText('evt_failed1').closest('tr')!).getByText('processed')).toBeVisible());
    expect(within(screen.getByText('evt_failed1').closest('tr')!).getByText('(retried)')).toBeVisible();
    expect(listQueries().length).toBeGreaterThanOrEqual(2);
  });

  it("toasts the api's error when a replay fails", async () => {
    renderPage();
    const row = (await screen.findByText('evt_failed1')).closest('tr')!;
    fetchMock.mockImplementationOnce(async () => new Response(JSON.stringify({ message: 'Webhook event not found' }), { status: 404 }));
    await userEvent.click(within(row).getByRole('button', { name: 'Replay evt_failed1' }));
    expect(await screen.findByText('Webhook event not found')).toBeVisible();
  });
});
