import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { WorkItemSummary } from '@ute/contract';
import { sessionActions } from '../../lib/session';
import { installFakeJsonApi, matchRoute } from '../../test/fakeJsonApi';
import { renderWithProviders } from '../../test/renderWithProviders';
import { WorkItemCell } from './WorkItemCell';
import { WorkItemFilters } from './WorkItemFilters';

const NOW = Date.parse('2026-12-07T00:00:00Z');
const HOUR = 60 * 60_000;
const ME = '11111111-1111-4111-8111-111111111111';
const MO = '22222222-2222-4222-8222-222222222222';
const SAM = '33333333-3333-4333-8333-333333333333';
const RECORD = '44444444-4444-4444-8444-444444444444';

const itemOf = (overrides: Partial<WorkItemSummary> = {}): WorkItemSummary => ({
  queue: 'pendingUtes',
  enteredAt: new Date(NOW - 3 * HOUR).toISOString(),
  overdueAt: new Date(NOW + 21 * HOUR).toISOString(),
  assigneeId: null,
  assignedAt: null,
  ...overrides,
});

const sent: { route: string; body: unknown }[] = [];
installFakeJsonApi((url, init) => {
  const matched = matchRoute(init.method ?? 'GET', url);
  const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
  const name: string = matched?.name ?? '';
  switch (name) {
    case 'mentionableAdmins':
      return {
        body: {
          data: [
            { id: ME, name: 'Olive Owner', roles: ['owner'] },
            { id: MO, name: 'Mo Moderator', roles: ['moderator'] },
            { id: SAM, name: 'Sam Support', roles: ['support'] },
          ],
        },
      };
    case 'takeWorkItem':
    case 'assignWorkItem':
    case 'releaseWorkItem':
      sent.push({ route: name, body });
      return { body: { message: 'Assigned', data: { ...itemOf(), recordId: RECORD } } };
    default:
      return { status: 404, body: { message: 'unexpected' } };
  }
});

beforeEach(() => {
  sent.length = 0;
  sessionActions.updateUser({ _id: ME, roles: ['owner'] } as never);
});

const renderCell = (item: WorkItemSummary | null) =>
  renderWithProviders(<WorkItemCell queue="pendingUtes" recordId={RECORD} item={item} label="UTE Hilux" invalidates={[['utes']]} now={NOW} />);

describe('WorkItemCell', () => {
  it('shows the wait and Unassigned, and takes the item with Assign to me', async () => {
    renderCell(itemOf());
    expect(screen.getByText('3 h')).toBeInTheDocument();
    expect(screen.getByText('Unassigned')).toBeInTheDocument();
    expect(screen.queryByText('Overdue')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Assign UTE Hilux' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Assign to me' }));
    await waitFor(() => expect(sent).toEqual([{ route: 'takeWorkItem', body: { expectedAssigneeId: null } }]));
  });

  it("marks an overdue item and shows its holder's initials, named in full", async () => {
    renderCell(itemOf({ overdueAt: new Date(NOW - HOUR).toISOString(), assigneeId: MO, assignedAt: new Date(NOW - HOUR).toISOString() }));
    expect(screen.getByText('Overdue')).toBeInTheDocument();
    const holder = await screen.findByRole('img', { name: 'Assigned to Mo Moderator' });
    expect(holder).toHaveTextContent('MM');
    await userEvent.click(screen.getByRole('button', { name: 'Assign UTE Hilux' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Release' }));
    await waitFor(() => expect(sent).toEqual([{ route: 'releaseWorkItem', body: { expectedAssigneeId: MO } }]));
  });

  it('offers only the admins whose roles open the list in Assign to…', async () => {
    renderCell(itemOf());
    await userEvent.click(screen.getByRole('button', { name: 'Assign UTE Hilux' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Assign to…' }));
    const picker = await screen.findByRole('combobox', { name: 'Admin' });
    await waitFor(() => expect(screen.getByRole('option', { name: 'Mo Moderator' })).toBeInTheDocument());
    expect(screen.queryByRole('option', { name: 'Sam Support' })).toBeNull();
    await userEvent.selectOptions(picker, MO);
    await userEvent.click(screen.getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(sent).toEqual([{ route: 'assignWorkItem', body: { assigneeId: MO, expectedAssigneeId: null } }]));
  });

  it('renders nothing for a row not waiting in the queue', () => {
    const { container } = renderCell(null);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('WorkItemFilters', () => {
  it('changes the holder filter and toggles Oldest first, back to the first page', async () => {
    const changes: unknown[] = [];
    renderWithProviders(<WorkItemFilters values={{ assigned: '', waitSort: '' }} onChange={(change) => changes.push(change)} />);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Assigned' }), 'Assigned to me');
    expect(screen.getByRole('option', { name: 'Unassigned' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Anyone' })).toBeInTheDocument();
    const oldest = screen.getByRole('button', { name: 'Oldest first' });
    expect(oldest).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(oldest);
    expect(changes).toEqual([
      { assigned: 'me', page: 1 },
      { waitSort: 'oldest', page: 1 },
    ]);
  });
});
