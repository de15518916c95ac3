import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import type { OwnerBalance, OwnerBalancesResponse } from '@ute/contract';
import { installFakeJsonApi, matchRoute } from '../../test/fakeJsonApi';
import { renderWithProviders } from '../../test/renderWithProviders';
import { BalancesPage } from './BalancesPage';

const jack: OwnerBalance = {
  ownerId: '00000001-0000-4000-8000-000000000001',
  ownerName: 'Jack Smith',
  email: 'jack@example.com',
  payableCents: 123450,
  inTransitCents: 5000,
  paidOutCents: 990000,
};
const mia: OwnerBalance = {
  ownerId: '00000001-0000-4000-8000-000000000002',
  ownerName: 'Mia Chen',
  email: null,
  payableCents: -4550,
  inTransitCents: 0,
  paidOutCents: 0,
};

let rows: OwnerBalance[];
const fetchMock = installFakeJsonApi((url, init) => {
  if (matchRoute(init.method ?? 'GET', url)?.name === 'ownerBalances') {
    const body: OwnerBalancesResponse = { data: rows, totalCount: rows.length, paginationData: { page: 1, totalPages: 1 } };
    return { body };
  }
  return { status: 404, body: { message: 'unexpected' } };
});

/** The query of the last list call. */
const lastQuery = () => {
  const calls = fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => matchRoute('GET', url)?.name === 'ownerBalances');
  return Object.fromEntries(calls.at(-1)!.searchParams);
};

function ShowSearch() {
  return <output data-testid="search">{useLocation().search}</output>;
}

beforeEach(() => {
  rows = [jack, mia];
});

describe('BalancesPage', () => {
  it("lists each owner's balances, a debt in red with its minus sign, each name linking to the owner's ledger", async () => {
    renderWithProviders(<BalancesPage />, '/balances');
    await screen.findByText('Jack Smith');
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Owner', 'Email', 'Payable', 'In transit', 'Paid out (all time)']);
    const [jackRow, miaRow] = screen.getAllByRole('row').slice(1);
    expect(
      within(jackRow)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Jack Smith', 'jack@example.com', 'A$1,234.50', 'A$50.00', 'A$9,900.00']);
    expect(within(jackRow).getByRole('link', { name: 'Jack Smith' })).toHaveAttribute('href', `/owner-ledger/${jack.ownerId}`);
    expect(within(miaRow).getByText('-A$45.50')).toHaveClass('text-red-700');
    expect(within(miaRow).getByText('N/A')).toBeVisible();
    expect(within(jackRow).getByText('A$1,234.50')).not.toHaveClass('text-red-700');
    expect(lastQuery()).toEqual({ page: '1', limit: '10', sort: 'payable' });
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeVisible();
  });

  it('sends the sort, the period and the negative-only toggle, and keeps them in the URL', async () => {
    renderWithProviders(
      <>
        <BalancesPage />
        <ShowSearch />
      </>,
      '/balances',
    );
    await screen.findByText('Jack Smith');

    await userEvent.selectOptions(screen.getByLabelText('Sort'), 'Paid out');
    await vi.waitFor(() => expect(lastQuery().sort).toBe('paidOut'));

    await userEvent.type(screen.getByLabelText('From'), '2026-01-01');
    await vi.waitFor(() => expect(lastQuery().from).toBe('2026-01-01'));
    await userEvent.type(screen.getByLabelText('To'), '2026-01-31');
    await vi.waitFor(() => expect(lastQuery()).toEqual({ page: '1', limit: '10', sort: 'paidOut', from: '2026-01-01', to: '2026-01-31' }));
    expect(await screen.findByRole('columnheader', { name: 'Paid out (period)' })).toBeVisible();

    rows = [mia];
    await userEvent.click(screen.getByLabelText('Negative balances only'));
    await vi.waitFor(() => expect(lastQuery().negative).toBe('true'));
    await vi.waitFor(() => expect(screen.queryByText('Jack Smith')).toBeNull());
    expect(screen.getByTestId('search')).toHaveTextContent('?sort=paidOut&from=2026-01-01&to=2026-01-31&negative=true');

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await vi.waitFor(() => expect(lastQuery()).toEqual({ page: '1', limit: '10', sort: 'paidOut' }));
    expect(screen.getByTestId('search')).toHaveTextContent('?sort=paidOut');
  });

  it('reads its filters from the URL', async () => {
    renderWithProviders(<BalancesPage />, '/balances?sort=name&from=2026-02-01&negative=true&page=2');
    await screen.findByText('Jack Smith');
    expect(fetchMock.mock.calls.length).toBeGreaterThan(0);
    const first = new URL(String(fetchMock.mock.calls[0][0]), 'http://localhost');
    expect(Object.fromEntries(first.searchParams)).toEqual({ page: '2', limit: '10', sort: 'name', from: '2026-02-01', negative: 'true' });
    expect(screen.getByLabelText('Sort')).toHaveValue('name');
    expect(screen.getByLabelText('Negative balances only')).toBeChecked();
  });

  it('says when no owner matches', async () => {
    rows = [];
    renderWithProviders(<BalancesPage />, '/balances?negative=true');
    expect(await screen.findByText('No owners match these filters')).toBeVisible();
  });
});
