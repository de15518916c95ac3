import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/testApp';

/** The request log of app.ts (OneLinePerRequest): one line a request, written when it is answered. */
describe('request log', () => {
  const lines: Record<string, unknown>[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ build: { logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } } } });
  });
  afterAll(() => t.close());

  const linesOf = (reqId: string) => lines.filter((line) => line.reqId === reqId);

  it('writes one line a request, with the request, its status and its time, and no line on arrival', async () => {
    lines.length = 0;
    const listed = await t.request({ method: 'GET', url: '/all-users-data?page=1&limit=10' });
    expect(listed.statusCode).toBe(200);
    const refused = await t.request({ method: 'GET', url: '/all-users-data?page=1&limit=10', token: null });
    expect(refused.statusCode).toBe(401);

    const requestLines = lines.filter((line) => typeof line.reqId === 'string' && (line.req || line.res));
    expect(requestLines).toHaveLength(2);
    for (const [line, status] of [
      [requestLines[0], 200],
      [requestLines[1], 401],
    ] as const) {
      expect(line).toMatchObject({
        level: 30,
        msg: 'request completed',
        req: { method: 'GET', url: '/api/admin/all-users-data?page=1&limit=10' },
        res: { statusCode: status },
      });
      expect(line.responseTime).toEqual(expect.any(Number));
      expect(linesOf(line.reqId as string)).toEqual([line]);
    }
    expect(lines.some((line) => line.msg === 'incoming request')).toBe(false);
  });
});
