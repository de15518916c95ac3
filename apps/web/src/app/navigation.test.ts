import { describe, expect, it } from 'vitest';
import { canOpenScreen, SIDEBAR_ENTRIES } from './navigation';

const openable = (roles: string[]) => SIDEBAR_ENTRIES.filter(({ to }) => canOpenScreen(roles, to)).map(({ label }) => label);
const EVERYONE = ['Dashboard', 'Change Password', 'Security'];

describe('screens by role', () => {
  it('opens every screen to an owner', () => {
    expect(openable(['owner'])).toEqual(SIDEBAR_ENTRIES.map(({ label }) => label));
  });

  it('opens each role its own lists, and the common screens to all', () => {
    expect(openable(['moderator']).sort()).toEqual([...EVERYONE, 'Ute List', 'Job List', 'Quotes'].sort());
    expect(openable(['finance']).sort()).toEqual([...EVERYONE, 'Ute Booking List', 'Job Booking List', 'Payment History', 'Audit Log'].sort());
    expect(openable(['support']).sort()).toEqual([...EVERYONE, 'Users List', 'Queries'].sort());
    expect(openable(['content']).sort()).toEqual([...EVERYONE, 'blogs', 'faq'].sort());
    expect(openable([]).sort()).toEqual([...EVERYONE].sort());
  });

  it('judges deep links by their first segment, and leaves unknown paths to the not-found page', () => {
    expect(canOpenScreen(['moderator'], '/shipment/abc')).toBe(true);
    expect(canOpenScreen(['moderator'], '/users-activity/abc')).toBe(false);
    expect(canOpenScreen(['support'], '/users-activity/abc')).toBe(true);
    expect(canOpenScreen(['content'], '/admins')).toBe(false);
    expect(canOpenScreen([], '/no-such-screen')).toBe(true);
  });
});
