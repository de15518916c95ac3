import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The refunds and transfer reversals of the local Stripe test server (stripeTestServer.ts routes to
 * it): enough of https://docs.stripe.com/api/refunds and /api/transfer_reversals for the refund code
 * and its tests. Like Stripe it honours Idempotency-Key (the same key and parameters: the stored answer
 * again, nothing made twice; other parameters: an idempotency error) and refuses a refund larger than
 * what is left of its payment.
 */

/** A refund as the fake Stripe keeps it (Stripe's names). */
export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string | null;
  charge: string;
  status: 'succeeded';
  reason: string | null;
  metadata: Record<string, string>;
  created: number;
}

export interface FakeReversal {
  id: string;
  object: 'transfer_reversal';
  amount: number;
  currency: string;
  transfer: string;
  metadata: Record<string, string>;
  created: number;
}

/** What the refunds need of the server: its answer (with the delay and drop hooks), its refusal hook and its transfers. */
export interface StripeTestRefundHooks {
  answer(request: IncomingMessage, response: ServerResponse, status: number, body: unknown, headers?: Record<string, string>): Promise<void>;
  takeRejection(): { status: number; message: string } | null;
  findTransfer(id: string): { id: string; amount: number; amount_reversed: number; reversed: boolean; currency: string } | undefined;
  readBody(request: IncomingMessage): Promise<string>;
  parseForm(body: string): { fields: Record<string, string>; metadata: Record<string, string> };
  sendJson(response: ServerResponse, status: number, body: unknown, headers?: Record<string, string>): void;
}

export interface StripeTestRefunds {
  /** Every refund made, in order. */
  readonly refunds: FakeRefund[];
  /** Every transfer reversal made, in order. */
  readonly reversals: FakeReversal[];
  /** How many POST /v1/refunds arrived (replays and retries included), and their Idempotency-Keys. */
  readonly postCount: number;
  readonly idempotencyKeys: string[];
  /** The same for POST /v1/transfers/{id}/reversals. */
  readonly reversalPostCount: number;
  readonly reversalIdempotencyKeys: string[];
  /** A payment intent the customer paid (its amount in cents): a refund of an unknown one is refused as Stripe does. */
  registerPaymentIntent(id: string, amount: number): void;
  /** The next `times` reversal answers (new or replayed) are not sent: the connection is cut after the reversal is made. */
  dropReversalAnswers(times: number): void;
  /** A refund made as if from Stripe's dashboard (no idempotency key, no metadata of ours). */
  refundOutside(paymentIntent: string, amount: number, reason?: string | null): FakeRefund;
  /** Answers the request when it is one of these endpoints; false otherwise. */
  handle(request: IncomingMessage, response: ServerResponse, url: URL): boolean;
  reset(): void;
}

const stripeError = (type: string, message: string, extra: Record<string, string> = {}) => ({ error: { type, message, ...extra } });
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const now = () => Math.floor(Date.now() / 1000);

