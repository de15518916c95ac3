import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { accessTexts, adminTexts, authMessages, type AdminListResponse } from '@ute/contract';
import { apiToken, E2E_ADMIN, expect, signInWithForm, test, waitForMail } from './support/fixtures';
import { createAdminWithRoles, invitationPathIn, signInFastAs } from './support/admins';

const rowOf = (page: Page, email: string) => page.getByRole('row').filter({ hasText: email });

async function openAdmins(page: Page): Promise<void> {
  await page.goto('/admins');
  await expect(page.getByRole('heading', { level: 1, name: 'Admins' })).toBeVisible();
}

test.describe('Admins', () => {
  test('an owner invites an admin, who sets a password from the mailed link, signs in and sees only what the role allows', async ({
    adminPage: page,
    browser,
  }) => {
    const id = randomUUID().slice(0, 8);
    const invitee = { name: `Invited Support ${id}`, email: `e2e-invitee-${id}@example.com`, password: `invitee-pass-${id}` };

    await openAdmins(page);
    await expect(rowOf(page, E2E_ADMIN.email).getByText('Owner', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Invite admin' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite admin' });
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(dialog.getByText(adminTexts.nameRequired)).toBeVisible();
    await expect(dialog.getByText(adminTexts.rolesRequired)).toBeVisible();
    await dialog.getByLabel('Name').fill(invitee.name);
    await dialog.getByLabel('Email').fill(invitee.email);
    await dialog.getByRole('checkbox', { name: /^Support/ }).check();
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByText(`${adminTexts.invited} to ${invitee.email}`)).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = rowOf(page, invitee.email);
    await expect(row.getByText('Invited', { exact: true })).toBeVisible();
    await expect(row.getByText('Support', { exact: true })).toBeVisible();

    const mail = await waitForMail((candidate) => candidate.to.includes(invitee.email));
    expect(mail.subject).toBe('You are invited to the Ute back-office');
    const link = invitationPathIn(mail.text);

    const context = await browser.newContext();
    const inviteePage = await context.newPage();
    await inviteePage.goto(link);
    await expect(inviteePage.getByRole('heading', { name: `Welcome, ${invitee.name}` })).toBeVisible();
    await expect(inviteePage.getByText(invitee.email)).toBeVisible();
    // The single-use token leaves the address bar once read.
    await expect(inviteePage).toHaveURL(/\/accept-invite$/);
    await inviteePage.getByLabel('Password', { exact: true }).fill('short');
    await inviteePage.getByLabel('Confirm Password').fill('different');
    await inviteePage.getByRole('button', { name: 'Set password' }).click();
    await expect(inviteePage.getByText(authMessages.passwordTooShort)).toBeVisible();
    await inviteePage.getByLabel('Password', { exact: true }).fill(invitee.password);
    await inviteePage.getByLabel('Confirm Password').fill(invitee.password);
    await inviteePage.getByRole('button', { name: 'Set password' }).click();
    await expect(inviteePage).toHaveURL(/\/sign-in$/);
    await expect(inviteePage.getByText(adminTexts.invitationAccepted)).toBeVisible();

    await signInWithForm(inviteePage, invitee);
    const nav = inviteePage.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Users List' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Admins' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Payment History' })).toHaveCount(0);
    await inviteePage.goto('/admins');
    await expect(inviteePage.getByText(accessTexts.forbiddenScreen)).toBeVisible();

    // The link worked once.
    const second = await context.newPage();
    await second.goto(link);
    await expect(second.getByText(adminTexts.invitationInvalid)).toBeVisible();
    await context.close();

    await page.reload();
    await expect(rowOf(page, invitee.email).getByText('Active', { exact: true })).toBeVisible();
  });

  test('the owner changes an admin’s roles, deactivates them (their next call goes to sign-in), reactivates them and signs them out everywhere', async ({
    adminPage: page,
    browser,
  }) => {
    const admin = await createAdminWithRoles(page, ['support']);
    const context = await browser.newContext();
    const adminSession = await context.newPage();
    await signInFastAs(adminSession, admin);
    await adminSession.goto('/all-users');
    await expect(adminSession.getByRole('heading', { level: 1, name: 'Users List' })).toBeVisible();

    await openAdmins(page);
    const row = rowOf(page, admin.email);
    await row.getByRole('button', { name: 'Roles' }).click();
    const rolesDialog = page.getByRole('dialog', { name: 'Change roles' });
    await rolesDialog.getByRole('checkbox', { name: /^Support/ }).uncheck();
    await rolesDialog.getByRole('button', { name: 'Save roles' }).click();
    await expect(rolesDialog.getByText(adminTexts.rolesRequired)).toBeVisible();
    await rolesDialog.getByRole('checkbox', { name: /^Content/ }).check();
    await rolesDialog.getByRole('button', { name: 'Save roles' }).click();
    await expect(page.getByText(adminTexts.rolesUpdated)).toBeVisible();
    await expect(row.getByText('Content', { exact: true })).toBeVisible();
    await expect(row.getByText('Support', { exact: true })).toHaveCount(0);

    await row.getByRole('button', { name: 'Deactivate' }).click();
    const confirm = page.getByRole('dialog', { name: 'Deactivate admin' });
    await expect(confirm.getByText(`Deactivate ${admin.name} (${admin.email})?`)).toBeVisible();
    await confirm.getByRole('button', { name: 'Deactivate' }).click();
    await expect(page.getByText(adminTexts.deactivated)).toBeVisible();
    await expect(row.getByText('Inactive', { exact: true })).toBeVisible();

    await adminSession.goto('/faq');
    await expect(adminSession).toHaveURL(/\/sign-in/);

    await row.getByRole('button', { name: 'Reactivate' }).click();
    await page.getByRole('dialog', { name: 'Reactivate admin' }).getByRole('button', { name: 'Reactivate' }).click();
    await expect(page.getByText(adminTexts.activated)).toBeVisible();
    await expect(row.getByText('Active', { exact: true })).toBeVisible();

    // A new browser: the first one's init script would put the dead token back on every load.
    await context.close();
    const nextContext = await browser.newContext();
    const nextSession = await nextContext.newPage();
    await signInWithForm(nextSession, admin);
    await nextSession.goto('/faq');
    await expect(nextSession.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeVisible();

    await row.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.getByRole('dialog', { name: 'Sign out everywhere' }).getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByText(adminTexts.signedOut)).toBeVisible();
    await nextSession.goto('/blogs');
    await expect(nextSession).toHaveURL(/\/sign-in/);
    await nextContext.close();
  });

  test('the only owner cannot remove their own owner role, and cannot require 2FA before setting it up', async ({ adminPage: page, browser }) => {
    // Owners that other specs left behind would make the e2e owner not the last one.
    const token = await apiToken(page);
    const headers = { authorization: `Bearer ${token}` };
    const list = (await (await page.request.get('/api/admin/admins', { headers })).json()) as AdminListResponse;
    const otherOwners = list.data.filter((admin) => admin.isActive && admin.roles.includes('owner') && admin.email !== E2E_ADMIN.email);
    expect(
      otherOwners.filter((admin) => !admin.email.startsWith('e2e-')),
      'only e2e-made owners may be demoted here',
    ).toEqual([]);
    for (const owner of otherOwners) {
      const response = await page.request.put(`/api/admin/admins/${owner._id}/roles`, { headers, data: { roles: ['support'] } });
      expect(response.status(), await response.text()).toBe(200);
    }

    await openAdmins(page);
    const row = rowOf(page, E2E_ADMIN.email);
    // The e2e owner has 2FA; their own is turned off on the Security page (with a code), not reset here.
    await expect(row.getByRole('cell', { name: 'On', exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: 'Reset 2FA' })).toHaveCount(0);
    await row.getByRole('button', { name: 'Roles' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change roles' });
    await dialog.getByRole('checkbox', { name: /^Owner/ }).uncheck();
    await dialog.getByRole('checkbox', { name: /^Finance/ }).check();
    await dialog.getByRole('button', { name: 'Save roles' }).click();
    await expect(page.getByText(adminTexts.lastOwner)).toBeVisible();
    await page.keyboard.press('Escape');
    await page.reload();
    await expect(row.getByText('Owner', { exact: true })).toBeVisible();
    await expect(row.getByText('Finance', { exact: true })).toHaveCount(0);

    // An owner without 2FA (the e2e owner has it): changing the owners' settings is a step-up call,
    // refused to an admin without 2FA, and the message leads to the Security page.
    const context = await browser.newContext();
    const ownerPage = await context.newPage();
    await signInFastAs(ownerPage, await createAdminWithRoles(page, ['owner']));
    await openAdmins(ownerPage);
    const requireTwoFactor = ownerPage.getByRole('switch', { name: 'Require two-factor authentication for every admin' });
    await expect(requireTwoFactor).not.toBeChecked();
    await expect(requireTwoFactor).toBeEnabled();
    await requireTwoFactor.click();
    await expect(ownerPage.getByText(accessTexts.twoFactorRequired)).toBeVisible();
    await expect(requireTwoFactor).not.toBeChecked();
    await ownerPage.getByRole('link', { name: 'Open the Security page' }).click();
    await expect(ownerPage).toHaveURL(/\/security$/);
    await expect(ownerPage.getByRole('button', { name: 'Set up two-factor authentication' })).toBeVisible();
    await context.close();
  });
});
