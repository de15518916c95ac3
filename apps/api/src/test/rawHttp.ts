import { connect, type Socket } from 'node:net';
import { API_BASE, BLOG_IMAGE_FIELD } from '@ute/contract';
import { makeDemoPng } from '../seed/png';

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

/** A whole HTTP/1.1 request that keeps its connection open (as a browser's), with its body if any. */
export function keepAliveRequest(method: string, target: string, headers: Record<string, string> = {}, body: string | Buffer = ''): Buffer {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'latin1') : body;
  const lines = [`${method} ${target} HTTP/1.1`, 'Host: 127.0.0.1', `Content-Length: ${bytes.length}`];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), bytes]);
}

/** Where the response at the start of `bytes` ends, or -1 while it is incomplete (Content-Length or chunked bodies; not HEAD, 1xx, 204 or 304). */
function responseEnd(bytes: Buffer): number {
  const headerEnd = bytes.indexOf('\r\n\r\n');
  if (headerEnd === -1) return -1;
  const head = bytes.subarray(0, headerEnd).toString('latin1');
  const bodyStart = headerEnd + 4;
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
  if (length) return bytes.length >= bodyStart + Number(length[1]) ? bodyStart + Number(length[1]) : -1;
  if (!/\r\ntransfer-encoding:\s*chunked/i.test(head)) return bodyStart;
  let at = bodyStart;
  for (;;) {
    const lineEnd = bytes.indexOf('\r\n', at);
    if (lineEnd === -1) return -1;
    const size = parseInt(bytes.subarray(at, lineEnd).toString('latin1'), 16);
    if (size === 0) {
      const trailerEnd = bytes.indexOf('\r\n\r\n', lineEnd); // after the last chunk's trailers, if any
      return trailerEnd === -1 ? -1 : trailerEnd + 4;
    }
    at = lineEnd + 2 + size + 2;
    if (bytes.length < at) return -1;
  }
}

/**
 * One kept-alive connection that carries requests one after the other, as a browser's does, then
 * may be left stalled. `closedAt` resolves with the time the server closed it.
 */
export class RawConnection {
  /** Everything received and not yet taken by `send` (an answer to a stalled request, a 408). */
  private pending = Buffer.alloc(0);
  private waiter: (() => void) | null = null;
  readonly closedAt: Promise<number>;
  /** Requests answered on this connection so far. */
  answered = 0;

  private constructor(private readonly socket: Socket) {
    socket.on('error', () => {}); // a reset is one way the server cuts it
    socket.on('data', (chunk: Buffer) => {
      this.pending = Buffer.concat([this.pending, chunk]);
      this.waiter?.();
    });
    this.closedAt = new Promise((resolve) =>
      socket.once('close', () => {
        resolve(Date.now());
        this.waiter?.();
      }),
    );
  }

