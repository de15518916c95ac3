import { beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Job, JobListResponse } from '@ute/contract';
import { installFakeJsonApi, type FakeHandler } from '../../test/fakeJsonApi';
import { cellTextsAfterSelection, columnHeadersAfterSelection } from '../../test/listColumns';
import { renderWithProviders } from '../../test/renderWithProviders';
import { JobListPage } from './JobListPage';

const pending: Job = {
  _id: '00000003-0000-4000-8000-000000000001',
  jobId: 'JOB-000001',
  title: 'Furniture removal in Perth',
  description: 'Furniture removal needed around Perth. Stairs at pickup.',
  state: 'WA',
  location: '12 Hay Street, Perth',
  workSchedule: ['Mon 7am-3pm', 'Sat 9am-1pm'],
  budget: 420,
  jobImg: ['demo-job-1.png', 'demo-job-2.png'],
  status: 'Pending',
  rejection: null,
  createdAt: '2026-03-04T05:06:00.000Z',
  version: '741',
};
const approved: Job = { ...pending, _id: '00000003-0000-4000-8000-000000000002', jobId: 'JOB-000002', title: 'Tip run in Hobart', status: 'Approved' };
const rejected: Job = {
  ...pending,
  _id: '00000003-0000-4000-8000-000000000003',
  jobId: 'JOB-000003',
  title: 'Office move in Darwin',
  description: null,
  state: null,
  location: null,
  workSchedule: [],
  budget: null,
  jobImg: [],
  status: 'Rejected',
};

let handler: FakeHandler;
const fetchMock = installFakeJsonApi((url, init) => handler(url, init));
const listOf = (data: Job[], totalCount = data.length, page = 1): JobListResponse => ({
  data,
  totalCount,
  paginationData: { page, totalPages: Math.max(1, Math.ceil(totalCount / 10)) },
});
const requests = (method = 'GET') =>
  fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === method).map(([input]) => new URL(String(input), 'http://localhost'));
const fetchBodies = (method: string) => fetchMock.mock.calls.filter(([, init]) => init?.method === method).map(([, init]) => init?.body);

const renderPage = (path = '/job-list') => renderWithProviders(<JobListPage />, path);

beforeEach(() => {
  handler = () => ({ body: listOf([pending, approved, rejected]) });
});

