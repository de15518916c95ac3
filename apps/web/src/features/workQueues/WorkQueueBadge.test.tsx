import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { WORK_QUEUES } from '@ute/contract';
import { renderWithProviders } from '../../test/renderWithProviders';
import { WorkQueueBadge } from './WorkQueueBadge';
import { workQueueHref, workQueueOfScreen } from './workQueueLinks';

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
    const { container, rerender } = renderWithProviders(<WorkQueueBadge queue="pendingJobs" count={0} />);
    expect(container).toBeEmptyDOMElement();
    rerender(<WorkQueueBadge queue="pendingJobs" count={undefined} />);
    expect(screen.queryByRole('link')).toBeNull();
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
