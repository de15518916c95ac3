import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { accessTexts, REFUND_MESSAGES, refundExceedsMessage, type Refund, type RefundSummary } from '@ute/contract';
import { setStepUpHandler } from '../../lib/apiClient';
import { sessionActions } from '../../lib/session';
import { installFakeJsonApi, matchRoute, type FakeHandler } from '../../test/fakeJsonApi';
import { renderWithProviders } from '../../test/renderWithProviders';
import { RefundDialog } from './RefundDialog';
import { refundSummaryFixture } from './refundSummary.fixture';

const SUMMARY = refundSummaryFixture();

const REFUND: Refund = {
  id: 'r1',
  paymentId: 'p1',
  bookingKind: 'ute',
  bookingId: 'b1',
  bookingReference: 'UB-0001',
  customerName: 'Cara Customer',
  amountCents: 5_000,
  reason: 'service_not_provided',
  note: null,
  recovery: 'reverse_transfer',
  method: 'stripe',
  status: 'succeeded',
  source: 'admin',
  stripeRefundId: 're_1',
  transferReversalId: 'trr_1',
  reversalStatus: 'succeeded',
  bankReference: null,
  failureMessage: null,
  feeCents: 500,
  gstCents: 46,
  ownerCents: 4_500,
  adminEmail: 'finance@example.com',
  createdAt: '2026-01-02T03:04:05.000Z',
  completedAt: '2026-01-02T03:04:06.000Z',
  version: '42',
};

let handler: FakeHandler;
const fetchMock = installFakeJsonApi((url, init) => handler(url, init));

/** The summary for the payment (or the booking), and the refund for its POST. */
const answering =
  (
    summary: RefundSummary,
    onCreate: (body: Record<string, unknown>, init: RequestInit) => { status?: number; body: unknown } = () => ({
      body: { message: REFUND_MESSAGES.stripeRefunded, data: REFUND },
    }),
  ): FakeHandler =>
  (url, init) => {
    const route = matchRoute(init.method ?? 'GET', url)?.name;
    if (route === 'paymentRefunds' || route === 'bookingRefunds') return { body: { data: summary } };
    if (route === 'createRefund') return onCreate(JSON.parse(String(init.body)) as Record<string, unknown>, init);
    return { status: 404, body: { message: 'unexpected' } };
  };

const createCalls = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

