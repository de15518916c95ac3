import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { SearchResponse } from '@ute/contract';
import { installFakeJsonApi } from '../../test/fakeJsonApi';
import { renderWithProviders } from '../../test/renderWithProviders';
import { GlobalSearch, globalSearchTexts } from './GlobalSearch';

const ANSWER: SearchResponse = {
  data: [
    { group: 'users', hits: [{ id: 'u1', title: 'Ava Smith', detail: 'ava@example.com' }] },
    { group: 'utes', hits: [] },
    {
      group: 'uteBookings',
      hits: [
        { id: 'b1', title: 'UB-000045', detail: 'Hilux · delivered' },
        { id: 'b2', title: 'UB-000046', detail: 'Ranger · pending' },
      ],
    },
  ],
};

const fetchMock = installFakeJsonApi((url) => (url.pathname === '/api/admin/search' ? { body: ANSWER } : { status: 404, body: { message: 'no' } }));

function Where() {
  const location = useLocation();
  return <output aria-label="location">{`${location.pathname}${location.search}`}</output>;
}

function renderSearch() {
  return renderWithProviders(
    <Routes>
      <Route
        path="*"
        element={
          <>
            <GlobalSearch />
            <Where />
          </>
        }
      />
    </Routes>,
  );
}

describe('GlobalSearch', () => {
  it('opens with Ctrl-K, asks nothing for one character, then shows the groups with hits and opens one with the keyboard', async () => {
    const user = userEvent.setup();
    renderSearch();
    await user.keyboard('{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Search' });
    const box = within(dialog).getByRole('combobox', { name: 'Search everything' });
    expect(box).toHaveFocus();

    await user.type(box, 'a');
    expect(within(dialog).getByRole('status')).toHaveTextContent(globalSearchTexts.tooShort);
    await user.type(box, 'va');
    const results = within(dialog).getByRole('listbox', { name: 'Search results' });
    expect(await within(results).findByRole('group', { name: 'Users' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/admin/search?q=ava']);
    // The empty group is not shown; the others in the api's order.
    expect(
      within(results)
        .getAllByRole('group')
        .map((group) => within(group).getAllByRole('option').length),
    ).toEqual([1, 2]);
    expect(within(results).getByRole('group', { name: 'Ute bookings' })).toBeInTheDocument();
    expect(within(results).queryByRole('group', { name: 'Utes' })).toBeNull();

    const options = within(results).getAllByRole('option');
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', options[0].id);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(options[2]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}{Enter}');

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/booking-list?open=b2');
  });

  it('opens from the header button and says when nothing is found', async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementationOnce(async () => new Response(JSON.stringify({ data: [{ group: 'users', hits: [] }] }), { status: 200 }));
    renderSearch();
    await user.click(screen.getByRole('button', { name: /Search/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Search' });
    await user.type(within(dialog).getByRole('combobox'), 'zzz');
    expect(await within(dialog).findByText(globalSearchTexts.nothing('zzz'))).toBeInTheDocument();
  });
});
