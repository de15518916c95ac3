import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { installFakeJsonApi, type FakeHandler } from '../../test/fakeJsonApi';
import { getSession, sessionActions } from '../../lib/session';
import { SignInPage } from './SignInPage';

const user = { _id: 'a1', email: 'admin@example.com', name: 'Admin', roles: ['owner'], userRole: 'owner', twoFactorEnabled: true, mustEnrolTwoFactor: false };

let handler: FakeHandler;
const fetchMock = installFakeJsonApi((url, init) => handler(url, init));

beforeEach(() => {
  sessionActions.clear();
  handler = (url, init) => {
    if (url.pathname.endsWith('/sign-in'))
      return { body: { twoFactorRequired: true, challenge: 'challenge-1', message: 'Enter the code from your authenticator app' } };
    const { code } = JSON.parse(String(init.body)) as { code: string };
    return code === '123456'
      ? { body: { token: 'token-1', message: 'Signed in successfully', user } }
      : { status: 401, body: { message: 'Invalid authentication code' } };
  };
});

const renderSignIn = () =>
  render(
    <MemoryRouter initialEntries={['/sign-in']}>
      <Routes>
        <Route path="/sign-in" element={<SignInPage />} />
        <Route path="/" element={<p>Dashboard</p>} />
      </Routes>
    </MemoryRouter>,
  );

async function passPassword() {
  renderSignIn();
  await userEvent.type(screen.getByLabelText('Email'), 'admin@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'secret-password');
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
  return screen.findByLabelText('Authentication code');
}

describe('SignInPage with 2FA', () => {
  it('asks for the authentication code after the password and signs in with it and the challenge', async () => {
    const input = await passPassword();
    expect(getSession().token).toBe('');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Authentication code is required');
    await userEvent.type(input, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Dashboard')).toBeVisible();
    expect(getSession()).toMatchObject({ token: 'token-1', isAuthorized: true });
    const [, init] = fetchMock.mock.calls.at(-1)!;
    expect(JSON.parse(String(init!.body))).toEqual({ challenge: 'challenge-1', code: '123456' });
  });

  it('takes a recovery code too, and stays on the step after a wrong code', async () => {
    const input = await passPassword();
    await userEvent.type(input, 'abcd-efgh-ijkm');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(screen.getByLabelText('Authentication code')).toBeVisible();
    expect(getSession().token).toBe('');
  });

  it('goes back to the password', async () => {
    await passPassword();
    await userEvent.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });
});
