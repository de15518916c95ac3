import { describe, expect, it } from 'vitest';
import { ANALYTICS_GROUP_ROUTES, ROUTE_ACCESS, visibleAnalyticsGroups } from '@ute/contract';
import { canOpen, canOpenScreen, screenList, screens, sidebarScreens } from './screens';

const openable = (roles: string[]) => sidebarScreens.filter((screen) => canOpenScreen(roles, screen.path)).map(({ label }) => label);
const EVERYONE = ['Dashboard', 'Change Password', 'Security'];

describe('the screen registry', () => {
  it('gives every screen the contract calls whose access opens it', () => {
    for (const screen of screenList) {
      expect(screen.access.length, `${screen.id} has no route access`).toBeGreaterThan(0);
      for (const route of [...screen.access, ...screen.accessAny]) expect(Object.keys(ROUTE_ACCESS), `${screen.id}: ${route}`).toContain(route);
    }
  });

  it('gives every screen its own path and first segment', () => {
    const firstSegments = screenList.map(({ path }) => path.split('/')[1]);
    expect(new Set(firstSegments).size).toBe(screenList.length);
  });

  it('builds links with the path filled in and the filters in the order given, leaving out defaults', () => {
    expect(screens.utes.href({ status: 'Pending', open: 'u-1' })).toBe('/ute-list?status=Pending&open=u-1');
    expect(screens.utes.href()).toBe('/ute-list');
    expect(screens.payments.href({ tab: 'manual', awaitingAcceptance: 'true' })).toBe('/payment-history?tab=manual&awaitingAcceptance=true');
    expect(screens.payments.href({ tab: 'stripe', page: 1 })).toBe('/payment-history');
    expect(screens.queries.href({ email: 'ava+1@example.com' })).toBe('/queries?email=ava%2B1%40example.com');
    expect(screens.auditLog.href({ targetType: 'user', targetId: 'u-1' })).toBe('/audit-log?targetType=user&targetId=u-1');
    expect(screens.user.href({ id: 'u-1' })).toBe('/users/u-1');
    expect(screens.userActivity.href({ id: 'u-1' })).toBe('/users-activity/u-1');
    expect(screens.dashboard.href()).toBe('/');
    expect(screens.balances.href({ sort: 'paidOut', from: '2026-01-01', negative: 'true' })).toBe('/balances?sort=paidOut&from=2026-01-01&negative=true');
    expect(screens.balances.href({ sort: 'payable', page: 1 })).toBe('/balances');
    expect(screens.ownerLedger.href({ id: 'o-1', page: 2 })).toBe('/owner-ledger/o-1?page=2');
    expect(screens.webhooks.href({ state: 'failed' })).toBe('/webhooks?state=failed');
    expect(screens.webhooks.href({ state: '', page: 1 })).toBe('/webhooks');
    expect(screens.reconciliation.href({ page: 2 })).toBe('/reconciliation?page=2');
    expect(screens.reconciliationRun.href({ id: 'r-1' })).toBe('/reconciliation-runs/r-1');
    expect(screens.payoutBatches.href({ page: 2 })).toBe('/payout-batches?page=2');
    expect(screens.payoutBatch.href({ id: 'b-1' })).toBe('/payout-batch/b-1');
    expect(screens.disputes.href({ status: 'needs_response' })).toBe('/disputes?status=needs_response');
    expect(screens.disputes.href({ status: '', page: 1 })).toBe('/disputes');
  });

  it('types each link by its screen: its path params required, only its own filters', () => {
    // @ts-expect-error the Ute List has no `email` filter
    expect(() => screens.utes.href({ email: 'a@b.c' })).toThrow('/ute-list has no filter "email"');
    // @ts-expect-error a user's page needs its id
    expect(() => screens.user.href()).toThrow('/users/:id needs :id');
  });
});

describe('screens by role', () => {
  it('opens every screen to an owner', () => {
    expect(openable(['owner'])).toEqual(sidebarScreens.map(({ label }) => label));
  });

  it('opens each role its own lists, and the common screens to all', () => {
    expect(openable(['moderator']).sort()).toEqual([...EVERYONE, 'Analytics', 'Ute List', 'Job List', 'Quotes'].sort());
    expect(openable(['finance']).sort()).toEqual(
      [
        ...EVERYONE,
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
      ].sort(),
    );
    expect(openable(['support']).sort()).toEqual([...EVERYONE, 'Analytics', 'Users List', 'Queries'].sort());
    expect(openable(['content']).sort()).toEqual([...EVERYONE, 'blogs', 'faq'].sort());
    expect(openable([]).sort()).toEqual([...EVERYONE].sort());
  });

  it('judges deep links by their first segment, and leaves unknown paths to the not-found page', () => {
    expect(canOpenScreen(['moderator'], '/shipment/abc')).toBe(true);
    expect(canOpenScreen(['moderator'], '/users-activity/abc')).toBe(false);
    expect(canOpenScreen(['support'], '/users-activity/abc')).toBe(true);
    expect(canOpenScreen(['content'], '/admins')).toBe(false);
    expect(canOpenScreen(['finance'], '/owner-ledger/abc')).toBe(true);
    expect(canOpenScreen(['support'], '/owner-ledger/abc')).toBe(false);
    expect(canOpenScreen(['finance'], '/webhooks')).toBe(true);
    expect(canOpenScreen(['finance'], '/reconciliation-runs/abc')).toBe(true);
    expect(canOpenScreen(['finance'], '/payout-batch/abc')).toBe(true);
    expect(canOpenScreen(['support'], '/payout-batches')).toBe(false);
    expect(canOpenScreen(['moderator'], '/payout-batch/abc')).toBe(false);
    for (const role of ['support', 'moderator', 'content']) {
      expect(canOpenScreen([role], '/webhooks'), role).toBe(false);
      expect(canOpenScreen([role], '/reconciliation'), role).toBe(false);
      expect(canOpenScreen([role], '/reconciliation-runs/abc'), role).toBe(false);
      expect(canOpenScreen([role], '/disputes'), role).toBe(false);
    }
    expect(canOpenScreen([], '/no-such-screen')).toBe(true);
  });

  it('opens a screen built on several calls only to who may make them all', () => {
    expect(canOpen(['finance'], { access: ['payments', 'manualPayments'] })).toBe(true);
    expect(canOpen(['finance'], { access: ['payments', 'queries'] })).toBe(false);
  });

  it('opens a screen with `accessAny` to who may make at least one of those calls too', () => {
    expect(canOpen(['support'], { access: ['dashboard'], accessAny: ['analyticsMoney', 'analyticsSupport'] })).toBe(true);
    expect(canOpen(['content'], { access: ['dashboard'], accessAny: ['analyticsMoney', 'analyticsSupport'] })).toBe(false);
    expect(canOpen(['content'], { access: ['dashboard'], accessAny: [] })).toBe(true);
  });

  it('opens Analytics to exactly the admins who may see one of its groups', () => {
    expect([...screens.analytics.accessAny].sort()).toEqual(Object.values(ANALYTICS_GROUP_ROUTES).sort());
    for (const roles of [['owner'], ['finance'], ['moderator'], ['support'], ['content'], [], ['content', 'support']]) {
      expect(canOpenScreen(roles, '/analytics'), roles.join()).toBe(visibleAnalyticsGroups(roles).length > 0);
    }
  });
});
