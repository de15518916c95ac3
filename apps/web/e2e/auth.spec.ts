import { E2E_ADMIN, enterOwnerCode, expect, signInWithForm, test, waitForMail } from './support/fixtures';

test.describe('Sign-in', () => {
  test('shows the validation messages of the spec', async ({ page }) => {
    await page.goto('/sign-in');
    await expect(page.getByText('Your gateway to any destination in the world')).toBeVisible();
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('123');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Invalid email format')).toBeVisible();
    await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  });

  test('a wrong password shows the server message and stays on sign-in', async ({ page }) => {
    await page.goto('/sign-in');
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Invalid email or password')).toBeVisible();
    await expect(page).toHaveURL(/\/sign-in$/);
  });

  test('a guarded page sends a visitor to sign-in, and signing in lands on the dashboard', async ({ page }) => {
    await page.goto('/faq');
    await expect(page).toHaveURL(/\/sign-in$/);
    await signInWithForm(page);
    await expect(page).toHaveURL(/\/$/);
  });

  test('remember me prefills the email next time', async ({ page }) => {
    await page.goto('/sign-in');
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
    await page.getByLabel('Remember me').check();
    await page.getByRole('button', { name: 'Sign In' }).click();
    await enterOwnerCode(page);
    await expect(page.getByRole('heading', { name: 'Dashboard Overview' })).toBeVisible();
    const cookie = (await page.context().cookies()).find((c) => c.name === 'rememberedEmail');
    expect(decodeURIComponent(cookie?.value ?? '')).toBe(E2E_ADMIN.email);
    expect((cookie?.expires ?? 0) * 1000 - Date.now()).toBeGreaterThan(29 * 86_400_000);
    await page.evaluate(() => window.localStorage.clear());
    await page.goto('/sign-in');
    await expect(page.getByLabel('Email')).toHaveValue(E2E_ADMIN.email);
  });
});

test.describe('Forgot password', () => {
  test('the code from the mail resets the password, and the new password signs in', async ({ page }) => {
    await page.goto('/sign-in');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/forget-password$/);
    const startedAt = new Date().toISOString();
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByRole('button', { name: 'Send Code' }).click();
    await expect(page).toHaveURL(/\/otp$/);
    const mail = await waitForMail((m) => m.to.includes(E2E_ADMIN.email) && m.receivedAt >= startedAt && /code/i.test(m.subject));
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
    expect(code).toBeTruthy();

    await page.getByLabel('Verification code').fill('000000' === code ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Invalid or expired OTP')).toBeVisible();

    await page.getByLabel('Verification code').fill(code!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/reset-password$/);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Password is required')).toBeVisible();
    await expect(page.getByText('Password confirmation is required')).toBeVisible();
    await page.getByLabel('New Password', { exact: true }).fill(E2E_ADMIN.password);
    await page.getByLabel('Confirm Password', { exact: true }).fill(`${E2E_ADMIN.password}x`);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await page.getByLabel('Confirm Password', { exact: true }).fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    await signInWithForm(page);
  });

  test('the OTP screen links back to the forgot-password and sign-in screens', async ({ page }) => {
    await page.goto('/forget-password');
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByRole('button', { name: 'Send Code' }).click();
    await expect(page).toHaveURL(/\/otp$/);
    await page.getByRole('link', { name: 'Resend' }).click();
    await expect(page).toHaveURL(/\/forget-password$/);
    await page.goBack();
    await page.getByRole('link', { name: 'Back to login' }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
  });
});
