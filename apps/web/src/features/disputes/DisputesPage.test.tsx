import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { Toaster } from 'sonner';
import {
  DISPUTE_MESSAGES,
  JOURNAL_KIND_LABELS,
  type AdminRole,
  type Dispute,
  type DisputeEvidence,
  type DisputeListResponse,
  type DisputeSummary,
} from '@ute/contract';
import { installFakeJsonApi, matchRoute } from '../../test/fakeJsonApi';
import { renderWithProviders } from '../../test/renderWithProviders';
import { sessionActions } from '../../lib/session';
import { DisputesPage } from './DisputesPage';

const DAY_MS = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

const summaryOf = (id: string, patch: Partial<DisputeSummary>): DisputeSummary => ({
  id,
  stripeDisputeId: `dp_${id}`,
  amountCents: 15_000,
  currency: 'aud',
  reason: 'product_not_received',
  status: 'needs_response',
  statusGroup: 'needs_response',
  evidenceDueBy: inDays(3.5),
  evidenceSubmittedAt: null,
  booking: { kind: 'ute', id: `b-${id}`, reference: `UB-${id}` },
  customer: { id: `c-${id}`, name: 'Cara Customer' },
  owner: { id: `o-${id}`, name: 'Olive Owner' },
  lossRecovery: null,
  createdAt: '2026-03-01T00:00:00.000Z',
  version: '741',
  ...patch,
});

const gathered: DisputeEvidence = {
  product_description: 'Ute hire: Disputed Hilux, booking UB-open.\nPickup: 1 George St, NSW 2000.',
  customer_name: 'Cara Customer',
  customer_email_address: 'cara@example.com',
  billing_address: '9 Pitt St, Sydney NSW 2000',
  service_date: '2026-03-01',
  customer_communication: '1 March 2026, Cara Customer <cara@example.com> wrote:\nWhere is my ute?',
  uncategorized_text: 'Receipt: A$150.00 paid by Cara Customer on 1 March 2026.',
};

const open = summaryOf('open', {});
const overdue = summaryOf('late', { evidenceDueBy: inDays(-1.5), booking: { kind: 'job', id: 'b-late', reference: 'JB-late' } });
const lost = summaryOf('lost', { status: 'lost', statusGroup: 'closed', evidenceDueBy: inDays(-20), evidenceSubmittedAt: '2026-03-02T00:00:00.000Z' });

function detailOf(summary: DisputeSummary, patch: Partial<Dispute> = {}): Dispute {
  const isLost = summary.status === 'lost';
  return {
    ...summary,
    chargeId: 'ch_1',
    paymentIntentId: 'pi_1',
    paymentId: null,
    evidence: gathered,
    evidenceSource: summary.evidenceSubmittedAt ? 'submitted' : 'gathered',
    draftSavedAt: null,
    draftSavedBy: null,
    evidenceSubmittedBy: summary.evidenceSubmittedAt ? 'finance@example.com' : null,
    canSubmitEvidence: summary.statusGroup === 'needs_response' && summary.id !== 'late',
    canChooseLossRecovery: isLost && summary.lossRecovery === null,
    lossRecoveryBy: null,
    lossRecoveryAt: null,
    journals: [
      {
        id: `j-${summary.id}`,
        kind: 'dispute.funds-withdrawn',
        createdAt: '2026-03-01T01:00:00.000Z',
        lines: [
          { account: 'disputes_pending', ownerId: null, amountCents: 15_000 },
          { account: 'platform_cash', ownerId: null, amountCents: -15_000 },
        ],
      },
    ],
    ...patch,
  };
}

