import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { WORK_QUEUES } from '@ute/contract';
import { renderWithProviders } from '../../test/renderWithProviders';
import { badgeTitleOf, WorkQueueBadge } from './WorkQueueBadge';
import { myWorkQueueHref, workQueueHref, workQueueOfScreen } from './workQueueLinks';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

describe('WorkQueueBadge', () => {
  it('is a link named by its count and queue, to the list filtered to that queue', async () => {
    renderWithProviders(
      <Routes>
        <Route path="/" element={<WorkQueueBadge queue="pendingUtes" count={12} />} />
        <Route path="*" element={<Where />} />
      </Routes>,
    );
    const badge = screen.getByRole('link', { name: '12 waiting: Pending utes' });
    expect(badge).toHaveTextContent('12');
    expect(badge).toHaveAttribute('href', '/ute-list?status=Pending');
    await userEvent.click(badge);
    expect(screen.getByTestId('where')).toHaveTextContent('/ute-list?status=Pending');
  });

  it('shows 99+ past 99 but keeps the exact count in its name', () => {
    renderWithProviders(<WorkQueueBadge queue="unansweredQueries" count={1234} />);
    const badge = screen.getByRole('link', { name: '1234 waiting: Queries with no reply' });
    expect(badge).toHaveTextContent('99+');
  });

  it('shows nothing when no row waits or the count is not known yet', () => {
    const { container, unmount } = renderWithProviders(<WorkQueueBadge queue="pendingJobs" count={0} />);
    expect(container).toBeEmptyDOMElement();
    unmount();
    renderWithProviders(<WorkQueueBadge queue="pendingJobs" count={undefined} />);
    expect(screen.queryByRole('link')).toBeNull();
  });
});

describe('WorkQueueBadge: mine, overdue and the oldest', () => {
  const NOW = Date.parse('2026-12-07T00:00:00Z');

  it('adds my count as a link to my items of the queue', () => {
    renderWithProviders(<WorkQueueBadge queue="pendingUtes" count={12} detail={{ mine: 3, overdue: 0, oldest: null }} now={NOW} />);
    const mine = screen.getByRole('link', { name: '3 mine: Pending utes' });
    expect(mine).toHaveTextContent('3');
    expect(mine).toHaveAttribute('href', '/ute-list?status=Pending&assigned=me');
    expect(screen.getByRole('link', { name: '12 waiting: Pending utes' })).toHaveClass('bg-red-600');
  });

  it('turns amber when an item is overdue, says so in its name, and names the oldest in its tooltip', () => {
    const oldest = { recordId: 'u1', label: 'Hilux 2019', enteredAt: new Date(NOW - 3 * 24 * 60 * 60_000).toISOString() };
    renderWithProviders(<WorkQueueBadge queue="pendingUtes" count={12} detail={{ mine: 0, overdue: 2, oldest }} now={NOW} />);
    const badge = screen.getByRole('link', { name: '12 waiting, 2 overdue: Pending utes' });
    expect(badge).toHaveClass('bg-amber-500');
    expect(badge).toHaveAttribute('title', 'Pending utes: 12 · 2 overdue · oldest: Hilux 2019, waiting 3 d');
    expect(screen.queryByRole('link', { name: /mine/ })).toBeNull();
  });

  it('composes the tooltip without details too', () => {
    expect(badgeTitleOf('pendingJobs', 4, undefined)).toBe('Pending jobs: 4');
  });
});

describe('myWorkQueueHref', () => {
  it('filters the lists that have the holder filter to mine, and leads the others to their queue', () => {
    expect(myWorkQueueHref('pendingJobs')).toBe('/job-list?status=Pending&assigned=me');
    expect(myWorkQueueHref('unansweredQueries')).toBe('/queries?unanswered=true&assigned=me');
    expect(myWorkQueueHref('quotesAwaitingPrice')).toBe('/quotes?awaitingPrice=true&assigned=me');
    expect(myWorkQueueHref('manualPaymentsAwaitingAcceptance')).toBe('/payment-history?tab=manual&awaitingAcceptance=true&assigned=me');
    expect(myWorkQueueHref('disputesNeedingEvidence')).toBe('/disputes?status=needs_response&assigned=me');
    expect(myWorkQueueHref('undecidedRefunds')).toBe(workQueueHref('undecidedRefunds'));
  });
});

describe('workQueueHref', () => {
  it('leads every queue to its own sidebar screen with its filter in the URL', () => {
    expect(WORK_QUEUES.map(workQueueHref)).toEqual([
      '/ute-list?status=Pending',
      '/job-list?status=Pending',
      '/booking-list?awaitingPayout=true',
      '/job-booking-list?awaitingPayout=true',
      '/payment-history?tab=manual&awaitingAcceptance=true',
      '/queries?unanswered=true',
      '/quotes?awaitingPrice=true',
      '/disputes?status=needs_response',
      '/refunds?recovery=undecided',
    ]);
    for (const queue of WORK_QUEUES) expect(workQueueOfScreen(workQueueHref(queue).split('?')[0])).toBe(queue);
    expect(workQueueOfScreen('/faq')).toBeUndefined();
  });
});
