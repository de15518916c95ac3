import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { accessTexts, type PayoutSplit } from '@ute/contract';
import { installFakeJsonApi, matchRoute, type FakeHandler } from '../../test/fakeJsonApi';
import { renderWithProviders } from '../../test/renderWithProviders';
import { ManualPaymentDialog } from './ManualPaymentDialog';

const BANK = { accountNumber: '12345678', bsbCode: '062-000', accountHolderName: 'Ava Nguyen', bankName: 'Commonwealth Bank' };

let handler: FakeHandler;
const fetchMock = installFakeJsonApi((url, init) => handler(url, init));

function renderDialog(onClose = vi.fn()) {
  renderWithProviders(<ManualPaymentDialog kind="ute" target={{ bookingId: 'b1', ownerId: 'o1', amount: 420.5 }} onClose={onClose} />);
  return onClose;
}

/** The bank details, and `split` as the booking's payout split. */
const withSplit =
  (split: PayoutSplit): FakeHandler =>
  (url, init) => {
    const route = matchRoute(init.method ?? 'GET', url)?.name;
    if (route === 'bankAccount') return { body: { data: BANK } };
    if (route === 'payoutSplit') return { body: { data: split } };
    return { status: 404, body: { message: 'unexpected' } };
  };

/** The value beside a label of the dialog's list. */
const valueOf = (dialog: HTMLElement, label: string) => within(dialog).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('ManualPaymentDialog', () => {
  it("shows the owner's bank details and the amount, records the payment with Transfer, then closes", async () => {
    let releaseTransfer: () => void = () => {};
    handler = async (url, init) => {
      if (url.pathname.endsWith('/get-account-detail/o1')) return { body: { data: BANK } };
      if (url.pathname.endsWith('/transfer-manual-payment/b1') && init.method === 'PUT') {
        await new Promise<void>((resolve) => (releaseTransfer = resolve));
        return { body: { message: 'Manual payment recorded successfully' } };
      }
      return { status: 404, body: { message: 'unexpected' } };
    };
    const onClose = renderDialog();

    const dialog = await screen.findByRole('dialog', { name: 'Manual Payment' });
    expect(await screen.findByText('12345678')).toBeInTheDocument();
    for (const label of ['Bank Account Number', 'BSB Number', 'Account Holder Name', 'Bank Name', 'Amount to Transfer']) {
      expect(dialog).toHaveTextContent(label);
    }
    expect(screen.getByText('062-000')).toBeInTheDocument();
    expect(screen.getByText('Ava Nguyen')).toBeInTheDocument();
    expect(screen.getByText('Commonwealth Bank')).toBeInTheDocument();
    expect(screen.getByText('A$420.50')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/transfer-manual-payment/b1'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ kind: 'ute' });
    releaseTransfer();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it("shows the server's message and keeps Transfer disabled when the owner has no bank details", async () => {
    handler = () => ({ status: 404, body: { message: 'Bank account not found' } });
    renderDialog();
    expect(await screen.findByText('Bank account not found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Transfer' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });

  it('tells an admin without 2FA to turn it on, with the way to the Security page', async () => {
    handler = () => ({ status: 403, body: { message: accessTexts.twoFactorRequired, reason: 'TWO_FACTOR_REQUIRED' } });
    renderDialog();
    expect(await screen.findByRole('alert')).toHaveTextContent(accessTexts.twoFactorRequired);
    expect(screen.getByRole('link', { name: 'Open the Security page' })).toHaveAttribute('href', '/security');
    expect(screen.getByRole('button', { name: 'Transfer' })).toBeDisabled();
  });

  it("splits the booking's amount: the platform's fee and its GST, and the owner's net to transfer", async () => {
    handler = withSplit({ grossCents: 42050, feeCents: 4255, gstCents: 387, netCents: 37795 });
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Manual Payment' });
    await within(dialog).findByText('Booking amount');
    expect(valueOf(dialog, 'Booking amount')).toBe('A$420.50');
    expect(valueOf(dialog, 'Platform fee (incl. GST)')).toBe('A$42.55');
    expect(valueOf(dialog, 'GST in fee')).toBe('A$3.87');
    expect(valueOf(dialog, 'Amount to Transfer')).toBe('A$377.95');
    const labels = within(dialog)
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(labels).toEqual([
      'Bank Account Number',
      'BSB Number',
      'Account Holder Name',
      'Bank Name',
      'Booking amount',
      'Platform fee (incl. GST)',
      'GST in fee',
      'Amount to Transfer',
    ]);
  });

  it('says the booking amount once when no fee was taken, and falls back to it when the booking has no split', async () => {
    handler = withSplit({ grossCents: 42050, feeCents: 0, gstCents: 0, netCents: 42050 });
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Manual Payment' });
    await within(dialog).findByText('Platform fee (incl. GST)');
    expect(valueOf(dialog, 'Platform fee (incl. GST)')).toBe('A$0.00');
    expect(within(dialog).queryByText('Booking amount')).toBeNull();
    expect(within(dialog).getAllByText('A$420.50')).toHaveLength(1);
  });
});