let rows: DisputeSummary[];
let details: Record<string, Dispute>;
const fetchMock = installFakeJsonApi((url, init) => {
  const route = matchRoute(init.method ?? 'GET', url);
  if (route?.name === 'disputes') {
    const status = url.searchParams.get('status');
    const matching = rows.filter((row) => !status || row.statusGroup === status);
    const body: DisputeListResponse = { data: matching, totalCount: matching.length, paginationData: { page: 1, totalPages: 1 } };
    return { body };
  }
  if (route?.name === 'dispute') return { body: { data: details[route.params.id] } };
  const body = init.body ? (JSON.parse(String(init.body)) as { evidence?: DisputeEvidence; recovery?: 'absorb' | 'owner_balance' }) : {};
  if (route?.name === 'saveDisputeEvidence') {
    details[route.params.id] = { ...details[route.params.id], evidence: body.evidence!, evidenceSource: 'draft', draftSavedAt: '2026-03-03T00:00:00.000Z' };
    return { body: { message: DISPUTE_MESSAGES.draftSaved, data: details[route.params.id] } };
  }
  if (route?.name === 'submitDisputeEvidence') {
    const submitted = { ...details[route.params.id], evidence: body.evidence!, evidenceSource: 'submitted' as const, canSubmitEvidence: false };
    details[route.params.id] = submitted;
    return { body: { message: DISPUTE_MESSAGES.submitted, data: submitted } };
  }
  if (route?.name === 'chooseDisputeLossRecovery') {
    const amount = details[route.params.id].amountCents;
    const chosen: Dispute = {
      ...details[route.params.id],
      lossRecovery: body.recovery!,
      canChooseLossRecovery: false,
      lossRecoveryBy: 'finance@example.com',
      lossRecoveryAt: '2026-03-04T00:00:00.000Z',
      journals: [
        ...details[route.params.id].journals,
        {
          id: 'j-loss',
          kind: 'dispute.loss-absorbed',
          createdAt: '2026-03-04T00:00:00.000Z',
          lines: [
            { account: 'platform_expense', ownerId: null, amountCents: amount },
            { account: 'disputes_pending', ownerId: null, amountCents: -amount },
          ],
        },
      ],
    };
    details[route.params.id] = chosen;
    rows = rows.map((row) => (row.id === chosen.id ? { ...row, lossRecovery: chosen.lossRecovery } : row));
    return { body: { message: DISPUTE_MESSAGES.absorbed, data: chosen } };
  }
  return { status: 404, body: { message: 'unexpected' } };
});

const callsOf = (name: string) =>
  fetchMock.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), method: init?.method ?? 'GET', body: init?.body }))
    .filter(({ url, method }) => matchRoute(method, url)?.name === name);
const listQueries = () => callsOf('disputes').map(({ url }) => Object.fromEntries(url.searchParams));

function ShowSearch() {
  return <output data-testid="search">{useLocation().search}</output>;
}

function signInAs(roles: AdminRole[]) {
  sessionActions.setToken('token-1');
  sessionActions.updateUser({ _id: 'a-me', email: 'me@example.com', name: 'me', roles, userRole: roles[0], twoFactorEnabled: true, mustEnrolTwoFactor: false });
}

const renderPage = (path = '/disputes') =>
  renderWithProviders(
    <>
      <DisputesPage />
      <ShowSearch />
      <Toaster />
    </>,
    path,
  );

const rowOf = async (reference: string) => (await screen.findByText(reference)).closest('tr')!;

beforeEach(() => {
  rows = [open, overdue, lost];
  details = { open: detailOf(open), late: detailOf(overdue), lost: detailOf(lost) };
  signInAs(['finance']);
});