describe('JobListPage', () => {
  it('shows every column of docs/product.md in order, with $ budgets and fallbacks', async () => {
    renderPage();
    const row = within((await screen.findByText('JOB-000001')).closest('tr')!);
    expect(columnHeadersAfterSelection()).toEqual([
      'Job Title',
      'Description',
      'State',
      'Location',
      'Shift',
      'Budget',
      'Image',
      'Created',
      'Status',
      'JOB ID',
      'Actions',
    ]);
    expect(cellTextsAfterSelection(row.getByText('JOB-000001').closest('tr')!).slice(0, 6)).toEqual([
      'Furniture removal in Perth',
      'Furniture removal needed around Perth. Stairs at pickup.',
      'WA',
      '12 Hay Street, Perth',
      'Mon 7am-3pm, Sat 9am-1pm',
      '$420',
    ]);
    const bare = cellTextsAfterSelection(screen.getByText('JOB-000003').closest('tr')!);
    expect(bare.slice(1, 7)).toEqual(['No description', 'N/A', 'N/A', 'N/A', 'N/A', 'N/A']);
    expect(bare[8]).toBe('Rejected');
    expect(requests()[0].searchParams.toString()).toBe('page=1&limit=10');
  });

  it('applies the job rules: Approve disabled when Approved; Reject disabled when Approved or Rejected', async () => {
    renderPage();
    const rowOf = async (id: string) => within((await screen.findByText(id)).closest('tr')!);
    const p = await rowOf('JOB-000001');
    expect(p.getByRole('button', { name: 'Approve' })).toBeEnabled();
    expect(p.getByRole('button', { name: 'Reject' })).toBeEnabled();
    const a = await rowOf('JOB-000002');
    expect(a.getByRole('button', { name: 'Approve' })).toBeDisabled();
    expect(a.getByRole('button', { name: 'Reject' })).toBeDisabled();
    const r = await rowOf('JOB-000003');
    expect(r.getByRole('button', { name: 'Approve' })).toBeEnabled();
    expect(r.getByRole('button', { name: 'Reject' })).toBeDisabled();
  });

  it("rejects with 'Processing' meanwhile", async () => {
    let release: () => void = () => {};
    handler = (url, init) =>
      init.method === 'PATCH'
        ? new Promise((resolve) => (release = () => resolve({ body: { message: 'Job rejected successfully' } })))
        : { body: listOf([pending]) };
    renderPage();
    const row = within((await screen.findByText('JOB-000001')).closest('tr')!);
    await userEvent.click(row.getByRole('button', { name: 'Reject' }));
    // Reject asks why first: no reason, no call.
    const dialog = within(await screen.findByRole('dialog', { name: /^Reject Job “/ }));
    await userEvent.click(dialog.getByRole('button', { name: 'Reject' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Choose why the listing is rejected');
    expect(requests('PATCH')).toEqual([]);
    await userEvent.selectOptions(dialog.getByLabelText('Reason'), 'price');
    await userEvent.type(dialog.getByLabelText('Note (optional)'), 'The budget is far too low.');
    await userEvent.click(dialog.getByRole('button', { name: 'Reject' }));
    // The dialog waits ('Processing') until the call answers; the row's buttons wait behind it.
    expect(await dialog.findByRole('button', { name: 'Processing' })).toBeDisabled();
    expect(row.getByRole('button', { name: 'Processing', hidden: true })).toBeDisabled();
    expect(row.getByRole('button', { name: 'Approve', hidden: true })).toBeDisabled();
    expect(requests('PATCH')[0].pathname + requests('PATCH')[0].search).toBe(`/api/admin/user-job-status/${pending._id}?status=Rejected`);
    expect(JSON.parse(String(fetchBodies('PATCH')[0]))).toEqual({ reason: 'price', note: 'The budget is far too low.' });
    release();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(row.getByRole('button', { name: 'Reject' })).toBeInTheDocument();
  });

  it('sends the filter menu choice to the server as sort, from page 1', async () => {
    handler = () => ({ body: listOf([pending, approved], 30) });
    renderPage('/job-list?page=2');
    await screen.findByText('JOB-000001');
    await userEvent.click(screen.getByRole('button', { name: /Filter/ }));
    const items = await screen.findAllByRole('menuitemradio');
    expect(items.map((item) => item.textContent)).toEqual(['No Filter', 'Budget: Low to High', 'Budget: High to Low']);
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'Budget: High to Low' }));
    await waitFor(() => expect(requests().at(-1)!.searchParams.toString()).toBe('page=1&limit=10&sort=budgetDesc'));
    expect(screen.getByRole('button', { name: /Filter/ })).toHaveTextContent('Budget: High to Low');
    await userEvent.click(screen.getByRole('button', { name: /Filter/ }));
    await userEvent.click(await screen.findByRole('menuitemradio', { name: 'No Filter' }));
    await waitFor(() => expect(requests().at(-1)!.searchParams.toString()).toBe('page=1&limit=10'));
  });

  it('searches on the server and shows the search empty state', async () => {
    handler = (url) => ({ body: url.searchParams.has('search') ? listOf([]) : listOf([pending]) });
    renderPage();
    await screen.findByText('JOB-000001');
    await userEvent.type(screen.getByPlaceholderText('Search jobs...'), 'Zebra');
    expect(await screen.findByText('No Jobs Found', undefined, { timeout: 2000 })).toBeInTheDocument();
    expect(screen.getByText('No jobs match your search criteria. Try a different search.')).toBeInTheDocument();
    expect(requests().at(-1)!.searchParams.get('search')).toBe('Zebra');
  });

  it('shows the no-jobs empty state without a search', async () => {
    handler = () => ({ body: listOf([]) });
    renderPage();
    expect(await screen.findByText('No Jobs Found')).toBeInTheDocument();
    expect(screen.getByText('There are currently no job listings available.')).toBeInTheDocument();
  });

  it('falls back to the placeholder when a job image fails to load', async () => {
    renderPage();
    const img = within((await screen.findByText('JOB-000001')).closest('tr')!).getByRole('img');
    expect(img).toHaveAttribute('src', '/jobImg/demo-job-1.png');
    fireEvent.error(img);
    await waitFor(() => expect(img).toHaveAttribute('src', '/placeholder.svg'));
  });

  it("opens 'Job Details' with every field, and 'No images available' without images", async () => {
    renderPage();
    await userEvent.click(within((await screen.findByText('JOB-000001')).closest('tr')!).getByRole('button', { name: 'View' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Job Details' }));
    for (const text of [
      'Furniture removal in Perth',
      'JOB-000001',
      pending.description!,
      'WA',
      '12 Hay Street, Perth',
      'Mon 7am-3pm, Sat 9am-1pm',
      '$420',
      'Pending',
    ]) {
      expect(dialog.getByText(text, { exact: true })).toBeInTheDocument();
    }
    expect(dialog.getAllByRole('img').map((img) => img.getAttribute('src'))).toEqual(['/jobImg/demo-job-1.png', '/jobImg/demo-job-2.png']);
    await userEvent.click(dialog.getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(within(screen.getByText('JOB-000003').closest('tr')!).getByRole('button', { name: 'View' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Job Details' }));
    expect(dialog.getByText('No images available')).toBeInTheDocument();
  });

  it('asks before deleting', async () => {
    handler = (url, init) => (init.method === 'PUT' ? { body: { message: 'Job deleted successfully' } } : { body: listOf([pending]) });
    renderPage();
    await userEvent.click(within((await screen.findByText('JOB-000001')).closest('tr')!).getByRole('button', { name: 'Delete' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete Job' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests('PUT')).toHaveLength(0);
  });

  it("opened from Analytics' drill-down, sends the created days, shows them in a chip, and clears them", async () => {
    renderPage('/job-list?createdFrom=2026-11-01&createdTo=2026-11-07');
    await screen.findByText('JOB-000001');
    const lists = () => requests().filter((url) => url.pathname.endsWith('/get-all-job-list'));
    expect(lists()[0].searchParams.get('createdFrom')).toBe('2026-11-01');
    expect(lists()[0].searchParams.get('createdTo')).toBe('2026-11-07');
    expect(screen.getByRole('status')).toHaveTextContent('Filtered: Created 1 Nov 2026 – 7 Nov 2026');
    await userEvent.click(screen.getByRole('button', { name: 'Clear filter' }));
    await waitFor(() => expect(lists().at(-1)!.searchParams.has('createdFrom')).toBe(false));
    expect(lists().at(-1)!.searchParams.has('createdTo')).toBe(false);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
