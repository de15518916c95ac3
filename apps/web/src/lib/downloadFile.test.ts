import { afterEach, describe, expect, it, vi } from 'vitest';
import { accessTexts } from '@ute/contract';
import { ApiError, downloadFile, setStepUpHandler } from './apiClient';
import { sessionActions } from './session';

const STEP_UP = { message: accessTexts.stepUpRequired, reason: 'STEP_UP_REQUIRED' };
const ABA = '0                 01CBA       Ute Share Pty Ltd         301500PAYOUTS     050326\r\n';

/** fetch answering each call with the next of `answers`, recording the Authorization headers sent. */
function stubFetch(answers: (() => Response)[]) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => answers.shift()!());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  setStepUpHandler(async () => false);
});

describe('downloadFile on a step-up call (a payout batch ABA file)', () => {
  it('asks for the code once, then downloads with the new token and saves the file under its name', async () => {
    sessionActions.setToken('token-old');
    const fetchMock = stubFetch([
      () => new Response(JSON.stringify(STEP_UP), { status: 403, headers: { 'Content-Type': 'application/json' } }),
      () =>
        new Response(ABA, {
          status: 200,
          headers: { 'Content-Type': 'text/plain; charset=us-ascii', 'Content-Disposition': 'attachment; filename="payout-batch-0001.aba"' },
        }),
    ]);
    setStepUpHandler(async () => {
      sessionActions.setToken('token-fresh');
      return true;
    });
    const saved: { name: string; type: string }[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: (blob: Blob) => (saved.push({ name: '', type: blob.type }), 'blob:aba'), revokeObjectURL: () => {} }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved[saved.length - 1].name = this.download;
    });

    await downloadFile('/payout-batches/b-1/aba', {}, () => {});
    expect(fetchMock.mock.calls.map(([, init]) => (init?.headers as Record<string, string>).Authorization)).toEqual(['Bearer token-old', 'Bearer token-fresh']);
    expect(saved).toEqual([{ name: 'payout-batch-0001.aba', type: 'text/plain; charset=us-ascii' }]);
    click.mockRestore();
  });

  it('fails with the 403 when the code is not given', async () => {
    sessionActions.setToken('token-old');
    stubFetch([() => new Response(JSON.stringify(STEP_UP), { status: 403, headers: { 'Content-Type': 'application/json' } })]);
    await expect(downloadFile('/payout-batches/b-1/aba', {}, () => {})).rejects.toMatchObject({
      status: 403,
      reason: 'STEP_UP_REQUIRED',
    } satisfies Partial<ApiError>);
  });
});
