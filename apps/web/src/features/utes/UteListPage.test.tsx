import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Ute, UteListResponse } from '@ute/contract';
import { installFakeJsonApi, type FakeHandler } from '../../test/fakeJsonApi';
import { cellTextsAfterSelection, columnHeadersAfterSelection } from '../../test/listColumns';
import { renderWithProviders } from '../../test/renderWithProviders';
import { UteListPage } from './UteListPage';

const baseUte: Ute = {
  _id: '00000002-0000-4000-8000-000000000001',
  uteId: 'UTE-000001',
  fullName: "Olivia's Toyota HiLux",
  description: 'Toyota HiLux SR in Perth, canopy fitted. Available for local moves and tip runs.',
  licenceNumber: 'WA1234567',
  licenceExpireDate: { licenceExpireMonth: 3, licenceExpireYear: 2027 },
  serviceCity: ['Perth', 'Fremantle'],
  state: 'WA',
  location: 'Hay Street, Perth',
  uteModel: 'Toyota HiLux SR',
  chesisNumber: 'MR0123456AU1234',
  uteAvailble: ['Weekdays', 'Weekends'],
  budget: 250,
  uteImages: ['demo-ute-1.png', 'demo-ute-3.png'],
  licenceImage: '/images/licences/demo-licence-1.png?expires=1&sig=abc',
  status: 'Pending',
  rejection: null,
  createdAt: '2026-03-04T05:06:00.000Z',
  version: '741',
};
const approved: Ute = { ...baseUte, _id: '00000002-0000-4000-8000-000000000002', uteId: 'UTE-000002', status: 'Approved' };
const bare: Ute = {
  ...baseUte,
  _id: '00000002-0000-4000-8000-000000000003',
  uteId: 'UTE-000003',
  fullName: null,
  description: null,
  licenceNumber: null,
  licenceExpireDate: null,
  serviceCity: [],
  state: null,
  location: null,
  uteModel: null,
  chesisNumber: null,
  uteAvailble: [],
  budget: null,
  uteImages: [],
  licenceImage: null,
  status: 'Rejected',
};

let handler: FakeHandler;
const fetchMock = installFakeJsonApi((url, init) => handler(url, init));

const listOf = (data: Ute[], totalCount = data.length): UteListResponse => ({ data, totalCount });

const renderPage = (path = '/ute-list') => renderWithProviders(<UteListPage />, path);

const requests = (method = 'GET') =>
  fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === method).map(([input]) => new URL(String(input), 'http://localhost'));

beforeEach(() => {
  handler = () => ({ body: listOf([baseUte, approved, bare]) });
});

