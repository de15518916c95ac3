import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CustomerQuery, QueryListResponse } from '@ute/contract';
import { installFakeJsonApi, type FakeHandler } from '../../test/fakeJsonApi';
import { columnHeadersAfterSelection } from '../../test/listColumns';
import { renderWithProviders } from '../../test/renderWithProviders';
import { QueriesPage } from './QueriesPage';

const answered: CustomerQuery = {
  _id: '00000008-0000-4000-8000-000000000001',
  firstName: 'Olivia',
  lastName: 'Nguyen',
  email: 'olivia.nguyen@example.com.au',
  phone: '0412 345 678',
  message: 'Can I hire a ute with a tow bar this weekend please?',
  date: '2026-03-04T05:06:00.000Z',
  version: '741',
  replies: ['Yes, one is free on Saturday.'],
  replyDetails: [
    {
      _id: 'r1',
      message: 'Yes, one is free on Saturday.',
      mailStatus: 'sent',
      isSent: true,
      sentAt: '2026-03-04T06:00:00.000Z',
      createdAt: '2026-03-04T06:00:00.000Z',
    },
  ],
};
const open: CustomerQuery = {
  ...answered,
  _id: '00000008-0000-4000-8000-000000000002',
  email: 'jack.smith@example.com.au',
  firstName: 'Jack',
  lastName: 'Smith',
  phone: null,
  message: 'Short question',
  replies: [],
  replyDetails: [],
};

let handler: FakeHandler;
const fetchMock = installFakeJsonApi((url, init) => handler(url, init));
const listOf = (queries: CustomerQuery[], totalCount = queries.length): QueryListResponse => ({
  queries,
  totalCount,
  totalPages: Math.max(1, Math.ceil(totalCount / 10)),
});
const calls = (method: string) => fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === method);

const renderPage = (path = '/queries') => renderWithProviders(<QueriesPage />, path);

beforeEach(() => {
  handler = () => ({ body: listOf([answered, open]) });
});

