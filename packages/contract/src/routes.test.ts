import { describe, expect, it } from 'vitest';
import { ROUTE_ACCESS, STEP_UP_ROUTES } from './access';
import { apiPaths, routePaths } from './paths';
import { API_ROUTES, type RouteName, type RouteRow } from './routes';
import { API_ROUTE_SCHEMAS } from './routeSchemas';

const names = Object.keys(API_ROUTE_SCHEMAS) as RouteName[];
const rows = names.map((name) => [name, API_ROUTE_SCHEMAS[name] as RouteRow] as const);

describe('the route table', () => {
  it('gives every JSON call a response schema, and a file or a multipart form none of what it replaces', () => {
    for (const [name, row] of rows) {
      expect(row.response === undefined, name).toBe(row.produces !== undefined);
      if (row.consumes) expect(row.body, name).toBeUndefined();
    }
  });

  it("has one row per path: the api finds a call's access by its path alone (plugins/authGuard.ts)", () => {
    expect(new Set(rows.map(([, row]) => row.path)).size).toBe(rows.length);
  });

  it('gives the web the same calls without a schema', () => {
    expect(Object.keys(API_ROUTES)).toEqual(names);
    for (const [name, row] of rows) {
      const call = API_ROUTES[name] as RouteRow;
      expect({ method: call.method, path: call.path, access: call.access }, name).toEqual({ method: row.method, path: row.path, access: row.access });
      expect([call.params, call.query, call.body, call.response], name).toEqual([undefined, undefined, undefined, undefined]);
    }
  });

  it('derives routePaths and ROUTE_ACCESS from the rows', () => {
    expect(routePaths).toEqual(Object.fromEntries(rows.map(([name, row]) => [name, row.path])));
    expect(ROUTE_ACCESS).toEqual(Object.fromEntries(rows.map(([name, row]) => [name, row.access])));
    expect([...STEP_UP_ROUTES].sort()).toEqual(
      [
        'acceptManualPayment',
        'approvePayoutBatch',
        'bankAccount',
        'cancelPayoutBatch',
        'chooseDisputeLossRecovery',
        'chooseRefundRecovery',
        'createRefund',
        'downloadPayoutBatch',
        'inviteAdmin',
        'manualTransfer',
        'markPayoutBatchPaid',
        'preparePayoutBatch',
        'resetAdminTwoFactor',
        'returnPayoutBatchCredit',
        'signOutAdmin',
        'stripeTransfer',
        'submitDisputeEvidence',
        'updateAdminRoles',
        'updateAdminSettings',
        'updateAdminStatus',
        'updateBusinessDetails',
        'updatePlatformFee',
        'updateWorkQueueThresholds',
      ].sort(),
    );
  });

  it('builds the web paths with the parameters in the template order, URI-encoded', () => {
    expect(apiPaths.utes).toBe('/get-all-ute-list');
    expect(apiPaths.stripeTransfer('owner-1', 'booking-2')).toBe('/transfer-amount/owner-1/booking-2');
    expect(apiPaths.validOtp('a+b@example.com')).toBe('/valid-otp/a%2Bb%40example.com');
    expect(apiPaths.invitation('x/y?z')).toBe('/invitations/x%2Fy%3Fz');
  });
});
