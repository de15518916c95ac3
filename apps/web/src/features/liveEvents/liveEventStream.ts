import { API_BASE, API_ROUTES, type LiveEventName } from '@ute/contract';

export interface LiveEvent {
  event: LiveEventName;
  data: unknown;
}

/**
 * Reads GET /events (docs/design.md §14) until it ends or `signal` aborts, handing each event on.
 * fetch, not EventSource: the bearer token rides in a header, which EventSource cannot send. The
 * api writes `event:` and one `data:` line per event, comments (`: alive`) and `retry:`; nothing else.
 * Resolves with the response status when the stream ends (200: closed by the server).
 */
export async function readLiveEvents(token: string, onEvent: (event: LiveEvent) => void, signal: AbortSignal): Promise<number> {
  const response = await fetch(`${API_BASE}${API_ROUTES.liveEvents.path}`, {
    headers: { Accept: 'text/event-stream', Authorization: `Bearer ${token}` },
    signal,
  });
  if (!response.ok || !response.body) return response.status;
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return response.status;
    buffer += value;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const parsed = parseEventBlock(block);
      if (parsed) onEvent(parsed);
    }
  }
}

/** One event's lines; null for a comment, a `retry:` or an event whose data is not JSON. */
export function parseEventBlock(block: string): LiveEvent | null {
  let event: string | undefined;
  let data: string | undefined;
  for (const line of block.split('\n')) {
    if (line.startsWith('event: ')) event = line.slice(7);
    else if (line.startsWith('data: ')) data = line.slice(6);
  }
  if (!event || data === undefined) return null;
  try {
    return { event: event as LiveEventName, data: JSON.parse(data) };
  } catch {
    return null;
  }
}
