import { WORK_QUEUE_LABELS, type AdminRole, type WorkQueue, type WorkQueueCount } from '@ute/contract';
import { expect, signInWithForm, test } from './support/fixtures';
import { createAdminWithRoles } from './support/admins';
import { NOT_A_BADGE } from './support/badges';

const EVERYONE = ['Dashboard', 'Change Password', 'Security'];

/** What each role sees in the sidebar, which dashboard cards, one screen it works on and one it may not open. */
const ROLES: { role: AdminRole; sidebar: string[]; cards: string[]; allowed: [string, string]; forbidden: string }[] = [
  {
    role: 'moderator',
    sidebar: ['Analytics', 'Ute List', 'Job List', 'Quotes'],
    cards: ['totalUtedata', 'totalJobdata'],
    allowed: ['/ute-list', 'UTE Management'],
    forbidden: '/payment-history',
  },
  {
    role: 'finance',
    sidebar: [
      'Analytics',
      'Ute Booking List',
      'Job Booking List',
      'Payment History',
      'Audit Log',
      'Balances',
      'Settings',
      'Webhooks',
      'Reconciliation',
      'Disputes',
      'Payout Batches',
      'Refunds',
    ],
    cards: ['totalUteBooking', 'totalJobBooking'],
    allowed: ['/payment-history', 'Payment History'],
    forbidden: '/all-users',
  },
  {
    role: 'support',
    sidebar: ['Analytics', 'Users List', 'Queries'],
    cards: ['totalUser', 'totalActiveUser', 'totalDeactiveUser'],
    allowed: ['/all-users', 'Users List'],
    forbidden: '/booking-list',
  },
  { role: 'content', sidebar: ['blogs', 'faq'], cards: [], allowed: ['/faq', 'Frequently Asked Questions'], forbidden: '/admins' },
];

/** The work queues whose lists each role opens. */
const queuesOf: Record<string, WorkQueue[]> = {
  moderator: ['pendingUtes', 'pendingJobs', 'quotesAwaitingPrice'],
  finance: ['uteBookingsAwaitingPayout', 'jobBookingsAwaitingPayout', 'manualPaymentsAwaitingAcceptance', 'undecidedRefunds', 'disputesNeedingEvidence'],
  support: ['unansweredQueries'],
  content: [],
};

test.describe('Roles: each admin sees and opens only what their roles allow', () => {
  for (const { role, sidebar, cards, allowed, forbidden } of ROLES) {
    test(`a ${role} admin`, async ({ page }) => {
      const credentials = await createAdminWithRoles(page, [role]);
      await signInWithForm(page, credentials);

      const nav = page.getByRole('navigation', { name: 'Main' });
      // The entries, without the work queues' badges beside some ("12 waiting: Pending utes", "12 waiting,
      // 3 overdue: …", "1 mine: …").
      const labels = await nav.getByRole('link', { name: NOT_A_BADGE }).allTextContents();
      expect(labels.map((label) => label.trim()).sort()).toEqual([...EVERYONE, ...sidebar].sort());
      // The badges: only the queues of this role's lists that have work waiting (content: none).
      const sessionToken = await page.evaluate(() => window.localStorage.getItem('auth_token'));
      const queues = (await (await page.request.get('/api/admin/work-queues', { headers: { authorization: `Bearer ${sessionToken}` } })).json()) as {
        data: WorkQueueCount[];
      };
      expect(queues.data.map(({ queue }) => queue).sort()).toEqual([...queuesOf[role]].sort());
      const badgeNames = queues.data
        .filter(({ count }) => count > 0)
        .map(({ queue, count, overdue }) => `${count} waiting${overdue > 0 ? `, ${overdue} overdue` : ''}: ${WORK_QUEUE_LABELS[queue]}`);
      for (const name of badgeNames) await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
      await expect(nav.getByRole('link', { name: /^\d+ waiting[:,] / })).toHaveCount(badgeNames.length);
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
