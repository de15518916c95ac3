import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createStripeTestDisputes, type StripeTestDisputes } from './stripeTestDisputes';
import { createStripeTestRefunds, type StripeTestRefunds } from './stripeTestRefunds';

/** One transfer as the fake Stripe keeps it (the fields the payout code reads or tests check). */
export interface FakeTransfer {
  id: string;
  object: 'transfer';
  amount: number;
  currency: string;
  destination: string;
  description: string | null;
  metadata: Record<string, string>;
  transfer_group: string | null;
  created: number;
  /** Cumulative cents reversed (POST /v1/transfers/{id}/reversals). */
  amount_reversed: number;
  reversed: boolean;
  livemode: false;
}

interface StoredIdempotentResponse {
  /** The request parameters, so a reused key with other parameters is refused like Stripe does. */
  fingerprint: string;
  status: number;
  body: unknown;
}

export interface StripeTestServer {
  /** e.g. http://127.0.0.1:54321, for STRIPE_API_BASE. */
  url: string;
  /** Every transfer created, in order. */
  transfers: FakeTransfer[];
  /** How many POST /v1/transfers requests arrived (including idempotent replays and retries). */
  postCount: number;
  /** Idempotency-Key headers seen on POST /v1/transfers, in order. */
  idempotencyKeys: string[];
  /**
   * The next `times` successful POST answers (new transfers or idempotent replays) are sent only
   * after `ms`: the transfer is made at once, the answer is late (a slow Stripe, a client time-out).
   */
  delayAfterAccept(ms: number, times?: number): void;
  /** The next `times` successful POSTs are processed, then the socket is destroyed without an answer. */
  dropAfterAccept(times?: number): void;
  /** The next `times` POSTs answer this error without creating anything (a Stripe 4xx). */
  rejectNext(status: number, message: string, times?: number): void;
  /** Adds a transfer as if an earlier request with this idempotency key had been accepted. */
  seedTransfer(input: {
    idempotencyKey: string;
    amount: number;
    currency?: string;
    destination: string;
    transferGroup?: string;
    metadata?: Record<string, string>;
  }): FakeTransfer;
  /** Disputes and file uploads (stripeTestDisputes.ts): what the api submitted as evidence. */
  disputes: StripeTestDisputes;
  /** Refunds, payment intents to refund and transfer reversals (stripeTestRefunds.ts). */
  refunds: StripeTestRefunds;
  /** Forgets every transfer, key and hook. */
  reset(): void;
  close(): Promise<void>;
}

/** Parses Stripe's form encoding, including one level of `metadata[key]=value`. */
function parseForm(body: string): { fields: Record<string, string>; metadata: Record<string, string> } {
  const fields: Record<string, string> = {};
  const metadata: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const nested = /^metadata\[(.+)\]$/.exec(key);
    if (nested) metadata[nested[1]] = value;
    else fields[key] = value;
  }
  return { fields, metadata };
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    'request-id': `req_${randomBytes(6).toString('hex')}`,
    ...headers,
  });
  response.end(text);
}

const stripeError = (type: string, message: string, extra: Record<string, string> = {}) => ({ error: { type, message, ...extra } });

/**
 * A local HTTP server speaking enough of the Stripe transfers API for the payout tests: the real
 * `stripe` SDK talks to it through STRIPE_API_BASE. It honours Idempotency-Key the way Stripe does
 * (same key and parameters: the stored answer again, no second transfer) and lets a test slow down,
 * drop or refuse answers.
 */
