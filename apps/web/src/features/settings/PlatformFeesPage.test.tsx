import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { DEFAULT_WORK_QUEUE_THRESHOLDS, LEDGER_MESSAGES, type AdminRole, type PlatformFee, type PlatformFeesResponse } from '@ute/contract';
import { installFakeJsonApi, matchRoute } from '../../test/fakeJsonApi';
import { renderWithProviders } from '../../test/renderWithProviders';
import { sessionActions } from '../../lib/session';
import { FEE_FORM_MESSAGES, FEE_NOTE } from './feeView';
import { PlatformFeesPage } from './PlatformFeesPage';

const SET_AT = '2026-03-04T05:06:00.000Z';
const uteFee: PlatformFee = { bookingKind: 'ute', percentBps: 1000, fixedCents: 50, setAt: SET_AT, setBy: 'owner@example.com', version: '1772600760000' };
const jobFee: PlatformFee = { bookingKind: 'job', percentBps: 0, fixedCents: 0, setAt: null, setBy: null, version: '0' };

let fees: PlatformFeesResponse;
// Answered by the contract's route name, whatever its path.
const fetchMock = installFakeJsonApi((url, init) => {
  const route = matchRoute(init.method ?? 'GET', url)?.name;
  if (route === 'updatePlatformFee') {
    const body = JSON.parse(String(init.body)) as Pick<PlatformFee, 'bookingKind' | 'percentBps' | 'fixedCents'>;
    const saved: PlatformFee = { ...body, setAt: '2026-03-05T00:00:00.000Z', setBy: 'me@example.com', version: '1772668800000' };
    fees = { data: fees.data.map((fee) => (fee.bookingKind === saved.bookingKind ? saved : fee)), history: [saved, ...fees.history] };
    return { body: { message: LEDGER_MESSAGES.feeUpdated, data: saved } };
  }
  if (route === 'platformFees') return { body: fees };
  if (route === 'businessDetails') return { body: { data: null } };
  if (route === 'workQueueThresholds') return { body: { ...DEFAULT_WORK_QUEUE_THRESHOLDS, version: '5' } };
  return { status: 404, body: { message: 'unexpected' } };
});

function signInAs(roles: AdminRole[]) {
  sessionActions.setToken('token-1');
  sessionActions.updateUser({
    _id: 'a-me',
    email: 'me@example.com',
    name: 'me',
    roles,
    userRole: roles[0],
    twoFactorEnabled: true,
    mustEnrolTwoFactor: false,
  });
}

const renderPage = () =>
  renderWithProviders(
    <>
      <PlatformFeesPage />
      <Toaster />
    </>,
    '/settings',
  );

const cardOf = async (name: string) => (await screen.findByRole('heading', { name })).closest('section')!;
const putCalls = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');

beforeEach(() => {
  fees = { data: [uteFee, jobFee], history: [uteFee] };
  signInAs(['owner']);
});

describe('PlatformFeesPage', () => {
  it('shows the fee in force of each booking kind, who set it when, the note and the history', async () => {
    renderPage();
    const ute = await cardOf('Ute bookings');
    expect(within(ute).getByText('10.00% + A$0.50, GST inclusive')).toBeVisible();
    expect(within(ute).getByText(/^Set by owner@example\.com on \d{2}\/\d{2}\/2026/)).toBeVisible();
    const job = await cardOf('Job bookings');
    expect(within(job).getByText('No fee')).toBeVisible();
    expect(within(job).getByText('Never set')).toBeVisible();
    expect(screen.getByText(FEE_NOTE)).toBeVisible();

    const table = screen.getByRole('table', { name: 'Platform fee changes, newest first' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Kind', 'Fee', 'Set by', 'Set at']);
    const [row] = within(table).getAllByRole('row').slice(1);
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Ute bookings', '10.00% + A$0.50, GST inclusive', 'owner@example.com', expect.stringMatching(/^\d{2}\/\d{2}\/2026/)]);
  });

  it('saves 10.5% + $0.50 as 1050 bps and 50 cents, says so and shows the new fee', async () => {
    renderPage();
    await userEvent.click(within(await cardOf('Job bookings')).getByRole('button', { name: 'Edit the fee of job bookings' }));
    const form = screen.getByRole('form', { name: 'Edit the fee of job bookings' });
    await userEvent.clear(within(form).getByLabelText('Percent'));
    await userEvent.type(within(form).getByLabelText('Percent'), '10.5');
    await userEvent.clear(within(form).getByLabelText('Fixed amount'));
    await userEvent.type(within(form).getByLabelText('Fixed amount'), '0.50');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(putCalls()).toHaveLength(1));
    expect(JSON.parse(String(putCalls()[0][1]?.body))).toEqual({ bookingKind: 'job', percentBps: 1050, fixedCents: 50 });
    expect(await screen.findByText(LEDGER_MESSAGES.feeUpdated)).toBeVisible();
    const job = await cardOf('Job bookings');
    expect(await within(job).findByText('10.50% + A$0.50, GST inclusive')).toBeVisible();
    expect(screen.queryByRole('form')).toBeNull();
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(3);
  });

  it('refuses a percent or an amount that is not a number with up to 2 places within the limits, sending nothing', async () => {
    renderPage();
    await userEvent.click(within(await cardOf('Ute bookings')).getByRole('button', { name: 'Edit the fee of ute bookings' }));
    const form = screen.getByRole('form', { name: 'Edit the fee of ute bookings' });
    expect(within(form).getByLabelText('Percent')).toHaveValue('10.00');
    expect(within(form).getByLabelText('Fixed amount')).toHaveValue('0.50');

    const fill = async (percent: string, fixed: string) => {
      await userEvent.clear(within(form).getByLabelText('Percent'));
      if (percent) await userEvent.type(within(form).getByLabelText('Percent'), percent);
      await userEvent.clear(within(form).getByLabelText('Fixed amount'));
      if (fixed) await userEvent.type(within(form).getByLabelText('Fixed amount'), fixed);
      await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    };
    for (const [percent, fixed] of [
      ['ten', '1.234'],
      ['100.01', '10000.01'],
      ['-1', ''],
      ['1.5%', '$1'],
    ]) {
      await fill(percent, fixed);
      expect(await within(form).findByText(FEE_FORM_MESSAGES.percentInvalid)).toBeVisible();
      expect(within(form).getByText(FEE_FORM_MESSAGES.fixedInvalid)).toBeVisible();
      expect(within(form).getByLabelText('Percent')).toHaveAttribute('aria-invalid', 'true');
    }
    expect(FEE_FORM_MESSAGES.percentInvalid).toBe('Percent must be a number from 0 to 100 with at most 2 decimal places');
    expect(FEE_FORM_MESSAGES.fixedInvalid).toBe('Fixed amount must be a number of dollars from 0 to 10,000 with at most 2 decimal places');

    // The limits themselves are allowed.
    await fill('100', '10000');
    await waitFor(() => expect(putCalls()).toHaveLength(1));
    expect(JSON.parse(String(putCalls()[0][1]?.body))).toEqual({ bookingKind: 'ute', percentBps: 10_000, fixedCents: 1_000_000 });
  });

  it('shows a finance admin the fees and the history without an Edit button', async () => {
    signInAs(['finance']);
    renderPage();
    expect(within(await cardOf('Ute bookings')).getByText('10.00% + A$0.50, GST inclusive')).toBeVisible();
    expect(screen.queryByRole('button', { name: /Edit/ })).toBeNull();
    expect(screen.getByRole('table', { name: 'Platform fee changes, newest first' })).toBeVisible();
  });
});
