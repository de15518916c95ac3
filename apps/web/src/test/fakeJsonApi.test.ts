import { beforeEach, describe, expect, it } from 'vitest';
import { api, ApiError } from '../lib/apiClient';
import { contractProblemOf, installFakeJsonApi, matchRoute, type FakeHandler } from './fakeJsonApi';

const at = (path: string) => new URL(path, 'http://localhost');

let handler: FakeHandler;
const fetchMock = installFakeJsonApi((url, init) => handler(url, init));

beforeEach(() => {
  handler = () => ({ body: { message: 'Ute deleted successfully' } });
});

describe('matchRoute', () => {
  it("finds the route-table row of a request's method and path under the api base, with its parameters", () => {
    expect(matchRoute('GET', at('/api/admin/get-account-detail/owner%201'))).toMatchObject({ name: 'bankAccount', params: { ownerId: 'owner 1' } });
    expect(matchRoute('POST', at('/api/admin/transfer-amount/o1/b1'))).toMatchObject({ name: 'stripeTransfer', params: { uteOwnerId: 'o1', bookingId: 'b1' } });
    // A fixed segment wins over a parameter; the method tells rows of one path apart.
    expect(matchRoute('GET', at('/api/admin/get-all-ute-list/export?status=Pending'))?.name).toBe('utesExport');
    expect(matchRoute('post', at('/api/admin/sign-in/two-factor'))?.name).toBe('signInTwoFactor');
    expect(matchRoute('PUT', at('/api/admin/admins/a1/roles'))?.name).toBe('updateAdminRoles');
  });

  it('finds none for an unknown path, another method, a missing parameter or a path outside the api base', () => {
    expect(matchRoute('GET', at('/api/admin/no-such-route'))).toBeNull();
    expect(matchRoute('DELETE', at('/api/admin/get-all-ute-list'))).toBeNull();
    expect(matchRoute('PUT', at('/api/admin/delete-ute/'))).toBeNull();
    expect(matchRoute('GET', at('/get-all-ute-list'))).toBeNull();
  });
});

describe('contractProblemOf', () => {
  it("passes a body the route's response schema parses, and an error envelope on a 4xx/5xx", () => {
    expect(contractProblemOf('PUT', at('/api/admin/delete-ute/u1'), { body: { message: 'Ute deleted successfully' } })).toBeNull();
    expect(contractProblemOf('GET', at('/api/admin/dashboard-data'), { status: 403, body: { message: 'Forbidden', reason: 'ROLE' } })).toBeNull();
  });

  it('names the route and the zod issues of a 2xx body its response schema does not parse', () => {
    const problem = contractProblemOf('GET', at('/api/admin/get-account-detail/o1'), { body: { data: { bankName: 'Commonwealth Bank' } } });
    expect(problem).toContain("GET /api/admin/get-account-detail/o1 (route 'bankAccount')");
    expect(problem).toContain('data.accountNumber');
    expect(problem).toContain('data.bsbCode');
  });

  it('names a key the response schema does not know, which the api would strip', () => {
    const body = { message: 'Ute deleted successfully', deleted: { _id: 'u1' } };
    expect(contractProblemOf('PUT', at('/api/admin/delete-ute/u1'), { body })).toContain("(route 'deleteUte') has keys");
    expect(contractProblemOf('PUT', at('/api/admin/delete-ute/u1'), { body })).toContain(': deleted\n');
    const bank = { data: { accountNumber: '123456789', bsbCode: '062-000', accountHolderName: 'Liam Walker', bankName: 'CBA', iban: 'x' } };
    expect(contractProblemOf('GET', at('/api/admin/get-account-detail/o1'), { body: bank })).toContain(': data.iban\n');
  });

  it('checks an error answer against the error envelope', () => {
    const problem = contractProblemOf('GET', at('/api/admin/dashboard-data'), { status: 500, body: { error: 'boom' } });
    expect(problem).toContain("(route 'dashboard')");
    expect(problem).toContain('error envelope');
    expect(problem).toContain('message');
  });

  it('refuses a request of no route, and a JSON answer to a file route', () => {
    expect(contractProblemOf('GET', at('/api/admin/no-such-route'), { body: {} })).toContain('no route of the contract');
    expect(contractProblemOf('GET', at('/api/admin/all-users-data/export'), { body: {} })).toContain("route 'usersExport'");
  });
});

describe('installFakeJsonApi', () => {
  it('answers a body that fits the contract', async () => {
    await expect(api.call('deleteUte', { params: { id: 'u1' } })).resolves.toEqual({ message: 'Ute deleted successfully' });
    expect(fetchMock.takeProblems()).toEqual([]);
  });

  it('rejects the fetch of a wrong body and records the problem, which fails the test after it', async () => {
    handler = () => ({ body: { data: { bankName: 'Commonwealth Bank' } } });
    // The client turns the rejected fetch into a network error, as the app would show it...
    await expect(api.call('bankAccount', { params: { ownerId: 'o1' } })).rejects.toBeInstanceOf(ApiError);
    // ...so the problem is recorded too: afterEach throws it unless the test takes it, as here.
    const problems = fetchMock.takeProblems();
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain("(route 'bankAccount') does not parse");
    expect(problems[0]).toContain('data.accountNumber');
  });

  it('rejects a call of no route in the table', async () => {
    await expect(fetch('/api/admin/no-such-route')).rejects.toThrow('no route of the contract');
    expect(fetchMock.takeProblems()).toHaveLength(1);
  });

  it.fails('fails the test in afterEach when a wrong body went unnoticed (expected to fail)', async () => {
    handler = () => ({ body: { data: { bankName: 'Commonwealth Bank' } } });
    await api.call('bankAccount', { params: { ownerId: 'o1' } }).catch(() => undefined);
  });
});
