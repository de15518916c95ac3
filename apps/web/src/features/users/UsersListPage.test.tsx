import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User, UserListResponse } from '@ute/contract';
import { installFakeJsonApi, type FakeHandler } from '../../test/fakeJsonApi';
import { columnHeadersAfterSelection } from '../../test/listColumns';
import { renderWithProviders } from '../../test/renderWithProviders';
import { UsersListPage } from './UsersListPage';

const active: User = {
  _id: '00000001-0000-4000-8000-000000000001',
  firstName: 'Olivia',
  lastName: 'Nguyen',
  email: 'olivia.nguyen1@example.com.au',
  address: '12 George Street, Sydney NSW 2000',
  phoneNumber: '0412 345 678',
  createdAt: '2026-03-04T05:06:00.000Z',
  isActive: true,
  version: '741',
};
const inactive: User = {
  ...active,
  _id: '00000001-0000-4000-8000-000000000004',
  firstName: 'Jack',
  lastName: 'Smith',
  email: 'jack.smith4@example.com.au',
  address: null,
  phoneNumber: null,
  isActive: false,
  version: '742',
};

let handler: FakeHandler;
const fetchMock = installFakeJsonApi((url, init) => handler(url, init));
const listOf = (data: User[]): UserListResponse => ({ data, total: data.length, totalCount: data.length });
const calls = (method: string) => fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === method);

const renderPage = (path = '/all-users') => renderWithProviders(<UsersListPage />, path);

beforeEach(() => {
  handler = () => ({ body: listOf([active, inactive]) });
});

describe('UsersListPage', () => {
  it('shows the columns of docs/product.md, the status and the Activity link', async () => {
    renderPage();
    await screen.findByText('olivia.nguyen1@example.com.au');
    expect(columnHeadersAfterSelection()).toEqual(['Name', 'Email', 'Address', 'Mobile Number', 'Created Date', 'Status', 'Activity', 'Actions']);
    const first = screen.getByText('olivia.nguyen1@example.com.au').closest('tr')!;
    expect(within(first).getByText('Olivia Nguyen')).toBeInTheDocument();
    expect(within(first).getByText('Active')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Deactivate' })).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Activity of Olivia Nguyen' })).toHaveAttribute('href', `/users-activity/${active._id}`);
    const second = screen.getByText('jack.smith4@example.com.au').closest('tr')!;
    expect(within(second).getByText('Inactive')).toBeInTheDocument();
    expect(within(second).getByRole('button', { name: 'Activate' })).toBeInTheDocument();
    expect(within(second).getAllByText('N/A')).toHaveLength(2);
  });

  it('searches by email after a 500 ms pause', async () => {
    renderPage();
    await screen.findByText('olivia.nguyen1@example.com.au');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search users by email' }), 'olivia');
    const before = calls('GET').length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(calls('GET').length).toBe(before);
    await waitFor(() => expect(calls('GET').some(([input]) => String(input).includes('search=olivia'))).toBe(true), { timeout: 2000 });
  });

  it('shows "Processing..." on the row while the status change runs, and sends inActive', async () => {
    let release: () => void = () => {};
    handler = (url, init) =>
      init.method === 'PUT'
        ? new Promise((resolve) => (release = () => resolve({ body: { message: 'User deactivated successfully' } })))
        : { body: listOf([active, inactive]) };
    renderPage();
    const row = (await screen.findByText('olivia.nguyen1@example.com.au')).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Deactivate' }));
    expect(await within(row).findByRole('button', { name: 'Processing...' })).toBeDisabled();
    const other = screen.getByText('jack.smith4@example.com.au').closest('tr')!;
    expect(within(other).getByRole('button', { name: 'Activate' })).toBeEnabled();
    const [input, init] = calls('PUT')[0];
    expect(String(input)).toContain(`/update-user-status/${active._id}`);
    expect(JSON.parse(String(init?.body))).toEqual({ status: 'inActive' });
    release();
    await waitFor(() => expect(within(row).queryByRole('button', { name: 'Processing...' })).not.toBeInTheDocument());
  });

  it('deletes only after "Are you sure you want to delete this user?"', async () => {
    handler = (url, init) => (init.method === 'PUT' ? { body: { message: 'User deleted successfully' } } : { body: listOf([active, inactive]) });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete user jack.smith4@example.com.au' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete this user?')).toBeInTheDocument();
    expect(calls('PUT')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls('PUT')).toHaveLength(1));
    expect(String(calls('PUT')[0][0])).toContain(`/delete-user/${inactive._id}`);
  });

  it('shows "No Users Yet" without a search and "No matching users found" with one', async () => {
    handler = () => ({ body: listOf([]) });
    renderPage();
    expect(await screen.findByText('No Users Yet')).toBeInTheDocument();
  });

  it('shows "No matching users found" when a search finds nothing', async () => {
    handler = () => ({ body: listOf([]) });
    renderPage('/all-users?search=nobody');
    expect(await screen.findByText('No matching users found')).toBeInTheDocument();
  });

  it("opened from Analytics' drill-down, sends the created days, shows them in a chip, and clears them", async () => {
    renderPage('/all-users?createdFrom=2026-11-01&createdTo=2026-11-07');
    await screen.findByText('olivia.nguyen1@example.com.au');
    const lists = () =>
      calls('GET')
        .map(([input]) => new URL(String(input), 'http://localhost'))
        .filter((url) => url.pathname.endsWith('/all-users-data'));
    expect(lists()[0].searchParams.get('createdFrom')).toBe('2026-11-01');
    expect(lists()[0].searchParams.get('createdTo')).toBe('2026-11-07');
    expect(screen.getByRole('status')).toHaveTextContent('Filtered: Created 1 Nov 2026 – 7 Nov 2026');
    await userEvent.click(screen.getByRole('button', { name: 'Clear filter' }));
    await waitFor(() => expect(lists().at(-1)!.searchParams.has('createdFrom')).toBe(false));
    expect(lists().at(-1)!.searchParams.has('createdTo')).toBe(false);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
