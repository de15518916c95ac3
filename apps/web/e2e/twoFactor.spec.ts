import type { Page } from '@playwright/test';
import type { BankAccount, TwoFactorEnableResponse, TwoFactorSetup, UteBooking, UteBookingListResponse } from '@ute/contract';
import { createAdminWithRoles, signInFastAs, type AdminCredentials } from './support/admins';
import { Authenticator } from './support/authenticator';
import { apiToken, expect, signInWithForm, test } from './support/fixtures';
import { storeSessionToken, withOldSecondFactor } from './support/sessions';

// Every admin here is new (invited through the api, without 2FA), so each spec's 2FA is its own.

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * Turns 2FA on for `admin` through the api: a password sign-in, a new secret, then a code and the
 * password again. Answers the admin's authenticator, recovery codes and the one session left (the
 * enabling answer's, with a fresh second factor).
 */
async function enrolThroughApi(page: Page, admin: AdminCredentials) {
  const signIn = await page.request.post('/api/admin/sign-in', { data: { email: admin.email, password: admin.password } });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const headers = bearer(((await signIn.json()) as { token: string }).token);
  const setup = await page.request.post('/api/admin/two-factor/setup', { headers });
  expect(setup.status(), await setup.text()).toBe(200);
  const authenticator = new Authenticator(((await setup.json()) as TwoFactorSetup).secret);
  const enable = await page.request.post('/api/admin/two-factor/enable', { headers, data: { code: await authenticator.nextCode(), password: admin.password } });
  expect(enable.status(), await enable.text()).toBe(200);
  return { authenticator, ...((await enable.json()) as TwoFactorEnableResponse) };
}

