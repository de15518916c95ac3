import { connect } from 'node:net';

export interface RawResponse {
  /** 0 when the server closed the socket without an answer. */
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends one request over a plain TCP socket, byte for byte as given: unlike `inject` and `fetch`,
 * nothing normalises the request target (`//api`, `/./api`, absolute form `http://host/api/...`).
 */
export function sendRaw(port: number, requestText: string, timeoutMs = 10_000): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms to ${JSON.stringify(requestText.split('\r\n')[0])}`));
    }, timeoutMs);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => {}); // a reset after the answer is the server closing; judged by what arrived
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(parseRawResponse(Buffer.concat(chunks).toString('latin1')));
    });
    socket.write(requestText, 'latin1');
  });
}

export function parseRawResponse(text: string): RawResponse {
  const headerEnd = text.indexOf('\r\n\r\n');
  const head = headerEnd === -1 ? text : text.slice(0, headerEnd);
  const [statusLine, ...headerLines] = head.split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0);
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status, headers, body: headerEnd === -1 ? '' : text.slice(headerEnd + 4) };
}

/** A whole HTTP/1.1 request that closes its connection after the answer. */
export function rawRequest(method: string, target: string, headers: Record<string, string> = {}): string {
  const lines = [`${method} ${target} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close', 'Content-Length: 0'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  return `${lines.join('\r\n')}\r\n\r\n`;
}

/**
 * Other spellings of one path under `/api/admin` that a router, a proxy or a browser may read as
 * the same URL. `path` starts with `/api/admin/`.
 */
export function spellingsOf(path: string): string[] {
  const rest = path.slice('/api/admin/'.length);
  return [
    path,
    `/${path}`,
    `/api//admin/${rest}`,
    `/api/admin//${rest}`,
    `/%61pi/admin/${rest}`,
    `/api/%61dmin/${rest}`,
    `/api/admin/%2E/${rest}`,
    `/api/admin/%2e%2e/admin/${rest}`,
    `/./api/admin/${rest}`,
    `/api/../api/admin/${rest}`,
    `/API/admin/${rest}`,
    `/api/ADMIN/${rest}`,
    `/api%2Fadmin/${rest}`,
    `/api\\admin/${rest}`,
    `${path}/`,
    `${path};x=1`,
    `${path}%00`,
    `${path}?`,
    `http://127.0.0.1${path}`,
    `http://evil.example${path}`,
    `HTTP://127.0.0.1:80//${path.slice(1)}`,
  ];
}

export const ALL_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** Runs `task` over `items` with at most `concurrency` at a time; results keep the input order. */
export async function mapWithConcurrency<T, R>(items: readonly T[], concurrency: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}

export interface SpellingFinding {
  method: string;
  target: string;
  status: number;
  problem: string;
}

/**
 * Sends every method × every spelling of every path without a token and returns what is wrong:
 * a 2xx, a 5xx, an answer without `Cache-Control: no-store`, or (for a path that is not public)
 * anything but the guard's 401 or a 404. Public paths may answer 4xx (their bodies are missing).
 */
export async function findUnguardedSpellings(
  port: number,
  paths: { path: string; isPublic: boolean }[],
): Promise<{ sent: number; findings: SpellingFinding[] }> {
  const cases = paths.flatMap(({ path, isPublic }) => spellingsOf(path).flatMap((target) => ALL_METHODS.map((method) => ({ method, target, isPublic }))));
  const findings: SpellingFinding[] = [];
  await mapWithConcurrency(cases, 16, async ({ method, target, isPublic }) => {
    const { status, headers } = await sendRaw(port, rawRequest(method, target));
    const problem =
      status >= 200 && status < 300
        ? 'answered without a token'
        : status >= 500 || status === 0
          ? 'failed'
          : !isPublic && status !== 401 && status !== 404
            ? 'not refused by the guard'
            : !headers['cache-control']?.includes('no-store')
              ? 'cacheable'
              : null;
    if (problem) findings.push({ method, target, status, problem });
  });
  return { sent: cases.length, findings };
}