  static open(port: number): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => resolve(new RawConnection(socket)));
      socket.once('error', reject);
    });
  }

  get isClosed(): boolean {
    return this.socket.destroyed;
  }

  /** What the server sent that no `send` took (after a stall: its 408, if any), as text. */
  get unread(): string {
    return this.pending.toString('latin1');
  }

  /** Sends a whole request and reads its whole answer; the connection stays open if the server keeps it. */
  async send(request: Buffer | string, timeoutMs = 10_000): Promise<RawResponse & { raw: Buffer }> {
    this.socket.write(request);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const end = responseEnd(this.pending);
      if (end !== -1) {
        const raw = this.pending.subarray(0, end);
        this.pending = this.pending.subarray(end);
        this.answered += 1;
        return { ...parseRawResponse(raw.toString('latin1')), raw };
      }
      if (this.socket.destroyed) throw new Error(`connection closed before the answer (after ${this.answered} answers)`);
      if (Date.now() > deadline) throw new Error(`no answer within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
        this.waiter = () => {
          clearTimeout(timer);
          this.waiter = null;
          resolve();
        };
      });
    }
  }

  /** Writes bytes and does not wait for anything (the start of a request that then stalls). */
  write(bytes: Buffer | string): void {
    this.socket.write(bytes);
  }

  destroy(): void {
    this.socket.destroy();
  }
}

/** Who the browser-like traffic signs in as, and the bearer token it sends. */
export interface BrowserSession {
  email: string;
  password: string;
  token: string;
}

/**
 * An admin's browser session as kept-alive requests, each with the status it must get: a health
 * check, a sign-in (JSON POST), a list, the API document (large, so gzipped), a blog with an image
 * (multipart upload) and a page that does not exist.
 */
function browserRequests({ email, password, token }: BrowserSession): { name: string; request: Buffer; status: number; isGzip?: boolean }[] {
  const auth = { authorization: `Bearer ${token}` };
  const boundary = '----BrowserLikeFormBoundary';
  const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const form = Buffer.concat([
    Buffer.from(field('title', 'Kept-alive traffic') + field('description', 'A blog posted on a reused connection.')),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${BLOG_IMAGE_FIELD}"; filename="ute.png"\r\nContent-Type: image/png\r\n\r\n`),
    makeDemoPng(64, 48, [200, 80, 40]),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return [
    { name: 'health', request: keepAliveRequest('GET', '/api/health'), status: 200 },
    {
      name: 'sign-in',
      request: keepAliveRequest('POST', `${API_BASE}/sign-in`, { 'content-type': 'application/json' }, JSON.stringify({ email, password })),
      status: 200,
    },
    { name: 'FAQ list', request: keepAliveRequest('GET', `${API_BASE}/all-faq`, auth), status: 200 },
    {
      name: 'API document',
      request: keepAliveRequest('GET', '/api/docs/json', { ...auth, 'accept-encoding': 'gzip, deflate, br' }),
      status: 200,
      isGzip: true,
    },
    {
      name: 'blog with an image',
      request: keepAliveRequest('POST', `${API_BASE}/create-blog`, { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` }, form),
      status: 200,
    },
    { name: 'missing page', request: keepAliveRequest('GET', `${API_BASE}/no-such-page`, auth), status: 404 },
  ];
}

/**
 * Browser-like traffic: `connections` kept-alive connections, each carrying the whole session
 * `rounds` times (each connection in its own order). Throws on any unexpected answer or a connection
 * the server closed; returns the connections, open, each having carried its requests.
 */
export async function driveBrowserTraffic(port: number, session: BrowserSession, connections = 6, rounds = 3): Promise<RawConnection[]> {
  const requests = browserRequests(session);
  const opened = await Promise.all(Array.from({ length: connections }, () => RawConnection.open(port)));
  // One sign-in at a time across the connections: the api counts sign-ins under way against the
  // account's limit (5 per address), so 8 at once on a slow machine would be a real 429.
  let signInTurn: Promise<unknown> = Promise.resolve();
  const send = (connection: RawConnection, name: string, request: Buffer) => {
    if (name !== 'sign-in') return connection.send(request);
    const answer = signInTurn.then(() => connection.send(request));
    signInTurn = answer.catch(() => undefined);
    return answer;
  };
  await Promise.all(
    opened.map(async (connection, index) => {
      for (let i = 0; i < rounds * requests.length; i += 1) {
        const { name, request, status, isGzip } = requests[(i + index) % requests.length];
        const answer = await send(connection, name, request);
        if (answer.status !== status) throw new Error(`${name}: ${answer.status} instead of ${status}: ${answer.body.slice(0, 200)}`);
        if (isGzip && answer.headers['content-encoding'] !== 'gzip') throw new Error(`${name}: not gzipped`);
        if (answer.headers.connection === 'close') throw new Error(`${name}: the server closed the connection`);
      }
    }),
  );
  return opened;
}

/**
 * How a client can stall a request: its body never comes (`partial body`), its headers never end
 * (`partial headers`), or none of it ever reaches the server (`nothing`: fetch holds a streamed
 * body's headers until its first chunk), or only empty lines come, which begin no request.
 */
export type StallKind = 'partial body' | 'partial headers' | 'nothing' | 'empty lines';

const STALL_BYTES: Record<Exclude<StallKind, 'nothing' | 'empty lines'>, string> = {
  'partial body': `POST ${API_BASE}/sign-in HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":`,
  'partial headers': 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n',
};

/**
 * Stalls a request of `kind` on the connection. Resolves with how long the server took to close it
 * and what it answered, or with `afterMs: Infinity` if it was still open after `giveUpMs`.
 */
export async function stallRequest(
  connection: RawConnection,
  kind: StallKind,
  giveUpMs: number,
  trickleEveryMs = 500,
): Promise<{ afterMs: number; answer: string }> {
  const startedAt = Date.now();
  const trickle = kind === 'empty lines' ? setInterval(() => !connection.isClosed && connection.write('\r\n'), trickleEveryMs) : undefined;
  if (kind === 'partial body' || kind === 'partial headers') connection.write(STALL_BYTES[kind]);
  try {
    const closedAt = await Promise.race([connection.closedAt, new Promise<number>((resolve) => setTimeout(() => resolve(Number.POSITIVE_INFINITY), giveUpMs))]);
    return { afterMs: closedAt - startedAt, answer: connection.unread.split('\r\n')[0] };
  } finally {
    clearInterval(trickle);
    connection.destroy();
  }
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
