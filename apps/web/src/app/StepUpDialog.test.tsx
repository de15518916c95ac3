import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { accessTexts, PAYOUT_MESSAGES } from '@ute/contract';
import { installFakeJsonApi, type FakeHandler } from '../test/fakeJsonApi';
import { ApiError, api } from '../lib/apiClient';
import { readToken, sessionActions } from '../lib/session';
import { StepUpDialog } from './StepUpDialog';

let handler: FakeHandler;
const fetchMock = installFakeJsonApi((url, init) => handler(url, init));
const STEP_UP_REQUIRED = { status: 403, body: { message: accessTexts.stepUpRequired, reason: 'STEP_UP_REQUIRED' } };
const BANK_ACCOUNT = { accountNumber: '123456789', bsbCode: '062-000', accountHolderName: 'Liam Walker', bankName: 'Commonwealth Bank' };
const bearerOf = (init: RequestInit) => (init.headers as Record<string, string>).Authorization;

beforeEach(() => {
  sessionActions.setToken('old-token');
  // The bank details need a fresh factor until the step-up's token is used.
  handler = (url, init) => {
    if (url.pathname.endsWith('/two-factor/step-up')) {
      const { code } = JSON.parse(String(init.body)) as { code: string };
      return code.replace(/\s/g, '') === '123456'
        ? { body: { token: 'fresh-token', message: 'Confirmed' } }
        : { status: 400, body: { message: 'Invalid authentication code' } };
    }
    if (bearerOf(init) !== 'Bearer fresh-token') return STEP_UP_REQUIRED;
    return url.pathname.includes('/update-manual-status/') ? { body: { message: PAYOUT_MESSAGES.paymentAccepted } } : { body: { data: BANK_ACCOUNT } };
  };
});

describe('StepUpDialog', () => {
  it('asks for a code in place when a call needs a fresh factor, stores the new token and sends the call again', async () => {
    render(<StepUpDialog />);
    const call = api.call('bankAccount', { params: { ownerId: 'owner-1' } });
    const input = await screen.findByLabelText('Authentication code');
    expect(screen.getByText(accessTexts.stepUpRequired)).toBeVisible();

    await userEvent.type(input, '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Invalid authentication code')).toBeVisible();

    await userEvent.clear(input);
    await userEvent.type(input, '123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await expect(call).resolves.toEqual({ data: BANK_ACCOUNT });
    expect(readToken()).toBe('fresh-token');
    await waitFor(() => expect(screen.queryByLabelText('Authentication code')).toBeNull());
    const [, retried] = fetchMock.mock.calls.at(-1)!;
    expect(bearerOf(retried!)).toBe('Bearer fresh-token');
  });

  it('asks once for calls that need it together', async () => {
    render(<StepUpDialog />);
    const calls = [api.call('bankAccount', { params: { ownerId: 'owner-1' } }), api.call('acceptManualPayment', { params: { id: 'payment-1' } })];
    await userEvent.type(await screen.findByLabelText('Authentication code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await expect(Promise.all(calls)).resolves.toHaveLength(2);
    expect(fetchMock.mock.calls.filter(([input]) => String(input).endsWith('/two-factor/step-up'))).toHaveLength(1);
  });

  it('fails the call with its 403 when cancelled', async () => {
    render(<StepUpDialog />);
    const failed = api.call('bankAccount', { params: { ownerId: 'owner-1' } }).catch((failure: unknown) => failure);
    await screen.findByLabelText('Authentication code');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const error = await failed;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, reason: 'STEP_UP_REQUIRED', message: accessTexts.stepUpRequired });
    expect(readToken()).toBe('old-token');
  });

  it('says what is wrong with the code before asking the server', async () => {
    render(<StepUpDialog />);
    void api.call('bankAccount', { params: { ownerId: 'owner-1' } }).catch(() => undefined);
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Authentication code is required');
    await userEvent.type(screen.getByLabelText('Authentication code'), '12ab');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the 6-digit code from your authenticator app or a recovery code');
    expect(fetchMock.mock.calls.filter(([input]) => String(input).endsWith('/two-factor/step-up'))).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  });
});