describe('QueriesPage', () => {
  it('shows the columns, the message cut to 5 words and the reply count', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'User Queries', level: 1 })).toBeInTheDocument();
    await screen.findByText('olivia.nguyen@example.com.au');
    expect(columnHeadersAfterSelection()).toEqual(['Name', 'Email', 'Phone', 'Message', 'Date', 'Replies', 'Actions']);
    const first = screen.getByText('olivia.nguyen@example.com.au').closest('tr')!;
    expect(within(first).getByText('Can I hire a ute...')).toBeInTheDocument();
    expect(within(first).getByTestId('reply-count')).toHaveTextContent('1');
    const second = screen.getByText('jack.smith@example.com.au').closest('tr')!;
    expect(within(second).getByText('Short question')).toBeInTheDocument();
    expect(within(second).getByText('N/A')).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Sort by Latest' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Sort by Oldest' })).toBeInTheDocument();
  });

  it('asks the server for the oldest first when sorted so', async () => {
    renderPage();
    await screen.findByText('olivia.nguyen@example.com.au');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort queries' }), 'oldest');
    await waitFor(() => expect(calls('GET').some(([input]) => String(input).includes('sort=oldest'))).toBe(true));
  });

  it('numbers every page', async () => {
    handler = () => ({ body: listOf([answered, open], 35) });
    renderPage();
    await screen.findByText('olivia.nguyen@example.com.au');
    for (const page of [1, 2, 3, 4]) expect(screen.getByRole('button', { name: `Page ${page}` })).toBeInTheDocument();
  });

  it('shows "No queries found" when there are none', async () => {
    handler = () => ({ body: listOf([]) });
    renderPage();
    expect(await screen.findByText('No queries found')).toBeInTheDocument();
  });

  it('shows the details with the replies, or "No replies yet"', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'View details of the query from olivia.nguyen@example.com.au' }));
    const dialog = await screen.findByRole('dialog', { name: 'Query Details' });
    expect(within(dialog).getByText('Olivia Nguyen')).toBeInTheDocument();
    expect(within(dialog).getByText('0412 345 678')).toBeInTheDocument();
    expect(within(dialog).getByText('Can I hire a ute with a tow bar this weekend please?')).toBeInTheDocument();
    expect(within(dialog).getByText('Yes, one is free on Saturday.')).toBeInTheDocument();
    expect(within(dialog).getByText('Mail sent')).toBeInTheDocument();
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await userEvent.click(screen.getByRole('button', { name: 'View details of the query from jack.smith@example.com.au' }));
    expect(within(await screen.findByRole('dialog', { name: 'Query Details' })).getByText('No replies yet')).toBeInTheDocument();
  });

  it('blocks a blank reply with "Please enter a reply message" and sends nothing', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Reply to jack.smith@example.com.au' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('To')).toHaveValue('jack.smith@example.com.au');
    expect(within(dialog).getByLabelText('To')).toHaveAttribute('readonly');
    expect(within(dialog).getByLabelText('Original Query')).toHaveValue('Short question');
    await userEvent.type(within(dialog).getByLabelText('Your Reply'), '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Reply' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter a reply message');
    expect(calls('PATCH')).toHaveLength(0);
  });

  it('sends the trimmed reply, showing "Sending..." meanwhile', async () => {
    let release: () => void = () => {};
    handler = (url, init) => {
      if (init.method === 'PATCH') return new Promise((resolve) => (release = () => resolve({ body: { message: 'Reply sent successfully', isSent: true } })));
      return { body: listOf([answered, open]) };
    };
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Reply to jack.smith@example.com.au' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Your Reply'), '  We can help.  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Reply' }));
    expect(await within(dialog).findByRole('button', { name: 'Sending...' })).toBeDisabled();
    const [, init] = calls('PATCH')[0];
    expect(JSON.parse(String(init?.body))).toEqual({ queryId: open._id, reply: 'We can help.' });
    release();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows "Failed to send reply. Please try again." when the call fails, keeping the text', async () => {
    handler = (url, init) => (init.method === 'PATCH' ? { status: 500, body: { message: 'Internal server error' } } : { body: listOf([answered, open]) });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Reply to jack.smith@example.com.au' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Your Reply'), 'We can help.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Reply' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to send reply. Please try again.');
    expect(within(dialog).getByLabelText('Your Reply')).toHaveValue('We can help.');
  });

  it('deletes a query only after the confirm', async () => {
    handler = (url, init) => (init.method === 'PUT' ? { body: { message: 'Query deleted successfully' } } : { body: listOf([answered, open]) });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete the query from jack.smith@example.com.au' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete this query?')).toBeInTheDocument();
    expect(calls('PUT')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls('PUT')).toHaveLength(1));
    expect(String(calls('PUT')[0][0])).toContain(`/delete-queries/${open._id}`);
  });

  it("opened from Analytics' drill-down, sends the created days, shows them in a chip, and clears them", async () => {
    renderPage('/queries?createdFrom=2026-11-01&createdTo=2026-11-07');
    await screen.findByText('olivia.nguyen@example.com.au');
    const lists = () =>
      calls('GET')
        .map(([input]) => new URL(String(input), 'http://localhost'))
        .filter((url) => url.pathname.endsWith('/all-queries'));
    expect(lists()[0].searchParams.get('createdFrom')).toBe('2026-11-01');
    expect(lists()[0].searchParams.get('createdTo')).toBe('2026-11-07');
    expect(screen.getByRole('status')).toHaveTextContent('Filtered: Created 1 Nov 2026 – 7 Nov 2026');
    await userEvent.click(screen.getByRole('button', { name: 'Clear filter' }));
    await waitFor(() => expect(lists().at(-1)!.searchParams.has('createdFrom')).toBe(false));
    expect(lists().at(-1)!.searchParams.has('createdTo')).toBe(false);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