describe('RefundDialog', () => {
  it('prefills what is left to refund, previews the fee, GST and owner parts, and refunds with a request key', async () => {
    let sent: Record<string, unknown> | null = null;
    handler = answering(SUMMARY, (body) => {
      sent = body;
      return { body: { message: REFUND_MESSAGES.stripeRefunded, data: REFUND } };
    });
    const onClose = vi.fn();
    renderWithProviders(<RefundDialog target={{ paymentId: 'p1' }} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Refund' });
    const amount = await within(dialog).findByLabelText('Amount (A$)');
    expect(amount).toHaveValue('200.00');
    expect(dialog).toHaveTextContent('UB-0001 · owner Owen Owner');
    expect(within(dialog).queryByRole('radio')).toBeNull();

    await userEvent.clear(amount);
    await userEvent.type(amount, '50');
    const preview = within(dialog).getByLabelText('What the refund takes');
    expect(preview).toHaveTextContent('A$5.00 (GST A$0.46)');
    expect(preview).toHaveTextContent('A$45.00: taken off their payout of this booking');
    await userEvent.selectOptions(within(dialog).getByLabelText('Reason'), 'service_not_provided');
    await userEvent.type(within(dialog).getByLabelText('Note (optional)'), ' The ute never came ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund A$50.00' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent).toEqual({
      amountCents: 5_000,
      reason: 'service_not_provided',
      note: 'The ute never came',
      requestKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
  });

  it('says what is wrong with the amount before calling the api', async () => {
    handler = answering({ ...SUMMARY, refundedCents: 15_000, remainingCents: 5_000 });
    renderWithProviders(<RefundDialog target={{ paymentId: 'p1' }} onClose={vi.fn()} />);
    const amount = await screen.findByLabelText('Amount (A$)');
    await userEvent.clear(amount);
    await userEvent.type(amount, '60');
    await userEvent.click(screen.getByRole('button', { name: 'Refund A$60.00' }));
    expect(screen.getByRole('alert')).toHaveTextContent(refundExceedsMessage(5_000));
    await userEvent.clear(amount);
    await userEvent.type(amount, 'ten');
    await userEvent.click(screen.getByRole('button', { name: 'Refund' }));
    expect(screen.getByRole('alert')).toHaveTextContent(REFUND_MESSAGES.amountFormInvalid);
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('asks how the owner share is recovered once the owner was paid, offering the reversal only with a Stripe transfer', async () => {
    let sent: Record<string, unknown> | null = null;
    handler = answering(
      { ...SUMMARY, isOwnerPaid: true, booking: { ...SUMMARY.booking!, transferState: 'transferred', payoutMethod: 'stripe', reversibleCents: 18_000 } },
      (body) => {
        sent = body;
        return { body: { message: REFUND_MESSAGES.stripeRefunded, data: REFUND } };
      },
    );
    renderWithProviders(<RefundDialog target={{ bookingKind: 'ute', bookingId: 'b1' }} onClose={vi.fn()} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Refund A$200.00' }));
    expect(screen.getByRole('alert')).toHaveTextContent(REFUND_MESSAGES.recoveryFormRequired);
    await userEvent.click(screen.getByRole('radio', { name: "Reverse the owner's Stripe transfer" }));
    expect(screen.getByLabelText('What the refund takes')).toHaveTextContent('A$180.00: taken back from their Stripe transfer');
    await userEvent.click(screen.getByRole('button', { name: 'Refund A$200.00' }));
    await waitFor(() => expect(sent).toMatchObject({ amountCents: 20_000, recovery: 'reverse_transfer' }));
    expect(fetchMock.mock.calls[0][0]).toContain('/booking-refunds/ute/b1');
  });

  it('records a manual refund with the bank reference it requires', async () => {
    let sent: Record<string, unknown> | null = null;
    handler = answering({ ...SUMMARY, payment: { ...SUMMARY.payment, isStripe: false, status: 'inProgress', transactionId: 'BANK-1' } }, (body) => {
      sent = body;
      return { body: { message: REFUND_MESSAGES.manualRecorded, data: { ...REFUND, method: 'manual', bankReference: 'NAB-9' } } };
    });
    renderWithProviders(<RefundDialog target={{ paymentId: 'p1' }} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Record refund' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Record refund' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(REFUND_MESSAGES.bankReferenceFormRequired);
    await userEvent.type(within(dialog).getByLabelText('Bank transfer reference'), 'NAB-9');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record refund' }));
    await waitFor(() => expect(sent).toMatchObject({ amountCents: 20_000, bankReference: 'NAB-9' }));
  });

  it('sends the same refund again, with the same request key, once the step-up gave a fresh second factor', async () => {
    sessionActions.setToken('old-token');
    // What the shell's StepUpDialog does once the admin typed a code (app/StepUpDialog.test.tsx tests the dialog itself).
    const stepUp = vi.fn(async () => {
      sessionActions.setToken('fresh-token');
      return true;
    });
    setStepUpHandler(stepUp);
    const keys: unknown[] = [];
    handler = (url, init) => {
      const isFresh = (init.headers as Record<string, string>).Authorization === 'Bearer fresh-token';
      return answering(SUMMARY, (body) => {
        keys.push(body.requestKey);
        return isFresh
          ? { body: { message: REFUND_MESSAGES.stripeRefunded, data: REFUND } }
          : { status: 403, body: { message: accessTexts.stepUpRequired, reason: 'STEP_UP_REQUIRED' } };
      })(url, init);
    };
    const onClose = vi.fn();
    renderWithProviders(<RefundDialog target={{ paymentId: 'p1' }} onClose={onClose} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Refund A$200.00' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(stepUp).toHaveBeenCalledTimes(1);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    setStepUpHandler(async () => false);
  });

  it('says when the payment is refunded already, and shows its refunds', async () => {
    handler = answering({ ...SUMMARY, refundedCents: 20_000, remainingCents: 0, refunds: [{ ...REFUND, amountCents: 20_000 }] });
    renderWithProviders(<RefundDialog target={{ paymentId: 'p1' }} onClose={vi.fn()} />);
    expect(await screen.findByText(REFUND_MESSAGES.fullyRefunded)).toBeVisible();
    expect(screen.getByText(/A\$200\.00 · succeeded · Reverse the owner's Stripe transfer/)).toBeVisible();
    expect(screen.queryByLabelText('Amount (A$)')).toBeNull();
  });

  it("shows the server's refusal to open a booking without a payment", async () => {
    handler = () => ({ status: 404, body: { message: REFUND_MESSAGES.noPayment } });
    renderWithProviders(<RefundDialog target={{ bookingKind: 'job', bookingId: 'b9' }} onClose={vi.fn()} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(REFUND_MESSAGES.noPayment);
    expect(createCalls()).toHaveLength(0);
  });
});
