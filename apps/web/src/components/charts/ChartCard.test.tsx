import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { AnalyticsChart } from '@ute/contract';
import { ChartCard } from './ChartCard';
import { axisTickLabel, chartCsv, chartSummary, conversionPercent, stepLabel } from './chartData';

const funnel: AnalyticsChart = {
  key: 'funnel',
  title: 'From sign-up to booking',
  kind: 'funnel',
  unit: 'count',
  buckets: ['signedUp', 'postedListing', 'booked'],
  series: [{ key: 'count', label: 'Users', values: [200, 50, 10] }],
};
const cohort: AnalyticsChart = {
  key: 'cohorts',
  title: 'Booking by sign-up month',
  kind: 'cohort',
  unit: 'percent',
  buckets: ['2026-04-01', '2026-05-01'],
  series: [
    { key: 'size', label: 'Users', values: [40, 25] },
    { key: 'm0', label: 'Month 0', values: [25, 60] },
    { key: 'm1', label: 'Month 1', values: [12.5, null] },
  ],
};
const renderCard = (chart: AnalyticsChart) =>
  render(
    <MemoryRouter>
      <ChartCard chart={chart} range={{ from: '2026-04-01', to: '2026-05-31' }} />
    </MemoryRouter>,
  );

describe('the funnel', () => {
  it('draws each step with its count and the share of the step before that reached it', () => {
    renderCard(funnel);
    const drawing = screen.getByRole('img');
    expect(drawing).toHaveAccessibleName('From sign-up to booking, 3 steps from signedUp to booked. Users: 260 in all.');
    expect(within(drawing).getByText('Posted listing')).toBeInTheDocument();
    expect(within(drawing).getByText('↓ 25.0% converted')).toBeInTheDocument();
    expect(within(drawing).getByText('↓ 20.0% converted')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download PNG of From sign-up to booking' })).toBeVisible();
  });

  it('says a conversion only where there is a step before with someone in it', () => {
    expect(conversionPercent([200, 50, 0, 3], 0)).toBeNull();
    expect(conversionPercent([200, 50, 0, 3], 1)).toBe(25);
    expect(conversionPercent([200, 50, 0, 3], 3)).toBeNull();
    expect(stepLabel('postedListing')).toBe('Posted listing');
    expect(chartCsv(funnel)).toBe('bucket,Users\r\nsignedUp,200\r\npostedListing,50\r\nbooked,10\r\n');
  });
});

describe('the cohort heat-map', () => {
  it('shades each cell by its percentage, the sign-up month and its size first', () => {
    renderCard(cohort);
    const table = screen.getByRole('table', { name: /^Booking by sign-up month/ });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual(['MonthUsersMonth 0Month 1', 'Apr 20264025.0%12.5%', 'May 20262560.0%']);
    expect(within(rows[2]!).getByText('60.0%')).toHaveStyle({ background: 'rgb(160, 181, 239)', color: '#0f172a' });
    expect(within(rows[1]!).getByText('12.5%')).toHaveAttribute('title', 'Apr 2026, Month 1: 12.5%');
  });
});

describe('axis ticks and summaries', () => {
  it('shortens a tick, where the tooltip says the whole value', () => {
    expect(axisTickLabel('cents', 1_400_000)).toBe('A$14K');
    expect(axisTickLabel('count', 1234)).toBe('1.2K');
    expect(axisTickLabel('seconds', 7200)).toBe('2 h');
    expect(axisTickLabel('percent', 12.5)).toBe('12.5%');
  });

  it('averages durations and percentages in a summary instead of adding them up', () => {
    expect(chartSummary({ ...cohort, kind: 'line', unit: 'seconds', series: [{ key: 'median', label: 'Median', values: [3600, null, 7200] }] })).toBe(
      'Booking by sign-up month, 2 buckets from 2026-04-01 to 2026-05-01. Median: average 1 h 30 min.',
    );
  });
});

describe('a line chart', () => {
  it('shows its tooltip to the keyboard: focus opens the last bucket, arrows step through them', async () => {
    const user = userEvent.setup();
    renderCard({
      key: 'queries',
      title: 'Queries',
      kind: 'line',
      unit: 'count',
      buckets: ['2026-04-01', '2026-04-02'],
      series: [
        { key: 'received', label: 'Received', values: [3, 5] },
        { key: 'answered', label: 'Answered', values: [2, null] },
      ],
    });
    // After the card's buttons in the tab order.
    await user.tab();
    await user.tab();
    await user.tab();
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    await user.tab();
    expect(screen.getByRole('img', { name: /^Queries, 2 buckets/ })).toHaveFocus();
    expect(screen.getByRole('tooltip')).toHaveTextContent('2 AprReceived5AnsweredN/A');
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tooltip')).toHaveTextContent('1 AprReceived3Answered2');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Queries legend' })).toHaveTextContent('ReceivedAnswered');
  });
});
