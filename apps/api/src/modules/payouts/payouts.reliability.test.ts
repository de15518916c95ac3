import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UteBooking, UteBookingListResponse } from '@ute/contract';
import { freePort, startApiProcess, waitForHealth, type ApiProcess } from '../../reliability/processHarness';
import { TwoFactorSession } from '../../test/twoFactorSession';
import { startStripeTestServer, type StripeTestServer } from '../../test/stripeTestServer';

const ADMIN = { email: 'payout-crash@test.local', password: 'payout-crash-password' };

// The admin enrols in 2FA on the first token: payouts are step-up routes, closed to a password alone.
const session = new TwoFactorSession(ADMIN);
const signIn = (port: number): Promise<string> => session.token(`http://127.0.0.1:${port}/api/admin`);

async function uteBookings(port: number, token: string): Promise<UteBooking[]> {
  const response = await fetch(`http://127.0.0.1:${port}/api/admin/ute-booking-list?limit=100`, { headers: { authorization: `Bearer ${token}` } });
  return ((await response.json()) as UteBookingListResponse).data;
}

/**
 * The real process is killed (SIGKILL) after Stripe accepted the transfer and before the api could
 * record it; the next start must find the transfer and record it, without a second one.
 */
describe('SIGKILL between the Stripe call and the database write', () => {
  let stripe: StripeTestServer;
  const work = mkdtempSync(path.join(os.tmpdir(), 'ute-payout-crash-'));
  let api: ApiProcess | null = null;

  beforeAll(async () => {
    stripe = await startStripeTestServer();
  });
  afterAll(async () => {
    api?.child.kill('SIGKILL');
    await stripe.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('records the transfer at the next start, exactly once', async () => {
    const env = {
      DATA_DIR: path.join(work, 'data'),
      SEED_DEMO: 'true',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_API_BASE: stripe.url,
    };
    api = startApiProcess(env, await freePort());
    await waitForHealth(api.port);
    let token = await signIn(api.port);
    const booking = (await uteBookings(api.port, token)).find((b) => b.status === 'delivered' && !b.isTransfered && !b.isTransferring);
    expect(booking).toBeDefined();

    // Stripe accepts the transfer but its answer never comes back before the kill.
    stripe.delayAfterAccept(120_000, 1);
    const pendingCall = fetch(`http://127.0.0.1:${api.port}/api/admin/transfer-amount/${booking!.uteBy}/${booking!._id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    }).catch(() => null);
    const deadline = Date.now() + 20_000;
    while (stripe.transfers.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stripe.transfers).toHaveLength(1);
    api.child.kill('SIGKILL');
    await api.exited;
    await pendingCall;

    // The next start queues a reconciliation job, which records the transfer soon after.
    api = startApiProcess(env, await freePort());
    await waitForHealth(api.port);
    token = await signIn(api.port);
    const recordedBy = Date.now() + 15_000;
    let after = (await uteBookings(api.port, token)).find((b) => b._id === booking!._id);
    while (!after?.isTransfered && Date.now() < recordedBy) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      after = (await uteBookings(api.port, token)).find((b) => b._id === booking!._id);
    }
    expect(after).toMatchObject({ isTransfered: true, isTransferring: false });
    expect(stripe.transfers.filter((t) => t.metadata.bookingId === booking!._id)).toHaveLength(1);
    expect(stripe.postCount).toBe(1);

    // And the booking cannot be paid again.
    const again = await fetch(`http://127.0.0.1:${api.port}/api/admin/transfer-amount/${booking!.uteBy}/${booking!._id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(again.status).toBe(409);
    expect(stripe.postCount).toBe(1);
  }, 180_000);
});