describe('UteListPage', () => {
  it('shows every column of docs/product.md in order', async () => {
    renderPage();
    await screen.findByText('UTE-000001');
    expect(columnHeadersAfterSelection()).toEqual([
      'Full Name',
      'Description',
      'Licence No.',
      'Expiry Date',
      'Service Cities',
      'Location',
      'UTE Model',
      'Chassis No.',
      'Availability',
      'Budget',
      'Image',
      'Status',
      'Created At',
      'UTE ID',
      'Actions',
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'UTE Management' })).toBeInTheDocument();
    expect(requests()[0].searchParams.toString()).toBe('page=1&pageSize=10');
  });

  it('opened from the pending badge, lists only pending utes, says so, and clears the filter', async () => {
    renderPage('/ute-list?status=Pending');
    await screen.findByText('UTE-000001');
    expect(requests()[0].searchParams.get('status')).toBe('Pending');
    expect(screen.getByRole('status')).toHaveTextContent('Filtered: Pending utes');
    await userEvent.click(screen.getByRole('button', { name: 'Clear filter' }));
    await waitFor(() => expect(requests().at(-1)!.searchParams.has('status')).toBe(false));
    expect(screen.queryByText('Filtered: Pending utes')).toBeNull();
  });

  it('formats each cell: preview, expiry, lists, budget, thumbnail, and fallbacks', async () => {
    renderPage();
    const row = (await screen.findByText('UTE-000001')).closest('tr')!;
    const cells = cellTextsAfterSelection(row);
    expect(cells.slice(0, 10)).toEqual([
      "Olivia's Toyota HiLux",
      'Toyota HiLux SR in Perth, canopy fitted. Available...',
      'WA1234567',
      '03/2027',
      'Perth, Fremantle',
      'WA',
      'Toyota HiLux SR',
      'MR0123456AU1234',
      'Weekdays, Weekends',
      '$250',
    ]);
    const thumbnail = within(row).getByRole('img');
    expect(thumbnail).toHaveAttribute('src', '/images/ute-images/demo-ute-1.png');
    expect(thumbnail.className).toContain('rounded-full');
    expect(cells[11]).toBe('Pending');
    expect(cells[13]).toBe('UTE-000001');

    const bareCells = cellTextsAfterSelection(screen.getByText('UTE-000003').closest('tr')!);
    expect(bareCells.slice(0, 11)).toEqual(['N/A', 'No description', 'N/A', 'N/A', 'N/A', 'N/A', 'N/A', 'N/A', 'N/A', 'N/A', 'N/A']);
  });

  it('disables Approve on an approved ute and Reject on a rejected one', async () => {
    renderPage();
    const pendingRow = within((await screen.findByText('UTE-000001')).closest('tr')!);
    expect(pendingRow.getByRole('button', { name: 'Approve' })).toBeEnabled();
    expect(pendingRow.getByRole('button', { name: 'Reject' })).toBeEnabled();
    const approvedRow = within(screen.getByText('UTE-000002').closest('tr')!);
    expect(approvedRow.getByRole('button', { name: 'Approve' })).toBeDisabled();
    expect(approvedRow.getByRole('button', { name: 'Reject' })).toBeEnabled();
    const rejectedRow = within(screen.getByText('UTE-000003').closest('tr')!);
    expect(rejectedRow.getByRole('button', { name: 'Approve' })).toBeEnabled();
    expect(rejectedRow.getByRole('button', { name: 'Reject' })).toBeDisabled();
  });

  it("sends the status change, shows 'Processing' meanwhile and refreshes the list", async () => {
    let release: () => void = () => {};
    handler = (url, init) => {
      if (init.method === 'PATCH') return new Promise((resolve) => (release = () => resolve({ body: { message: 'UTE approved successfully' } })));
      return { body: listOf([baseUte, approved, bare]) };
    };
    renderPage();
    const row = within((await screen.findByText('UTE-000001')).closest('tr')!);
    await userEvent.click(row.getByRole('button', { name: 'Approve' }));
    expect(await row.findByRole('button', { name: 'Processing' })).toBeDisabled();
    expect(row.getByRole('button', { name: 'Reject' })).toBeDisabled();
    const [patch] = requests('PATCH');
    expect(patch.pathname).toBe(`/api/admin/user-ute-status/${baseUte._id}`);
    expect(patch.searchParams.get('status')).toBe('Approved');
    const listCalls = requests().length;
    release();
    await waitFor(() => expect(row.getByRole('button', { name: 'Approve' })).toBeInTheDocument());
    await waitFor(() => expect(requests().length).toBeGreaterThan(listCalls));
  });

  it('asks before deleting and deletes on confirm', async () => {
    handler = (url, init) => (init.method === 'PUT' ? { body: { message: 'UTE deleted successfully' } } : { body: listOf([baseUte]) });
    renderPage();
    const row = within((await screen.findByText('UTE-000001')).closest('tr')!);
    await userEvent.click(row.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete UTE' });
    expect(requests('PUT')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(requests('PUT').map((url) => url.pathname)).toEqual([`/api/admin/delete-ute/${baseUte._id}`]));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("opens 'UTE Details' with every field, every image and the licence image", async () => {
    renderPage();
    const row = within((await screen.findByText('UTE-000001')).closest('tr')!);
    await userEvent.click(row.getByRole('button', { name: 'View' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'UTE Details' }));
    for (const text of [
      "Olivia's Toyota HiLux",
      'UTE-000001',
      baseUte.description!,
      'WA1234567',
      '03/2027',
      'Perth, Fremantle',
      'WA',
      'Hay Street, Perth',
      'Toyota HiLux SR',
      'MR0123456AU1234',
      'Weekdays, Weekends',
      '$250',
      'Pending',
    ]) {
      expect(dialog.getByText(text, { exact: true })).toBeInTheDocument();
    }
    const images = dialog.getAllByRole('img').map((img) => img.getAttribute('src'));
    expect(images).toEqual(['/images/ute-images/demo-ute-1.png', '/images/ute-images/demo-ute-3.png', baseUte.licenceImage]);
    await userEvent.click(dialog.getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the empty state texts when there are no utes', async () => {
    handler = () => ({ body: listOf([]) });
    renderPage('/ute-list?search=zzz');
    expect(await screen.findByText('No UTE Listings Found')).toBeInTheDocument();
    expect(screen.getByText('There are currently no UTE listings available. Check back later or add a new UTE.')).toBeInTheDocument();
    expect(requests()[0].searchParams.get('search')).toBe('zzz');
  });

  it('searches on the server after the 700 ms pause, from page 1', async () => {
    handler = () => ({ body: listOf([baseUte], 25) });
    renderPage('/ute-list?page=2');
    await screen.findByText('UTE-000001');
    expect(requests()[0].searchParams.get('page')).toBe('2');
    await userEvent.type(screen.getByPlaceholderText('Search by UTE name'), 'hilux');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(requests().some((url) => url.searchParams.has('search'))).toBe(false);
    await waitFor(() => expect(requests().at(-1)!.searchParams.toString()).toBe('page=1&pageSize=10&search=hilux'), { timeout: 2000 });
  });

  it('pages with the results line', async () => {
    handler = () => ({ body: listOf([baseUte], 25) });
    renderPage('/ute-list?page=3');
    expect(await screen.findByText('Showing 21 to 25 of 25 results')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Showing 11 to 20 of 25 results')).toBeInTheDocument();
    expect(requests().at(-1)!.searchParams.get('page')).toBe('2');
  });

  it("opened from Analytics' drill-down, sends the created days, shows them in a chip, and clears them", async () => {
    renderPage('/ute-list?createdFrom=2026-11-01&createdTo=2026-11-07');
    await screen.findByText('UTE-000001');
    const lists = () => requests().filter((url) => url.pathname.endsWith('/get-all-ute-list'));
    expect(lists()[0].searchParams.get('createdFrom')).toBe('2026-11-01');
    expect(lists()[0].searchParams.get('createdTo')).toBe('2026-11-07');
    expect(screen.getByRole('status')).toHaveTextContent('Filtered: Created 1 Nov 2026 – 7 Nov 2026');
    await userEvent.click(screen.getByRole('button', { name: 'Clear filter' }));
    await waitFor(() => expect(lists().at(-1)!.searchParams.has('createdFrom')).toBe(false));
    expect(lists().at(-1)!.searchParams.has('createdTo')).toBe(false);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
