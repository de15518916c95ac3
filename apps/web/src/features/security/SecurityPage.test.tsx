import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Admin, TwoFactorStatus } from '@ute/contract';
import { installFakeJsonApi, type FakeHandler } from '../../test/fakeJsonApi';
import { renderWithProviders } from '../../test/renderWithProviders';
import { getSession, readToken, sessionActions } from '../../lib/session';
import { SecurityPage } from './SecurityPage';

const RECOVERY_CODES = Array.from({ length: 10 }, (_, i) => `abcd-efgh-ij${String(i).padStart(2, '2')}`);
const admin: Admin = {
  _id: 'a1',
  email: 'finance@example.com',
  name: 'Fin',
  roles: ['finance'],
  userRole: 'finance',
  twoFactorEnabled: false,
  mustEnrolTwoFactor: false,
};

let status: TwoFactorStatus;
let handler: FakeHandler;
const fetchMock = installFakeJsonApi((url, init) => handler(url, init));
const posted = (path: string) => fetchMock.mock.calls.filter(([input, init]) => String(input).endsWith(path) && init?.method === 'POST');

beforeEach(() => {
  sessionActions.setToken('token-1');
  sessionActions.updateUser(admin);
  status = { enabled: false, recoveryCodesLeft: 0, required: false };
  handler = (url) => {
    if (url.pathname.endsWith('/two-factor')) return { body: status };
    if (url.pathname.endsWith('/two-factor/setup')) {
      return { body: { secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/x', qrCodeDataUrl: 'data:image/svg+xml;base64,PHN2Zy8+', message: 'Scan' } };
    }
    if (url.pathname.endsWith('/two-factor/enable')) {
      status = { enabled: true, recoveryCodesLeft: 10, required: false };
      return { body: { recoveryCodes: RECOVERY_CODES, token: 'token-2', message: 'Two-factor authentication is on' } };
    }
    if (url.pathname.endsWith('/two-factor/disable')) return { status: 400, body: { message: 'Invalid authentication code' } };
    return { body: { message: 'ok' } };
  };
});

describe('SecurityPage', () => {
  it('sets up 2FA: QR code and key, a first code, then the 10 recovery codes once until they are saved', async () => {
    renderWithProviders(<SecurityPage />, '/security');
    expect(await screen.findByText('Off')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Set up two-factor authentication' }));
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute('src', 'data:image/svg+xml;base64,PHN2Zy8+');
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');

    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Authentication code is required');
    await userEvent.type(screen.getByLabelText('Authentication code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));

    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(RECOVERY_CODES);
    expect(readToken()).toBe('token-2');
    const done = screen.getByRole('button', { name: 'Done' });
    expect(done).toBeDisabled();
    await userEvent.click(screen.getByLabelText('I have saved these codes'));
    await userEvent.click(done);
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull();
    expect(await screen.findByText('On')).toBeVisible();
    expect(screen.getByText('10 of 10 recovery codes left')).toBeVisible();
    expect(getSession().user).toMatchObject({ twoFactorEnabled: true, mustEnrolTwoFactor: false });
  });

  it('turns 2FA off only with a code, and keeps the dialog open on a wrong one', async () => {
    status = { enabled: true, recoveryCodesLeft: 7, required: false };
    renderWithProviders(<SecurityPage />, '/security');
    await userEvent.click(await screen.findByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-factor authentication' });
    await userEvent.type(within(dialog).getByLabelText('Authentication code'), '000000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(posted('/two-factor/disable')).toHaveLength(1);
    expect(screen.getByRole('dialog')).toBeVisible();
  });

  it('cannot turn 2FA off when the owners require it', async () => {
    status = { enabled: true, recoveryCodesLeft: 10, required: true };
    renderWithProviders(<SecurityPage />, '/security');
    expect(await screen.findByRole('button', { name: 'Turn off' })).toBeDisabled();
  });

  it('shows only the set-up and signing out when the owners require 2FA of this admin', async () => {
    sessionActions.updateUser({ mustEnrolTwoFactor: true });
    renderWithProviders(<SecurityPage />, '/security');
    expect(screen.getByText(/The owners require two-factor authentication/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Set up two-factor authentication' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Sign out everywhere' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Sessions' })).toBeNull();
  });

  it('signs out everywhere: the server ends every session, this one is forgotten', async () => {
    renderWithProviders(<SecurityPage />, '/security');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    expect(posted('/sign-out')).toHaveLength(1);
    expect(readToken()).toBe('');
  });
});
