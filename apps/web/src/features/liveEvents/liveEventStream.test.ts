import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseEventBlock, readLiveEvents, type LiveEvent } from './liveEventStream';

/** A streamed answer whose body arrives in the given chunks (an event may be cut anywhere). */
function streamedResponse(chunks: string[], status = 200): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { status, headers: { 'Content-Type': 'text/event-stream' } });
}

afterEach(() => vi.unstubAllGlobals());

describe('parseEventBlock', () => {
  it('reads an event’s name and JSON data', () => {
    expect(parseEventBlock('event: notification\ndata: {}')).toEqual({ event: 'notification', data: {} });
  });

  it('skips comments, retry lines and data that is not JSON', () => {
    expect(parseEventBlock(': alive')).toBeNull();
    expect(parseEventBlock('retry: 2000')).toBeNull();
    expect(parseEventBlock('event: record\ndata: {oops')).toBeNull();
  });
});

describe('readLiveEvents', () => {
  it('sends the bearer token and hands on every event, however the stream is cut', async () => {
    const fetchMock = vi.fn(async () =>
      streamedResponse(['retry: 2000\n\nevent: workQ', 'ueues\ndata: [{"queue":"pendingUtes","count":3}]\n\n: alive\n\n', 'event: notification\ndata: {}\n\n']),
    );
    vi.stubGlobal('fetch', fetchMock);
    const events: LiveEvent[] = [];
    const status = await readLiveEvents('token-1', (event) => events.push(event), new AbortController().signal);
    expect(status).toBe(200);
    expect(events).toEqual([
      { event: 'workQueues', data: [{ queue: 'pendingUtes', count: 3 }] },
      { event: 'notification', data: {} },
    ]);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/admin/events');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer token-1');
  });

  it('answers a refused stream’s status without reading it', async () => {
    vi.stubGlobal('fetch', async () => new Response('{"message":"Authentication required. Please sign in."}', { status: 401 }));
    expect(await readLiveEvents('revoked', () => {}, new AbortController().signal)).toBe(401);
  });
});
