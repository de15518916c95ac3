import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { accessTexts, type AdminListItem, type AdminListResponse } from '@ute/contract';
import { installFakeJsonApi, type FakeHandler } from '../../test/fakeJsonApi';
import { renderWithProviders } from '../../test/renderWithProviders';
import { sessionActions } from '../../lib/session';
import { AdminsPage } from './AdminsPage';

const adminOf = (id: string, email: string, twoFactorEnabled: boolean): AdminListItem => ({
  _id: id,
  name: email.split('@')[0],
  email,
  roles: ['owner'],
  twoFactorEnabled,
  lastSignInAt: null,
  status: 'Active',
  isActive: true,
  inviteExpiresAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  version: '1',
});
const me = adminOf('a-me', 'me@example.com', true);
const other = adminOf('a-other', 'other@example.com', true);

let handler: FakeHandler;
installFakeJsonApi((url, init) => handler(url, init));

beforeEach(() => {
  sessionActions.setToken('token-1');
  sessionActions.updateUser({
    _id: me._id,
    email: me.email,
    name: me.name,
    roles: ['owner'],
    userRole: 'owner',
    twoFactorEnabled: true,
    mustEnrolTwoFactor: false,
  });
  handler = (url) => {
    if (url.pathname.endsWith('/admins')) return { body: { data: [me, other], total: 2, totalCount: 2 } satisfies AdminListResponse };
    if (url.pathname.endsWith('/admin-settings')) return { body: { requireTwoFactor: false, version: '7' } };
    return { body: { message: 'ok' } };
  };
});

const rowOf = async (email: string) => (await screen.findByText(email)).closest('tr')!;

describe('AdminsPage', () => {
  it("offers Reset 2FA on another admin's row, never on one's own (that goes through the Security page)", async () => {
    renderWithProviders(<AdminsPage />, '/admins');
    expect(within(await rowOf(other.email)).getByRole('button', { name: 'Reset 2FA' })).toBeVisible();
    const ownRow = await rowOf(me.email);
    expect(within(ownRow).queryByRole('button', { name: 'Reset 2FA' })).toBeNull();
    expect(within(ownRow).getByRole('button', { name: 'Sign out everywhere' })).toBeVisible();
  });

  it('says where to turn 2FA on when a change of the team needs it', async () => {
    handler = (url, init) => {
      if (url.pathname.endsWith('/sign-out') && init.method === 'POST') {
        return { status: 403, body: { message: accessTexts.twoFactorRequired, reason: 'TWO_FACTOR_REQUIRED' } };
      }
      if (url.pathname.endsWith('/admins')) return { body: { data: [me, other], total: 2, totalCount: 2 } satisfies AdminListResponse };
      return { body: { requireTwoFactor: false, version: '7' } };
    };
    renderWithProviders(
      <>
        <AdminsPage />
        <Toaster />
      </>,
      '/admins',
    );
    await userEvent.click(within(await rowOf(other.email)).getByRole('button', { name: 'Sign out everywhere' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Sign out everywhere' })).getByRole('button', { name: 'Sign out' }));

    expect(await screen.findByText(accessTexts.twoFactorRequired)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Open the Security page' })).toHaveAttribute('href', '/security');
  });
});