async function signInWithCode(page: Page, credentials: AdminCredentials, code: string) {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(credentials.email);
  await page.getByLabel('Password', { exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByLabel('Authentication code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

test.describe('Two-factor authentication', () => {
  test('an admin sets up 2FA on the Security page with the QR code, keeps the recovery codes, then signs in with password and code', async ({ page }) => {
    const admin = await createAdminWithRoles(page, ['support']);
    await signInWithForm(page, admin);
    await page.goto('/security');
    await expect(page.getByRole('heading', { level: 1, name: 'Security' })).toBeVisible();
    await expect(page.getByText('Off', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    const qr = page.getByRole('img', { name: 'QR code for your authenticator app' });
    await expect(qr).toBeVisible();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
    const authenticator = new Authenticator((await page.getByTestId('totp-secret').innerText()).trim());
    await expect(page.getByText('Your other sessions will be signed out.')).toBeVisible();
    // The password is asked again: a wrong one is said under its field and nothing is turned on.
    await page.getByLabel('Authentication code').fill(await authenticator.nextCode());
    await page.getByLabel('Password', { exact: true }).fill(`${admin.password}-wrong`);
    await page.getByRole('button', { name: 'Turn on' }).click();
    await expect(page.getByText('Current password is incorrect')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'Turn on' }).click();

    const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    await expect(codes.first()).toHaveText(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    const recoveryCode = await codes.nth(3).innerText();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download' }).click();
    expect((await download).suggestedFilename()).toBe('ute-back-office-recovery-codes.txt');
    await expect(page.getByRole('button', { name: 'Done' })).toBeDisabled();
    await page.getByLabel('I have saved these codes').check();
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByText('On', { exact: true })).toBeVisible();
    await expect(page.getByText('10 of 10 recovery codes left')).toBeVisible();

    // Sign out everywhere ends this session; the next sign-in asks for a code after the password.
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    await signInWithCode(page, admin, '000000');
    await expect(page.getByText('Invalid authentication code')).toBeVisible();
    await page.getByLabel('Authentication code').fill(await authenticator.nextCode());
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard Overview' })).toBeVisible();

    // A recovery code signs in too, once.
    await page.evaluate(() => window.localStorage.clear());
    await signInWithCode(page, admin, recoveryCode);
    await expect(page.getByRole('heading', { name: 'Dashboard Overview' })).toBeVisible();
    await page.goto('/security');
    await expect(page.getByText('9 of 10 recovery codes left')).toBeVisible();
  });

  test('viewing bank details on the Ute Booking List asks for a code in place, then shows them', async ({ page }) => {
    const admin = await createAdminWithRoles(page, ['finance']);
    // A session signed in with 2FA more than five minutes ago: its second factor is no longer fresh.
    const { authenticator, token } = await enrolThroughApi(page, admin);
    await storeSessionToken(page, withOldSecondFactor(token));

    const ownerToken = await apiToken(page);
    const list = (await (
      await page.request.get('/api/admin/ute-booking-list?payment=manual&limit=100', { headers: bearer(ownerToken) })
    ).json()) as UteBookingListResponse;
    const index = list.data.findIndex((booking: UteBooking) => booking.status === 'delivered' && !booking.isTransfered);
    expect(index, 'a delivered manual ute booking not yet transferred in the demo data').toBeGreaterThanOrEqual(0);
    const booking = list.data[index];
    const bank = (
      (await (await page.request.get(`/api/admin/get-account-detail/${booking.uteBy}`, { headers: bearer(ownerToken) })).json()) as { data: BankAccount }
    ).data;

    const pageNumber = Math.floor(index / 10) + 1;
    await page.goto(`/booking-list?tab=manual${pageNumber > 1 ? `&page=${pageNumber}` : ''}`);
    const row = page.locator(`tr[data-row-id="${booking._id}"]`);

    // Cancel: the call fails as usual and nothing is shown.
    await row.getByRole('button', { name: 'Transfer' }).click();
    let stepUp = page.getByRole('dialog', { name: 'Confirm it is you' });
    await expect(stepUp.getByText('Enter a code from your authenticator app to confirm this action')).toBeVisible();
    await stepUp.getByRole('button', { name: 'Cancel' }).click();
    await expect(stepUp).toHaveCount(0);
    await expect(page.getByRole('dialog', { name: 'Manual Payment' }).getByText(bank.accountNumber, { exact: true })).toHaveCount(0);
    await page.keyboard.press('Escape');

    // A wrong code is said in the dialog; the right one carries on to the bank details.
    await row.getByRole('button', { name: 'Transfer' }).click();
    stepUp = page.getByRole('dialog', { name: 'Confirm it is you' });
    await stepUp.getByLabel('Authentication code').fill('000000');
    await stepUp.getByRole('button', { name: 'Confirm' }).click();
    await expect(stepUp.getByText('Invalid authentication code')).toBeVisible();
    await stepUp.getByLabel('Authentication code').fill(await authenticator.nextCode());
    await stepUp.getByRole('button', { name: 'Confirm' }).click();
    await expect(stepUp).toHaveCount(0);
    const dialog = page.getByRole('dialog', { name: 'Manual Payment' });
    await expect(dialog.getByText(bank.accountNumber, { exact: true })).toBeVisible();
    await expect(dialog.getByText(bank.bsbCode, { exact: true })).toBeVisible();
    // Nothing is paid here: other specs pay these bookings.
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // The factor is fresh for 5 minutes: the details open again without a code.
    await row.getByRole('button', { name: 'Transfer' }).click();
    await expect(page.getByRole('dialog', { name: 'Manual Payment' }).getByText(bank.accountNumber, { exact: true })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Confirm it is you' })).toHaveCount(0);
  });

  test('a Stripe payout asks for a code in place, then carries on and pays once', async ({ page }) => {
    const admin = await createAdminWithRoles(page, ['finance']);
    const { authenticator, token } = await enrolThroughApi(page, admin);
    await storeSessionToken(page, withOldSecondFactor(token));

    const ownerToken = await apiToken(page);
    const list = (await (await page.request.get('/api/admin/ute-booking-list?limit=100', { headers: bearer(ownerToken) })).json()) as UteBookingListResponse;
    // The last payable one: the bookings spec pays from the top of the list.
    const index = list.data.findLastIndex((booking: UteBooking) => booking.status === 'delivered' && !booking.isTransfered && !booking.isTransferring);
    expect(index, 'a delivered Stripe ute booking not yet transferred in the demo data').toBeGreaterThanOrEqual(0);
    const booking = list.data[index];
    const pageNumber = Math.floor(index / 10) + 1;
    await page.goto(`/booking-list${pageNumber > 1 ? `?page=${pageNumber}` : ''}`);
    const row = page.locator(`tr[data-row-id="${booking._id}"]`);

    await row.getByRole('button', { name: 'Transfer' }).click();
    const stepUp = page.getByRole('dialog', { name: 'Confirm it is you' });
    await stepUp.getByLabel('Authentication code').fill(await authenticator.nextCode());
    await stepUp.getByRole('button', { name: 'Confirm' }).click();
    await expect(stepUp).toHaveCount(0);
    await expect(page.getByText('Amount transferred successfully')).toBeVisible();
    await expect(row.getByRole('cell').nth(9)).toHaveText('Transfered');
    await expect(row.getByRole('button', { name: 'Transfer' })).toBeDisabled();

    const audit = await page.request.get(`/api/admin/audit-log?targetId=${booking._id}`, { headers: bearer(ownerToken) });
    const actions = ((await audit.json()) as { data: { action: string }[] }).data.map((entry) => entry.action);
    expect(
      actions.filter((action) => action === 'payout.start'),
      actions.join(', '),
    ).toHaveLength(1);
  });

  test('when the owners require 2FA, an admin without it can open only the set-up until enrolled', async ({ page }) => {
    const owner = await createAdminWithRoles(page, ['owner']);
    // Changing the owners' settings is a step-up call: this owner has 2FA and a fresh factor.
    const ownerToken = (await enrolThroughApi(page, owner)).token;
    const setRequired = async (requireTwoFactor: boolean) => {
      const response = await page.request.put('/api/admin/update-admin-settings', { headers: bearer(ownerToken), data: { requireTwoFactor } });
      expect(response.status(), await response.text()).toBe(200);
    };
    const admin = await createAdminWithRoles(page, ['moderator']);
    await setRequired(true);
    try {
      await signInFastAs(page, admin);
      await page.goto('/ute-list');
      await expect(page).toHaveURL(/\/security$/);
      await expect(page.getByText('The owners require two-factor authentication for every admin. Set it up to continue.')).toBeVisible();
      await expect(page.getByRole('region', { name: 'Sessions' })).toHaveCount(0);

      await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
      const authenticator = new Authenticator((await page.getByTestId('totp-secret').innerText()).trim());
      await page.getByLabel('Authentication code').fill(await authenticator.nextCode());
      await page.getByLabel('Password', { exact: true }).fill(admin.password);
      await page.getByRole('button', { name: 'Turn on' }).click();
      await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
      await page.getByLabel('I have saved these codes').check();
      await page.getByRole('button', { name: 'Done' }).click();
      // Enrolled: every screen opens again, and 2FA cannot be turned off while required.
      await expect(page.getByRole('button', { name: 'Turn off' })).toBeDisabled();
      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'Dashboard Overview' })).toBeVisible();
    } finally {
      await setRequired(false);
    }
  });
});