describe('DisputesPage', () => {
  it('lists amount, reason, status, evidence due date with days left (overdue in red), booking, customer and owner', async () => {
    renderPage();
    const row = await rowOf('UB-open');
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Amount',
      'Reason',
      'Status',
      'Evidence due',
      'Booking',
      'Customer',
      'Owner',
      'Actions',
    ]);
    const cells = within(row).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent('A$150.00');
    expect(cells[1]).toHaveTextContent('product not received');
    expect(within(cells[2]).getByText('needs response')).toHaveClass('bg-yellow-100');
    expect(cells[3]).toHaveTextContent(/^\d{2}\/\d{2}\/\d{4}3 days left$/);
    expect(within(cells[4]).getByRole('link', { name: 'UB-open' })).toHaveAttribute('href', '/booking-list?open=b-open');
    // Finance cannot open a user's page: the customer's name without a link.
    expect(within(cells[5]).queryByRole('link')).toBeNull();
    expect(cells[5]).toHaveTextContent('Cara Customer');
    expect(within(cells[6]).getByRole('link', { name: 'Olive Owner' })).toHaveAttribute('href', '/owner-ledger/o-open');
    expect(within(cells[7]).getByRole('button', { name: 'Build evidence for dp_open' })).toBeVisible();

    const late = await rowOf('JB-late');
    expect(within(late).getByText('Overdue by 2 days')).toHaveClass('text-red-700');
    expect(within(late).getByRole('link', { name: 'JB-late' })).toHaveAttribute('href', '/job-booking-list?open=b-late');
    const closed = await rowOf('UB-lost');
    expect(within(closed).getByText('lost')).toHaveClass('bg-red-100');
    expect(within(closed).getByText('Recovery to choose')).toBeVisible();
    // A closed dispute's date is history: no days left, no red.
    expect(within(closed).queryByText(/left|Overdue/)).toBeNull();
    expect(within(closed).getByRole('button', { name: 'Recover the loss for dp_lost' })).toBeVisible();
    expect(listQueries()[0]).toEqual({ page: '1', limit: '10' });
  });

  it("links the customer to the user's page for an admin who may open it", async () => {
    signInAs(['owner']);
    renderPage();
    const row = await rowOf('UB-open');
    expect(within(row).getByRole('link', { name: 'Cara Customer' })).toHaveAttribute('href', '/users/c-open');
  });

  it('sends the Status filter and keeps it in the URL; All takes it off', async () => {
    renderPage();
    await rowOf('UB-open');
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Closed');
    await vi.waitFor(() => expect(listQueries().at(-1)).toEqual({ page: '1', limit: '10', status: 'closed' }));
    await waitFor(() => expect(screen.queryByText('UB-open')).toBeNull());
    expect(screen.getByTestId('search')).toHaveTextContent('?status=closed');
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'All');
    await vi.waitFor(() => expect(listQueries().at(-1)).toEqual({ page: '1', limit: '10' }));
  });

  it("reads the work queue's filter from the URL", async () => {
    renderPage('/disputes?status=needs_response');
    await rowOf('UB-open');
    expect(listQueries()[0]).toEqual({ page: '1', limit: '10', status: 'needs_response' });
    expect(screen.getByLabelText('Status')).toHaveValue('needs_response');
    expect(screen.getByText('Disputes needing evidence').closest('[role="status"]')).toHaveTextContent('Filtered: Disputes needing evidence');
    await userEvent.click(screen.getByRole('button', { name: 'Clear filter' }));
    await vi.waitFor(() => expect(listQueries().at(-1)).toEqual({ page: '1', limit: '10' }));
  });

  it('says when there is no dispute, and when none has the status', async () => {
    rows = [];
    renderPage();
    expect(await screen.findByText(DISPUTE_MESSAGES.emptyTitle)).toBeVisible();
    expect(screen.getByText(DISPUTE_MESSAGES.emptyDescription)).toBeVisible();
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Under review');
    expect(await screen.findByText(DISPUTE_MESSAGES.emptyFilteredTitle)).toBeVisible();
  });

  it("builds evidence from the booking's record, saves an edited draft and submits it", async () => {
    renderPage();
    await userEvent.click(within(await rowOf('UB-open')).getByRole('button', { name: 'Build evidence for dp_open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Build evidence' });
    expect(within(dialog).getByLabelText('Product description')).toHaveValue(gathered.product_description);
    expect(within(dialog).getByLabelText('Customer name')).toHaveValue('Cara Customer');
    expect(within(dialog).getByLabelText('Customer communication')).toHaveValue(gathered.customer_communication);
    expect(within(dialog).getByText('3 days left')).toBeVisible();
    expect(within(dialog).getByText(JOURNAL_KIND_LABELS['dispute.funds-withdrawn'])).toBeVisible();

    const billing = within(dialog).getByLabelText('Billing address');
    await userEvent.clear(billing);
    await userEvent.type(billing, '10 Pitt St, Sydney NSW 2000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText(DISPUTE_MESSAGES.draftSaved)).toBeVisible();
    const saved = callsOf('saveDisputeEvidence');
    expect(saved).toHaveLength(1);
    expect(JSON.parse(String(saved[0].body))).toEqual({ evidence: { ...gathered, billing_address: '10 Pitt St, Sydney NSW 2000' } });

    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit evidence' }));
    expect(await screen.findByText(DISPUTE_MESSAGES.submitted)).toBeVisible();
    const submitted = callsOf('submitDisputeEvidence');
    expect(submitted.map(({ url }) => url.pathname)).toEqual(['/api/admin/disputes/open/evidence/submit']);
    expect(JSON.parse(String(submitted[0].body))).toEqual({ evidence: { ...gathered, billing_address: '10 Pitt St, Sydney NSW 2000' } });
    // Submitted: the evidence reads only.
    await waitFor(() => expect(within(dialog).queryByRole('button', { name: 'Submit evidence' })).toBeNull());
    expect(within(dialog).getByText('10 Pitt St, Sydney NSW 2000')).toBeVisible();
  });

  it("shows the contract's words for an overlong field and sends nothing", async () => {
    renderPage();
    await userEvent.click(within(await rowOf('UB-open')).getByRole('button', { name: 'Build evidence for dp_open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Build evidence' });
    const serviceDate = within(dialog).getByLabelText('Service date');
    await userEvent.clear(serviceDate);
    await userEvent.click(serviceDate);
    await userEvent.paste('x'.repeat(101));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit evidence' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Service date must be at most 100 characters');
    expect(serviceDate).toHaveAttribute('aria-invalid', 'true');
    expect(callsOf('submitDisputeEvidence')).toEqual([]);
  });

  it('records who bears a lost dispute, and its ledger shows the new journal', async () => {
    renderPage();
    await userEvent.click(within(await rowOf('UB-lost')).getByRole('button', { name: 'Recover the loss for dp_lost' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dispute lost' });
    expect(within(dialog).getByText(/^Submitted \d{2}\/03\/2026, .+ by finance@example\.com\.$/)).toBeVisible();
    const form = within(dialog).getByRole('form', { name: 'Recover the loss' });
    expect(within(form).getByRole('button', { name: 'Record the loss' })).toBeDisabled();
    await userEvent.click(within(form).getByLabelText('Absorb it as a platform expense'));
    await userEvent.click(within(form).getByRole('button', { name: 'Record the loss' }));
    expect(await screen.findByText(DISPUTE_MESSAGES.absorbed)).toBeVisible();
    expect(JSON.parse(String(callsOf('chooseDisputeLossRecovery')[0].body))).toEqual({ recovery: 'absorb' });
    expect(await within(dialog).findByText(JOURNAL_KIND_LABELS['dispute.loss-absorbed'])).toBeVisible();
    expect(within(dialog).getByText('Platform expense')).toBeVisible();
    expect(within(dialog).queryByRole('form', { name: 'Recover the loss' })).toBeNull();
    expect(within(dialog).getByText(/Borne by the platform \(chosen by finance@example.com/)).toBeVisible();
  });

  it('offers to charge the owner only when the dispute has one', async () => {
    rows = [{ ...lost, owner: null }];
    details.lost = detailOf(rows[0]);
    renderPage();
    await userEvent.click(within(await rowOf('UB-lost')).getByRole('button', { name: 'Recover the loss for dp_lost' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dispute lost' });
    expect(within(dialog).getByLabelText("Charge it to the owner's balance")).toBeDisabled();
    expect(within(dialog).getByText(DISPUTE_MESSAGES.noOwner)).toBeVisible();
  });
});
