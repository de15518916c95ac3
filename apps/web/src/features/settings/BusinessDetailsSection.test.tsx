import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { INVOICE_MESSAGES, type AdminRole, type BusinessDetails } from '@ute/contract';
import { installFakeJsonApi, matchRoute } from '../../test/fakeJsonApi';
import { renderWithProviders } from '../../test/renderWithProviders';
import { sessionActions } from '../../lib/session';
import { BusinessDetailsSection } from './BusinessDetailsSection';

let details: BusinessDetails | null;
const fetchMock = installFakeJsonApi((url, init) => {
  const route = matchRoute(init.method ?? 'GET', url)?.name;
  if (route === 'updateBusinessDetails') {
    const body = JSON.parse(String(init.body)) as Pick<BusinessDetails, 'legalName' | 'abn' | 'address'>;
    details = { ...body, updatedAt: '2026-03-05T00:00:00.000Z', updatedBy: 'me@example.com', version: '1772668800000' };
    return { body: { message: INVOICE_MESSAGES.businessDetailsUpdated, data: details } };
  }
  if (route === 'businessDetails') return { body: { data: details } };
  return { status: 404, body: { message: 'unexpected' } };
});

function signInAs(roles: AdminRole[]) {
  sessionActions.setToken('token-1');
  sessionActions.updateUser({ _id: 'a-me', email: 'me@example.com', name: 'me', roles, userRole: roles[0], twoFactorEnabled: true, mustEnrolTwoFactor: false });
}

const renderSection = () =>
  renderWithProviders(
    <>
      <BusinessDetailsSection />
      <Toaster />
    </>,
    '/settings',
  );

beforeEach(() => {
  details = null;
  signInAs(['owner']);
});

describe('BusinessDetailsSection', () => {
  it('says invoices wait for the details, and an owner sets them: a wrong ABN is refused in place, a right one is sent as digits', async () => {
    const user = userEvent.setup();
    renderSection();
    expect(await screen.findByText(/Not set yet: tax invoices cannot be issued/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Edit the business details' }));
    const form = screen.getByRole('form', { name: 'Edit the business details' });
    await user.type(within(form).getByLabelText('Legal name'), 'Ute Hire Marketplace Pty Ltd');
    await user.type(within(form).getByLabelText('ABN'), '51 824 753 557');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText(INVOICE_MESSAGES.abnInvalid)).toBeVisible();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT')).toHaveLength(0);

    await user.clear(within(form).getByLabelText('ABN'));
    await user.type(within(form).getByLabelText('ABN'), '51 824 753 556');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    const details = await screen.findByTestId('business-details');
    expect(within(details).getByText('Ute Hire Marketplace Pty Ltd')).toBeVisible();
    expect(within(details).getByText('51 824 753 556')).toBeVisible();
    const [[, put]] = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.body))).toEqual({ legalName: 'Ute Hire Marketplace Pty Ltd', abn: '51824753556', address: null });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit the business details' })).toBeNull());
  });

  it('shows finance the details without an Edit button', async () => {
    details = {
      legalName: 'Ute Hire Marketplace Pty Ltd',
      abn: '51824753556',
      address: null,
      updatedAt: '2026-03-05T00:00:00.000Z',
      updatedBy: 'owner@example.com',
      version: '1772668800000',
    };
    signInAs(['finance']);
    renderSection();
    expect(await screen.findByText('51 824 753 556')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Edit the business details' })).toBeNull();
  });
});
