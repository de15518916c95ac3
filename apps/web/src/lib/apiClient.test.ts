import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeJsonApi, type FakeHandler } from '../test/fakeJsonApi';
import { api, ApiError, setUnauthorizedHandler } from './apiClient';
import { readToken, sessionActions } from './session';

let handler: FakeHandler;
installFakeJsonApi((url, init) => handler(url, init));
const UNAUTHORIZED = { status: 401, body: { message: 'Unauthorized' } };

beforeEach(() => {
  // The app's handler (App.tsx): a 401 ends the session.
  setUnauthorizedHandler(() => sessionActions.clear());
  sessionActions.setToken('token-1');
  handler = () => UNAUTHORIZED;
});

describe('apiClient on 401', () => {
  it('signs out when the session’s token is refused', async () => {
    await expect(api.call('dashboard')).rejects.toBeInstanceOf(ApiError);
    expect(readToken()).toBe('');
  });

  it('keeps the session when the refused token was replaced while the call was out (2FA turned on meanwhile)', async () => {
    let answer: () => void = () => {};
    handler = () => new Promise((resolve) => (answer = () => resolve(UNAUTHORIZED)));
    const call = api.call('workQueues');
    await Promise.resolve();
    sessionActions.setToken('token-2');
    answer();
    await expect(call).rejects.toMatchObject({ status: 401 });
    expect(readToken()).toBe('token-2');
  });
});

describe('apiClient’s record versions', () => {
  it('sends the version it was given as If-Match, and none without one', async () => {
    const seen: (string | null)[] = [];
    handler = (_url, init) => {
      seen.push(new Headers(init.headers).get('If-Match'));
      return { body: { message: 'UTE approved successfully' } };
    };
    const id = '00000002-0000-4000-8000-000000000001';
    await api.call('uteStatus', { params: { id }, query: { status: 'Approved' }, ifMatch: '741' });
    await api.call('uteStatus', { params: { id }, query: { status: 'Approved' } });
    expect(seen).toEqual(['"741"', null]);
  });
});