export async function startStripeTestServer(): Promise<StripeTestServer> {
  const idempotent = new Map<string, StoredIdempotentResponse>();
  let delays: { ms: number; remaining: number } | null = null;
  let drops = 0;
  let rejections: { status: number; message: string; remaining: number } | null = null;
  const sockets = new Set<import('node:net').Socket>();
  const disputes = createStripeTestDisputes();

  const state = {
    transfers: [] as FakeTransfer[],
    postCount: 0,
    idempotencyKeys: [] as string[],
  };

  const createTransfer = (fields: Record<string, string>, metadata: Record<string, string>): FakeTransfer => {
    const transfer: FakeTransfer = {
      id: `tr_${randomBytes(12).toString('hex')}`,
      object: 'transfer',
      amount: Number(fields.amount),
      currency: fields.currency,
      destination: fields.destination,
      description: fields.description ?? null,
      metadata,
      transfer_group: fields.transfer_group ?? null,
      created: Math.floor(Date.now() / 1000),
      amount_reversed: 0,
      reversed: false,
      livemode: false,
    };
    state.transfers.push(transfer);
    return transfer;
  };

  /** Answers, unless a hook says to drop the connection or to wait first (the work is already done). */
  const answer = async (request: IncomingMessage, response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    if (drops > 0) {
      drops -= 1;
      request.socket.destroy();
      return;
    }
    if (delays && delays.remaining > 0) {
      delays.remaining -= 1;
      const { ms } = delays;
      if (delays.remaining === 0) delays = null;
      await new Promise((resolve) => setTimeout(resolve, ms));
      if (request.socket.destroyed) return;
    }
    sendJson(response, status, body, headers);
  };

  const handlePost = async (request: IncomingMessage, response: ServerResponse) => {
    state.postCount += 1;
    const body = await readBody(request);
    const key = request.headers['idempotency-key'];
    const idempotencyKey = typeof key === 'string' ? key : null;
    if (idempotencyKey) state.idempotencyKeys.push(idempotencyKey);
    const { fields, metadata } = parseForm(body);
    const fingerprint = JSON.stringify({ fields, metadata });

    if (idempotencyKey) {
      const stored = idempotent.get(idempotencyKey);
      if (stored) {
        if (stored.fingerprint !== '*' && stored.fingerprint !== fingerprint) {
          sendJson(
            response,
            400,
            stripeError(
              'idempotency_error',
              `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            ),
          );
          return;
        }
        await answer(request, response, stored.status, stored.body, { 'idempotent-replayed': 'true' });
        return;
      }
    }

    if (rejections && rejections.remaining > 0) {
      rejections.remaining -= 1;
      const { status, message } = rejections;
      if (rejections.remaining === 0) rejections = null;
      // Stripe stores 4xx answers under the key too: the same key gets the same error for 24 hours.
      const errorBody = stripeError('invalid_request_error', message);
      if (idempotencyKey) idempotent.set(idempotencyKey, { fingerprint, status, body: errorBody });
      sendJson(response, status, errorBody, { 'stripe-should-retry': 'false' });
      return;
    }

    const amount = Number(fields.amount);
    if (!Number.isInteger(amount) || amount < 1) {
      sendJson(response, 400, stripeError('invalid_request_error', 'Invalid positive integer', { param: 'amount' }));
      return;
    }
    if (!fields.currency) {
      sendJson(response, 400, stripeError('invalid_request_error', 'Missing required param: currency.', { param: 'currency' }));
      return;
    }
    if (!fields.destination?.startsWith('acct_')) {
      sendJson(response, 400, stripeError('invalid_request_error', `No such destination: '${fields.destination ?? ''}'`, { param: 'destination' }));
      return;
    }

    const transfer = createTransfer(fields, metadata);
    if (idempotencyKey) idempotent.set(idempotencyKey, { fingerprint, status: 200, body: transfer });
    await answer(request, response, 200, transfer);
  };

  /**
   * GET /v1/transfers as Stripe answers it: newest first, filtered by `transfer_group` and by
   * `created[gte]`/`created[lt]` (unix seconds), paged with `limit` and `starting_after`.
   */
  const handleList = (url: URL, response: ServerResponse) => {
    const group = url.searchParams.get('transfer_group');
    const gte = url.searchParams.get('created[gte]');
    const lt = url.searchParams.get('created[lt]');
    const after = url.searchParams.get('starting_after');
    const limit = Math.min(100, Number(url.searchParams.get('limit') ?? 10) || 10);
    let matching = state.transfers
      .filter((transfer) => !group || transfer.transfer_group === group)
      .filter((transfer) => (gte === null || transfer.created >= Number(gte)) && (lt === null || transfer.created < Number(lt)))
      .reverse();
    if (after) matching = matching.slice(matching.findIndex((transfer) => transfer.id === after) + 1);
    sendJson(response, 200, { object: 'list', url: '/v1/transfers', has_more: matching.length > limit, data: matching.slice(0, limit) });
  };

  // Refunds and transfer reversals (with their idempotency keys) are stripeTestRefunds.ts's.
  const refunds = createStripeTestRefunds({
    answer,
    takeRejection: () => {
      if (!rejections || rejections.remaining <= 0) return null;
      const { status, message } = rejections;
      rejections.remaining -= 1;
      if (rejections.remaining === 0) rejections = null;
      return { status, message };
    },
    findTransfer: (id) => state.transfers.find((transfer) => transfer.id === id),
    readBody,
    parseForm,
    sendJson,
  });

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const authorization = request.headers.authorization ?? '';
    if (!/^Bearer sk_(test|live)_/.test(authorization)) {
      sendJson(response, 401, stripeError('invalid_request_error', 'Invalid API Key provided'));
      return;
    }
    if (url.pathname === '/v1/transfers' && request.method === 'POST') {
      handlePost(request, response).catch(() => response.destroy());
      return;
    }
    if (url.pathname === '/v1/transfers' && request.method === 'GET') {
      handleList(url, response);
      return;
    }
    if (refunds.handle(request, response, url)) return;
    if (disputes.handle(request, response, url)) return;
    sendJson(response, 404, stripeError('invalid_request_error', `Unrecognized request URL (${request.method}: ${url.pathname}).`));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    get transfers() {
      return state.transfers;
    },
    get postCount() {
      return state.postCount;
    },
    get idempotencyKeys() {
      return state.idempotencyKeys;
    },
    delayAfterAccept(ms, times = 1) {
      delays = { ms, remaining: times };
    },
    dropAfterAccept(times = 1) {
      drops = times;
    },
    rejectNext(status, message, times = 1) {
      rejections = { status, message, remaining: times };
    },
    seedTransfer({ idempotencyKey, amount, currency = 'aud', destination, transferGroup, metadata = {} }) {
      const fields: Record<string, string> = { amount: String(amount), currency, destination, transfer_group: transferGroup ?? idempotencyKey };
      const transfer = createTransfer(fields, metadata);
      // The parameters are not known here, so a replay is answered whatever they are.
      idempotent.set(idempotencyKey, { fingerprint: '*', status: 200, body: transfer });
      return transfer;
    },
    disputes,
    refunds,
    reset() {
      disputes.reset();
      refunds.reset();
      state.transfers = [];
      state.postCount = 0;
      state.idempotencyKeys = [];
      idempotent.clear();
      delays = null;
      drops = 0;
      rejections = null;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