export function createStripeTestRefunds(hooks: StripeTestRefundHooks): StripeTestRefunds {
  const idempotent = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  const paymentIntents = new Map<string, { amount: number; charge: string }>();
  let reversalDrops = 0;
  const state = {
    refunds: [] as FakeRefund[],
    reversals: [] as FakeReversal[],
    postCount: 0,
    idempotencyKeys: [] as string[],
    reversalPostCount: 0,
    reversalIdempotencyKeys: [] as string[],
  };

  const refundedOf = (paymentIntent: string) =>
    state.refunds.filter((refund) => refund.payment_intent === paymentIntent).reduce((sum, refund) => sum + refund.amount, 0);

  const makeRefund = (paymentIntent: string, amount: number, reason: string | null, metadata: Record<string, string>): FakeRefund => {
    const refund: FakeRefund = {
      id: `re_${randomBytes(12).toString('hex')}`,
      object: 'refund',
      amount,
      currency: 'aud',
      payment_intent: paymentIntent,
      charge: paymentIntents.get(paymentIntent)!.charge,
      status: 'succeeded',
      reason,
      metadata,
      created: now(),
    };
    state.refunds.push(refund);
    return refund;
  };

  /** A reversal's answer, unless a test asked for it to be lost. */
  async function answerReversal(request: IncomingMessage, response: ServerResponse, status: number, body: unknown, headers?: Record<string, string>) {
    if (reversalDrops > 0) {
      reversalDrops -= 1;
      request.socket.destroy();
      return;
    }
    await hooks.answer(request, response, status, body, headers);
  }

  /** Replays a stored answer for a reused key (or refuses it with other parameters); true when it answered. */
  async function replayed(
    request: IncomingMessage,
    response: ServerResponse,
    key: string | null,
    fingerprint: string,
    answer: StripeTestRefundHooks['answer'] = hooks.answer,
  ): Promise<boolean> {
    const stored = key ? idempotent.get(key) : undefined;
    if (!stored) return false;
    if (stored.fingerprint !== fingerprint) {
      hooks.sendJson(
        response,
        400,
        stripeError(
          'idempotency_error',
          `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        ),
      );
      return true;
    }
    await answer(request, response, stored.status, stored.body, { 'idempotent-replayed': 'true' });
    return true;
  }

  /** Stores an error under the key too (Stripe replays a stored 4xx for 24 hours) and sends it. */
  function refuse(response: ServerResponse, key: string | null, fingerprint: string, status: number, body: unknown) {
    if (key) idempotent.set(key, { fingerprint, status, body });
    hooks.sendJson(response, status, body, { 'stripe-should-retry': 'false' });
  }

  async function handleCreateRefund(request: IncomingMessage, response: ServerResponse) {
    state.postCount += 1;
    const header = request.headers['idempotency-key'];
    const key = typeof header === 'string' ? header : null;
    if (key) state.idempotencyKeys.push(key);
    const { fields, metadata } = hooks.parseForm(await hooks.readBody(request));
    const fingerprint = JSON.stringify({ fields, metadata });
    if (await replayed(request, response, key, fingerprint)) return;
    const rejection = hooks.takeRejection();
    if (rejection) {
      refuse(response, key, fingerprint, rejection.status, stripeError('invalid_request_error', rejection.message));
      return;
    }
    const paymentIntent = fields.payment_intent ?? [...paymentIntents.entries()].find(([, intent]) => intent.charge === fields.charge)?.[0] ?? null;
    const intent = paymentIntent ? paymentIntents.get(paymentIntent) : undefined;
    if (!paymentIntent || !intent) {
      const what = fields.payment_intent ? `payment_intent: '${fields.payment_intent}'` : `charge: '${fields.charge ?? ''}'`;
      refuse(response, key, fingerprint, 404, stripeError('invalid_request_error', `No such ${what}`, { code: 'resource_missing' }));
      return;
    }
    const left = intent.amount - refundedOf(paymentIntent);
    const amount = fields.amount === undefined ? left : Number(fields.amount);
    if (!Number.isInteger(amount) || amount < 1) {
      refuse(response, key, fingerprint, 400, stripeError('invalid_request_error', 'Invalid positive integer', { param: 'amount' }));
      return;
    }
    if (amount > left) {
      const message =
        left <= 0
          ? `Charge ${intent.charge} has already been refunded.`
          : `Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(left)})`;
      refuse(
        response,
        key,
        fingerprint,
        400,
        stripeError('invalid_request_error', message, { param: 'amount', code: left <= 0 ? 'charge_already_refunded' : 'amount_too_large' }),
      );
      return;
    }
    const refund = makeRefund(paymentIntent, amount, fields.reason ?? null, metadata);
    if (key) idempotent.set(key, { fingerprint, status: 200, body: refund });
    await hooks.answer(request, response, 200, refund);
  }

  /** GET /v1/refunds: newest first, by payment_intent or charge, paged with limit and starting_after. */
  function handleListRefunds(url: URL, response: ServerResponse) {
    const paymentIntent = url.searchParams.get('payment_intent');
    const charge = url.searchParams.get('charge');
    const after = url.searchParams.get('starting_after');
    const limit = Math.min(100, Number(url.searchParams.get('limit') ?? 10) || 10);
    let matching = state.refunds
      .filter((refund) => (!paymentIntent || refund.payment_intent === paymentIntent) && (!charge || refund.charge === charge))
      .reverse();
    if (after) matching = matching.slice(matching.findIndex((refund) => refund.id === after) + 1);
    hooks.sendJson(response, 200, { object: 'list', url: '/v1/refunds', has_more: matching.length > limit, data: matching.slice(0, limit) });
  }

  /** POST /v1/transfers/{id}/reversals: reverses `amount` cents (all that is left when absent), once per key. */
  async function handleCreateReversal(request: IncomingMessage, response: ServerResponse, transferId: string) {
    state.reversalPostCount += 1;
    const header = request.headers['idempotency-key'];
    const key = typeof header === 'string' ? header : null;
    if (key) state.reversalIdempotencyKeys.push(key);
    const { fields, metadata } = hooks.parseForm(await hooks.readBody(request));
    const fingerprint = JSON.stringify({ transferId, fields, metadata });
    if (await replayed(request, response, key, fingerprint, answerReversal)) return;
    const rejection = hooks.takeRejection();
    if (rejection) {
      refuse(response, key, fingerprint, rejection.status, stripeError('invalid_request_error', rejection.message));
      return;
    }
    const transfer = hooks.findTransfer(transferId);
    if (!transfer) {
      refuse(response, key, fingerprint, 404, stripeError('invalid_request_error', `No such transfer: '${transferId}'`, { param: 'id' }));
      return;
    }
    const left = transfer.amount - transfer.amount_reversed;
    const amount = fields.amount === undefined ? left : Number(fields.amount);
    if (!Number.isInteger(amount) || amount < 1 || amount > left) {
      refuse(response, key, fingerprint, 400, stripeError('invalid_request_error', 'Invalid reversal amount', { param: 'amount' }));
      return;
    }
    transfer.amount_reversed += amount;
    transfer.reversed = transfer.amount_reversed === transfer.amount;
    const reversal: FakeReversal = {
      id: `trr_${randomBytes(12).toString('hex')}`,
      object: 'transfer_reversal',
      amount,
      currency: transfer.currency,
      transfer: transfer.id,
      metadata,
      created: now(),
    };
    state.reversals.push(reversal);
    if (key) idempotent.set(key, { fingerprint, status: 200, body: reversal });
    await answerReversal(request, response, 200, reversal);
  }

  function handleListReversals(transferId: string, response: ServerResponse) {
    const data = state.reversals.filter((reversal) => reversal.transfer === transferId).reverse();
    hooks.sendJson(response, 200, { object: 'list', url: `/v1/transfers/${transferId}/reversals`, has_more: false, data });
  }

  /** POST /test/payment_intents (the tests' own, not Stripe's): registers `id` with `amount` cents. */
  async function handleRegister(request: IncomingMessage, response: ServerResponse) {
    const { fields } = hooks.parseForm(await hooks.readBody(request));
    const amount = Number(fields.amount);
    if (!fields.id || !Number.isInteger(amount) || amount < 1) {
      hooks.sendJson(response, 400, stripeError('invalid_request_error', 'id and a positive amount are required'));
      return;
    }
    paymentIntents.set(fields.id, { amount, charge: `ch_${randomBytes(12).toString('hex')}` });
    hooks.sendJson(response, 200, { id: fields.id, object: 'payment_intent', amount, latest_charge: paymentIntents.get(fields.id)!.charge });
  }

  const failed = (response: ServerResponse) => () => response.destroy();

  return {
    get refunds() {
      return state.refunds;
    },
    get reversals() {
      return state.reversals;
    },
    get postCount() {
      return state.postCount;
    },
    get idempotencyKeys() {
      return state.idempotencyKeys;
    },
    get reversalPostCount() {
      return state.reversalPostCount;
    },
    get reversalIdempotencyKeys() {
      return state.reversalIdempotencyKeys;
    },
    registerPaymentIntent(id, amount) {
      paymentIntents.set(id, { amount, charge: `ch_${randomBytes(12).toString('hex')}` });
    },
    dropReversalAnswers(times) {
      reversalDrops = times;
    },
    refundOutside(paymentIntent, amount, reason = 'requested_by_customer') {
      if (!paymentIntents.has(paymentIntent)) throw new Error(`register ${paymentIntent} first`);
      return makeRefund(paymentIntent, amount, reason, {});
    },
    handle(request, response, url) {
      if (url.pathname === '/v1/refunds' && request.method === 'POST') {
        handleCreateRefund(request, response).catch(failed(response));
        return true;
      }
      if (url.pathname === '/v1/refunds' && request.method === 'GET') {
        handleListRefunds(url, response);
        return true;
      }
      const one = /^\/v1\/refunds\/([^/]+)$/.exec(url.pathname);
      if (one && request.method === 'GET') {
        const refund = state.refunds.find((candidate) => candidate.id === one[1]);
        if (refund) hooks.sendJson(response, 200, refund);
        else hooks.sendJson(response, 404, stripeError('invalid_request_error', `No such refund: '${one[1]}'`, { code: 'resource_missing' }));
        return true;
      }
      const reversal = /^\/v1\/transfers\/([^/]+)\/reversals$/.exec(url.pathname);
      if (reversal && request.method === 'POST') {
        handleCreateReversal(request, response, reversal[1]).catch(failed(response));
        return true;
      }
      if (reversal && request.method === 'GET') {
        handleListReversals(reversal[1], response);
        return true;
      }
      if (url.pathname === '/test/payment_intents' && request.method === 'POST') {
        handleRegister(request, response).catch(failed(response));
        return true;
      }
      return false;
    },
    reset() {
      reversalDrops = 0;
      idempotent.clear();
      paymentIntents.clear();
      state.refunds = [];
      state.reversals = [];
      state.postCount = 0;
      state.idempotencyKeys = [];
      state.reversalPostCount = 0;
      state.reversalIdempotencyKeys = [];
    },
  };
}
