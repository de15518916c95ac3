import { createHmac, randomBytes } from 'node:crypto';
import type { APIRequestContext, APIResponse } from '@playwright/test';

/** An event as Stripe sends it, as far as the api reads it (test mode, as the e2e server runs). */
export interface StripeTestEvent {
  id: `evt_${string}`;
  type: string;
  account?: string;
  data: { object: Record<string, unknown> };
}

/**
 * Posts `event` to the api's Stripe endpoint signed as Stripe signs it: `t=<seconds>,v1=<HMAC-SHA256 of
 * "<t>.<payload>">` with the endpoint's secret, the e2e server's STRIPE_WEBHOOK_SECRET (global setup).
 */
export async function postStripeEvent(request: APIRequestContext, event: StripeTestEvent): Promise<APIResponse> {
  const secret = process.env.E2E_STRIPE_WEBHOOK_SECRET;
  if (!secret) throw new Error('E2E_STRIPE_WEBHOOK_SECRET is not set (global setup did not run)');
  const payload = JSON.stringify({ object: 'event', api_version: '2024-06-20', created: Math.floor(Date.now() / 1000), livemode: false, ...event });
  const timestamp = Math.floor(Date.now() / 1000);
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return request.post('/webhooks/stripe', {
    headers: { 'content-type': 'application/json', 'stripe-signature': `t=${timestamp},v1=${signature}` },
    data: payload,
  });
}

/** A `charge.dispute.*` event about `dispute` (its object as the test server answers it). */
export function stripeDisputeEvent(type: `charge.dispute.${string}`, dispute: { id: string }): StripeTestEvent {
  return { id: `evt_e2e${randomBytes(12).toString('hex')}`, type, data: { object: { ...dispute } } };
}
