import type { AdminRole } from '@ute/contract';
import { expect, signInWithForm, test } from './support/fixtures';
import { createAdminWithRoles } from './support/admins';

const EVERYONE = ['Dashboard', 'Change Password', 'Security'];

/** What each role sees in the sidebar, which dashboard cards, one screen it works on and one it may not open. */
const ROLES: { role: AdminRole; sidebar: string[]; cards: string[]; allowed: [string, string]; forbidden: string }[] = [
  {
    role: 'moderator',
    sidebar: ['Ute List', 'Job List', 'Quotes'],
    cards: ['totalUtedata', 'totalJobdata'],
    allowed: ['/ute-list', 'UTE Management'],
    forbidden: '/payment-history',
  },
  {
    role: 'finance',
    sidebar: ['Ute Booking List', 'Job Booking List', 'Payment History', 'Audit Log'],
    cards: ['totalUteBooking', 'totalJobBooking'],
    allowed: ['/payment-history', 'Payment History'],
    forbidden: '/all-users',
  },
  {
    role: 'support',
    sidebar: ['Users List', 'Queries'],
    cards: ['totalUser', 'totalActiveUser', 'totalDeactiveUser'],
    allowed: ['/all-users', 'Users List'],
    forbidden: '/booking-list',
  },
  { role: 'content', sidebar: ['blogs', 'faq'], cards: [], allowed: ['/faq', 'Frequently Asked Questions'], forbidden: '/admins' },
];

test.describe('Roles: each admin sees and opens only what their roles allow', () => {
  for (const { role, sidebar, cards, allowed, forbidden } of ROLES) {
    test(`a ${role} admin`, async ({ page }) => {
      const credentials = await createAdminWithRoles(page, [role]);
      await signInWithForm(page, credentials);

      const nav = page.getByRole('navigation', { name: 'Main' });
      const labels = await nav.getByRole('link').allTextContents();
      expect(labels.map((label) => label.trim()).sort()).toEqual([...EVERYONE, ...sidebar].sort());
      const shownCards = await page.locator('a[data-testid^="card-"]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-testid')!.slice(5)));
      expect(shownCards.sort()).toEqual([...cards].sort());

      const [allowedPath, allowedHeading] = allowed;
      await page.goto(allowedPath);
      await expect(page.getByRole('heading', { level: 1, name: allowedHeading })).toBeVisible();
      await expect(page.getByRole('row').nth(1)).toBeVisible();

      // A deep link to a screen of another role: a clear page, no list, no call refused in the background.
      const refused: string[] = [];
      page.on('response', (response) => {
        if (response.status() === 403) refused.push(response.url());
      });
      await page.goto(forbidden);
      await expect(page.getByRole('heading', { level: 1, name: 'You do not have access to this screen' })).toBeVisible();
      await expect(page.getByRole('table')).toHaveCount(0);
      expect(refused).toEqual([]);

      // The server says the same, whatever the web shows.
      const token = await page.evaluate(() => window.localStorage.getItem('auth_token'));
      const owners = await page.request.get('/api/admin/admins', { headers: { authorization: `Bearer ${token}` } });
      expect(owners.status()).toBe(403);
      expect(await owners.json()).toMatchObject({ message: 'You do not have access to this action', reason: 'ROLE' });
    });
  }
});
