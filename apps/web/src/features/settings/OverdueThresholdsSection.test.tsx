import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_WORK_QUEUE_THRESHOLDS, workItemTexts, type AdminRole, type WorkQueueThresholds } from '@ute/contract';
import { sessionActions } from '../../lib/session';
import { installFakeJsonApi, matchRoute } from '../../test/fakeJsonApi';
import { renderWithProviders } from '../../test/renderWithProviders';
import { OverdueThresholdsSection, thresholdText } from './OverdueThresholdsSection';

let saved: WorkQueueThresholds | null = null;
let savedIfMatch: string | null = null;
installFakeJsonApi((url, init) => {
  const route = matchRoute(init.method ?? 'GET', url)?.name;
  if (route === 'workQueueThresholds') return { body: { ...(saved ?? DEFAULT_WORK_QUEUE_THRESHOLDS), version: '5' } };
  if (route === 'updateWorkQueueThresholds') {
    saved = JSON.parse(String(init.body)) as WorkQueueThresholds;
    savedIfMatch = new Headers(init.headers).get('If-Match');
    return { body: { message: workItemTexts.thresholdsSaved, data: saved, version: '6' } };
  }
  return { status: 404, body: { message: 'unexpected' } };
});

function signInAs(roles: AdminRole[]) {
  sessionActions.setToken('token-1');
  sessionActions.updateUser({ _id: 'a-me', email: 'me@example.com', name: 'me', roles, userRole: roles[0], twoFactorEnabled: true, mustEnrolTwoFactor: false });
}

beforeEach(() => {
  saved = null;
});

describe('OverdueThresholdsSection', () => {
  it('shows finance the thresholds in words, without inputs', async () => {
    signInAs(['finance']);
    renderWithProviders(<OverdueThresholdsSection />);
    expect(await screen.findByText('4 business hours')).toBeInTheDocument();
    expect(screen.getAllByText('24 hours')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Save thresholds' })).toBeNull();
  });

  it('lets an owner change a queue to business hours and save them all', async () => {
    signInAs(['owner']);
    renderWithProviders(<OverdueThresholdsSection />);
    const hours = await screen.findByRole('spinbutton', { name: 'Hours before overdue: Pending utes' });
    await userEvent.clear(hours);
    await userEvent.type(hours, '8');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Count business hours only: Pending utes' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save thresholds' }));
    await waitFor(() => expect(saved).toEqual({ ...DEFAULT_WORK_QUEUE_THRESHOLDS, pendingUtes: { hours: 8, isBusinessHours: true } }));
    // On the version it loaded: a colleague's change since answers 409 (docs/design.md §14).
    expect(savedIfMatch).toBe('"5"');
  });

  it('words a threshold', () => {
    expect(thresholdText({ hours: 1, isBusinessHours: false })).toBe('1 hour');
    expect(thresholdText({ hours: 48, isBusinessHours: false })).toBe('48 hours');
  });
});
