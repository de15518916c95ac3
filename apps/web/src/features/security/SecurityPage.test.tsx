import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { notificationTexts, type Admin, type TwoFactorStatus } from '@ute/contract';
import { installFakeJsonApi, type FakeHandler } from '../../test/fakeJsonApi';
import { renderWithProviders } from '../../test/renderWithProviders';
import { getSession, readToken, sessionActions } from '../../lib/session';
import { SecurityPage } from './SecurityPage';

const PASSWORD = 'my-password';
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
let isDigestOn: boolean;
let handler: FakeHandler;
const fetchMock = installFakeJsonApi((url, init) => handler(url, init));
const put = (path: string) => fetchMock.mock.calls.filter(([input, init]) => String(input).endsWith(path) && init?.method === 'PUT');
const posted = (path: string) => fetchMock.mock.calls.filter(([input, init]) => String(input).endsWith(path) && init?.method === 'POST');

beforeEach(() => {
  sessionActions.setToken('token-1');
  sessionActions.updateUser(admin);
  status = { enabled: false, recoveryCodesLeft: 0, required: false };
  isDigestOn = false;
  handler = (url, init) => {
    if (url.pathname.endsWith('/notifications/digest')) return { body: { enabled: isDigestOn } };
    if (url.pathname.endsWith('/notifications/digest/update')) {
      isDigestOn = (JSON.parse(String(init.body)) as { enabled: boolean }).enabled;
      return { body: { enabled: isDigestOn, message: isDigestOn ? notificationTexts.digestOn : notificationTexts.digestOff } };
    }
    if (url.pathname.endsWith('/two-factor')) return { body: status };
    if (url.pathname.endsWith('/two-factor/setup')) {
      return { body: { secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/x', qrCodeDataUrl: 'data:image/svg+xml;base64,PHN2Zy8+', message: 'Scan' } };
    }
    if (url.pathname.endsWith('/two-factor/enable')) {
      const { password } = JSON.parse(String(init.body)) as { password: string };
      if (password !== PASSWORD) {
        return { status: 400, body: { message: 'Current password is incorrect', errors: [{ path: 'password', message: 'Current password is incorrect' }] } };
      }
      status = { enabled: true, recoveryCodesLeft: 10, required: false };
      return { body: { recoveryCodes: RECOVERY_CODES, token: 'token-2', message: 'Two-factor authentication is on' } };
    }
    if (url.pathname.endsWith('/two-factor/disable')) return { status: 400, body: { message: 'Invalid authentication code' } };
    return { body: { message: 'ok' } };
  };
});

describe('SecurityPage', () => {
  it('sets up 2FA: QR code and key, a first code and the password, then the 10 recovery codes once until they are saved', async () => {
    renderWithProviders(<SecurityPage />, '/security');
    expect(await screen.findByText('Off')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Set up two-factor authentication' }));
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute('src', 'data:image/svg+xml;base64,PHN2Zy8+');
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    expect(screen.getByText('Your other sessions will be signed out.')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Authentication code is required',
      'Enter your password to turn on two-factor authentication',
    ]);
    expect(posted('/two-factor/enable')).toHaveLength(0);
    await userEvent.type(screen.getByLabelText('Authentication code'), '123456');
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    await userEvent.type(password, PASSWORD);
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(JSON.parse(String(posted('/two-factor/enable')[0][1]!.body))).toEqual({ code: '123456', password: PASSWORD });

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

  it("puts the server's answer to a wrong password under the field, and keeps the session until 2FA is on", async () => {
    renderWithProviders(<SecurityPage />, '/security');
    await userEvent.click(await screen.findByRole('button', { name: 'Set up two-factor authentication' }));
    await userEvent.type(await screen.findByLabelText('Authentication code'), '123456');
    await userEvent.type(screen.getByLabelText('Password'), 'not-my-password');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Current password is incorrect');
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(readToken()).toBe('token-1');
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).toBeNull();

    // Typing again clears the server's message; the right password turns 2FA on.
    await userEvent.clear(screen.getByLabelText('Password'));
    expect(screen.queryByText('Current password is incorrect')).toBeNull();
    await userEvent.type(screen.getByLabelText('Password'), PASSWORD);
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByRole('list', { name: 'Recovery codes' })).toBeVisible();
    expect(readToken()).toBe('token-2');
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

  it('turns the daily notification digest on and off, saving each change with a toast', async () => {
    renderWithProviders(
      <>
        <SecurityPage />
        <Toaster />
      </>,
      '/security',
    );
    const section = await screen.findByRole('region', { name: 'Notification digest' });
    const toggle = within(section).getByRole('switch', { name: 'E-mail me a daily digest of unread notifications' });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();

    await userEvent.click(toggle);
    expect(await screen.findByText(notificationTexts.digestOn)).toBeVisible();
    expect(JSON.parse(String(put('/notifications/digest/update')[0][1]!.body))).toEqual({ enabled: true });
    await waitFor(() => expect(toggle).toBeChecked());

    await userEvent.click(toggle);
    expect(await screen.findByText(notificationTexts.digestOff)).toBeVisible();
    expect(JSON.parse(String(put('/notifications/digest/update')[1][1]!.body))).toEqual({ enabled: false });
    await waitFor(() => expect(toggle).not.toBeChecked());
  });

  it('says why the digest switch is off when its setting cannot be read', async () => {
    const answer = handler;
    handler = (url, init) => (url.pathname.endsWith('/notifications/digest') ? { status: 500, body: { message: 'Database unavailable' } } : answer(url, init));
    renderWithProviders(<SecurityPage />, '/security');
    const section = await screen.findByRole('region', { name: 'Notification digest' });
    expect(await within(section).findByRole('alert')).toHaveTextContent('Database unavailable');
    expect(within(section).getByRole('switch')).toBeDisabled();
  });
});
