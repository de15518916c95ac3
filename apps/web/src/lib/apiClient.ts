import {
  API_BASE,
  API_ROUTES,
  fillPath,
  type ApiRoutes,
  type ErrorEnvelope,
  type JsonRouteName,
  type RouteBody,
  type RouteParams,
  type RouteQuery,
  type RouteResponse,
} from '@ute/contract';
import { readToken } from './session';

/** Request time-out of docs/product.md §5. */
export const REQUEST_TIMEOUT_MS = 300_000;

/** Every failed call becomes one ApiError carrying the server's message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly serverMessage: string | null,
    readonly errors: ErrorEnvelope['errors'] = undefined,
    /** A 403's reason (the contract's FORBIDDEN_REASONS), when the server gave one. */
    readonly reason: string | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

let onUnauthorized: () => void = () => {};
/** Called on any 401 from a guarded call (docs/design.md decision 4). */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

let onStepUpRequired: () => Promise<boolean> = async () => false;
/**
 * Called when a call answers 403 STEP_UP_REQUIRED (money and bank details with 2FA on): resolves
 * true once a new token with a fresh second factor is stored, and the call is then sent again;
 * false (cancelled) lets the call fail with its 403 as usual. lib/stepUp.tsx registers the dialog.
 */
export function setStepUpHandler(handler: () => Promise<boolean>): void {
  onStepUpRequired = handler;
}

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  /** The version of the record acted on, as it was loaded: the api answers 409 if it changed since (docs/design.md §14). */
  ifMatch?: string;
}

export function buildQuery(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export async function apiRequest<T>(method: string, path: string, options: RequestOptions = {}, isRetryAfterStepUp = false): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = readToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.ifMatch) headers['If-Match'] = `"${options.ifMatch}"`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}${buildQuery(options.query)}`, { method, headers, body, signal });
  } catch (error) {
    if ((error as Error).name === 'AbortError' && options.signal?.aborted) throw error;
    const isTimeout = (error as Error).name === 'TimeoutError';
    throw new ApiError(0, isTimeout ? 'The request timed out' : 'Network error: the server could not be reached', null);
  }
  const text = await response.text();
  let payload: unknown = null;
  try {
    payload = text ? JSON.parse(text) : null;
  } catch {
    payload = null;
  }
  if (!response.ok) {
    const error = apiErrorOf(response.status, payload, token);
    // Once only: a second STEP_UP_REQUIRED right after a step-up is an answer, not a loop.
    if (error.status === 403 && error.reason === 'STEP_UP_REQUIRED' && !isRetryAfterStepUp && (await onStepUpRequired())) {
      return apiRequest<T>(method, path, options, true);
    }
    throw error;
  }
  return payload as T;
}

/**
 * The ApiError of a failed answer (its error envelope in `payload`); a 401 to a signed-in call signs
 * out, unless the session has moved to another token meanwhile (turning 2FA on ends every older
 * token and answers the new one: a call sent just before must not end the new session).
 */
function apiErrorOf(status: number, payload: unknown, token: string): ApiError {
  const envelope = payload as Partial<ErrorEnvelope> | null;
  const serverMessage = typeof envelope?.message === 'string' ? envelope.message : null;
  if (status === 401 && token && token === readToken()) onUnauthorized();
  const reason = typeof envelope?.reason === 'string' ? envelope.reason : null;
  return new ApiError(status, serverMessage ?? `Request failed with status ${status}`, serverMessage, envelope?.errors, reason);
}

export interface DownloadProgress {
  /** Lines received so far, the header included. */
  lines: number;
}

/**
 * GETs a file (a list's CSV export) as it streams, reporting the lines received so far, and saves it
 * under the server's file name. The bearer token rides in a header, which a plain link could not
 * carry. No time-out: an export of a million rows may take minutes; `signal` cancels it.
 */
export async function downloadFile(
  path: string,
  query: Record<string, QueryValue>,
  onProgress: (progress: DownloadProgress) => void,
  signal?: AbortSignal,
  isRetryAfterStepUp = false,
): Promise<void> {
  const token = readToken();
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}${buildQuery(query)}`, {
      headers: { Accept: 'text/csv', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'Network error: the server could not be reached', null);
  }
  if (!response.ok || !response.body) {
    const payload: unknown = await response.json().catch(() => null);
    const error = apiErrorOf(response.status, payload, token);
    // A file of whole bank details (a payout batch's ABA file) is a step-up call: the code is asked once, as apiRequest does.
    if (error.status === 403 && error.reason === 'STEP_UP_REQUIRED' && !isRetryAfterStepUp && (await onStepUpRequired())) {
      return downloadFile(path, query, onProgress, signal, true);
    }
    throw error;
  }
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let lines = 0;
  const reader = response.body.getReader();
  // Cancelling ends the read loop at once, whatever the body is waiting for; nothing is saved then.
  const cancel = () => void reader.cancel().catch(() => {});
  signal?.addEventListener('abort', cancel, { once: true });
  try {
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      parts.push(read.value);
      for (const byte of read.value) if (byte === 0x0a) lines += 1;
      onProgress({ lines });
    }
  } finally {
    signal?.removeEventListener('abort', cancel);
  }
  signal?.throwIfAborted();
  const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? 'export.csv';
  saveBlob(new Blob(parts, { type: response.headers.get('Content-Type') ?? 'text/csv' }), name);
}

/** Saves `blob` as a download named `name` (a file made in the browser: a chart's CSV or PNG). */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

type ParamsOption<N extends JsonRouteName> = ApiRoutes[N] extends { readonly params: unknown } ? { params: RouteParams<N> } : { params?: never };
type QueryOption<N extends JsonRouteName> = ApiRoutes[N] extends { readonly query: unknown }
  ? object extends RouteQuery<N>
    ? { query?: RouteQuery<N> }
    : { query: RouteQuery<N> }
  : { query?: never };
type BodyOption<N extends JsonRouteName> = ApiRoutes[N] extends { readonly consumes: 'multipart/form-data' }
  ? { body: FormData }
  : ApiRoutes[N] extends { readonly body: unknown }
    ? undefined extends RouteBody<N>
      ? { body?: RouteBody<N> }
      : { body: RouteBody<N> }
    : { body?: never };

/** What a call of the route `N` takes, as its row in the contract's route table says: its path parameters, query and body. */
export type CallOptions<N extends JsonRouteName> = ParamsOption<N> & QueryOption<N> & BodyOption<N> & { signal?: AbortSignal; ifMatch?: string };
type CallArgs<N extends JsonRouteName> = object extends CallOptions<N> ? [options?: CallOptions<N>] : [options: CallOptions<N>];

/**
 * Sends the call `name` of the contract's route table: its method and path, the path parameters
 * filled in, and resolves to its answer as the row's response schema types it.
 *
 *   api.call('uteStatus', { params: { id }, query: { status: 'Approved' } }) // Promise<MessageResponse>
 */
function callRoute<N extends JsonRouteName>(name: N, ...[options]: CallArgs<N>): Promise<RouteResponse<N>> {
  const { method, path } = API_ROUTES[name];
  const { params, query, body, signal, ifMatch } = (options ?? {}) as {
    params?: Record<string, unknown>;
    query?: Record<string, QueryValue>;
    body?: unknown;
    signal?: AbortSignal;
    ifMatch?: string;
  };
  return apiRequest<RouteResponse<N>>(method, params ? fillPath(path, params) : path, { query, body, signal, ifMatch });
}

export const api = {
  call: callRoute,
};
