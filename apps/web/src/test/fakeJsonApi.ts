import { afterEach, beforeEach, vi } from 'vitest';
import { z } from 'zod';
import { API_BASE, API_ROUTE_SCHEMAS, errorEnvelopeSchema, type RouteName, type RouteRow } from '@ute/contract';

export interface FakeReply {
  status?: number;
  body: unknown;
}
export type FakeHandler = (url: URL, init: RequestInit) => FakeReply | Promise<FakeReply>;

/** The route-table row a request's method and path name, with its path parameters. */
export interface MatchedRoute {
  name: RouteName;
  row: RouteRow;
  params: Record<string, string>;
}

interface CompiledRoute {
  name: RouteName;
  row: RouteRow;
  segments: readonly string[];
  paramCount: number;
}

const segmentsOf = (path: string) => path.split('/').slice(1);

// A path with fixed segments wins over a template with parameters there (as Fastify's router does):
// the fewest parameters first.
const COMPILED_ROUTES: readonly CompiledRoute[] = (Object.entries(API_ROUTE_SCHEMAS) as [RouteName, RouteRow][])
  .map(([name, row]) => {
    const segments = segmentsOf(row.path);
    return { name, row, segments, paramCount: segments.filter((segment) => segment.startsWith(':')).length };
  })
  .sort((a, b) => a.paramCount - b.paramCount);

/**
 * The row of the contract's route table (API_ROUTE_SCHEMAS) that `method` on `url` calls: its path
 * is under API_BASE and matches the row's template, each `:name` standing for one non-empty segment.
 * Null when no row matches.
 */
export function matchRoute(method: string, url: URL): MatchedRoute | null {
  if (!url.pathname.startsWith(`${API_BASE}/`)) return null;
  const segments = segmentsOf(url.pathname.slice(API_BASE.length));
  for (const route of COMPILED_ROUTES) {
    if (route.row.method !== method.toUpperCase() || route.segments.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matches = route.segments.every((template, index) => {
      const segment = segments[index];
      if (!template.startsWith(':')) return template === segment;
      if (!segment) return false;
      params[template.slice(1)] = decodeURIComponent(segment);
      return true;
    });
    if (matches) return { name: route.name, row: route.row, params };
  }
  return null;
}

/**
 * What is wrong with a fake's answer to `method` on `url`, as the contract sees it, or null when
 * nothing is: the request must call a row of the route table; a 2xx body must parse with the row's
 * response schema (a file route has none a JSON fake could answer), any other with the error
 * envelope's; and the body must have no key the schema does not know (the api's serializer strips
 * those, so the web never sees them).
 */
export function contractProblemOf(method: string, url: URL, reply: FakeReply): string | null {
  const call = `${method.toUpperCase()} ${url.pathname}`;
  const route = matchRoute(method, url);
  if (!route) return `The fake api was called with ${call}, which is no route of the contract's table (API_ROUTE_SCHEMAS under ${API_BASE}).`;
  const status = reply.status ?? 200;
  const ok = status >= 200 && status < 300;
  const schema = ok ? route.row.response : errorEnvelopeSchema;
  const what = ok ? `its ${status} answer (the route's response schema)` : `its ${status} answer (the error envelope, errorEnvelopeSchema)`;
  if (!schema)
    return `The fake api answered ${call} (route '${route.name}') with a ${status} JSON body, but the route answers a file (${route.row.produces ?? 'no JSON'}).`;
  const parsed = z.safeParse(schema, reply.body);
  if (!parsed.success) {
    return `The fake api's body for ${call} (route '${route.name}') does not parse as ${what}:\n${z.prettifyError(parsed.error)}\nBody: ${JSON.stringify(reply.body)}`;
  }
  // The api sends what its serializer makes of the schema's output, so a key the schema drops never reaches the web.
  const dropped = droppedKeys(reply.body, parsed.data);
  if (dropped.length === 0) return null;
  return `The fake api's body for ${call} (route '${route.name}') has keys not in ${what}, which the api would never send: ${dropped.join(', ')}\nBody: ${JSON.stringify(reply.body)}`;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The paths of the keys of `sent` that are not in the schema's output `parsed` (its unknown keys, stripped). */
function droppedKeys(sent: unknown, parsed: unknown, path = ''): string[] {
  if (Array.isArray(sent) && Array.isArray(parsed)) {
    return sent.flatMap((item, index) => droppedKeys(item, parsed[index], `${path}[${index}]`));
  }
  if (!isPlainObject(sent) || !isPlainObject(parsed)) return [];
  return Object.entries(sent).flatMap(([key, value]) => {
    const at = path ? `${path}.${key}` : key;
    if (value === undefined) return []; // not in the JSON sent
    return key in parsed ? droppedKeys(value, parsed[key], at) : [at];
  });
}

function fakeFetchOf(answer: FakeHandler, problems: string[]) {
  return vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init.method ?? 'GET';
    const reply = await answer(url, init);
    const problem = contractProblemOf(method, url, reply);
    if (problem) {
      // Recorded for afterEach to fail the test with, as the app may swallow the rejected fetch.
      problems.push(problem);
      throw new TypeError(problem);
    }
    const { status = 200, body } = reply;
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
}

/**
 * Stands in for fetch in every test of the file: each call is answered with the JSON `answer`
 * gives (status 200 unless it says). The calls are forgotten before each test and the real fetch
 * comes back after it. Returns the mock, to read the calls.
 *
 * Every answer is checked against the contract (contractProblemOf): a call of no route of the table,
 * or a body its route's response schema (or, for 4xx/5xx, the error envelope) does not parse, makes
 * that fetch reject and fails the test after it with the route and zod's issues. `takeProblems()`
 * hands the problems recorded so far to the test instead (for a test that means to send a wrong one).
 */
export function installFakeJsonApi(answer: FakeHandler) {
  const problems: string[] = [];
  const fetchMock = Object.assign(fakeFetchOf(answer, problems), {
    takeProblems(): string[] {
      return problems.splice(0);
    },
  });
  beforeEach(() => {
    fetchMock.mockClear();
    problems.length = 0;
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    const found = problems.splice(0);
    if (found.length > 0) throw new Error(`The fake api answered against the contract:\n\n${found.join('\n\n')}`);
  });
  return fetchMock;
}
