import { afterEach, beforeEach, vi } from 'vitest';

export interface FakeReply {
  status?: number;
  body: unknown;
}
export type FakeHandler = (url: URL, init: RequestInit) => FakeReply | Promise<FakeReply>;

/**
 * Stands in for fetch in every test of the file: each call is answered with the JSON `answer`
 * gives (status 200 unless it says). The calls are forgotten before each test and the real fetch
 * comes back after it. Returns the mock, to read the calls.
 */
export function installFakeJsonApi(answer: FakeHandler) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const { status = 200, body } = await answer(url, init);
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  beforeEach(() => {
    fetchMock.mockClear();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());
  return fetchMock;
}
