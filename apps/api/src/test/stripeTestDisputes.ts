import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The disputes and file uploads of the local Stripe test server (stripeTestServer.ts routes to
 * it): enough of https://docs.stripe.com/api/disputes and /api/files for the dispute code and its
 * tests, which read back what the api submitted.
 */

/** A dispute as the fake Stripe keeps it (the fields the api reads, Stripe's names). */
export interface FakeDispute {
  id: string;
  object: 'dispute';
  amount: number;
  currency: string;
  charge: string;
  payment_intent: string | null;
  reason: string;
  status: string;
  created: number;
  livemode: false;
  metadata: Record<string, string>;
  /** Text values as sent; file fields hold a file id. */
  evidence: Record<string, string | null>;
  evidence_details: { due_by: number | null; has_evidence: boolean; past_due: boolean; submission_count: number };
  is_charge_refundable: boolean;
  balance_transactions: unknown[];
}

/** One accepted POST /v1/disputes/{id}, as the api sent it. */
export interface FakeDisputeUpdate {
  disputeId: string;
  idempotencyKey: string | null;
  evidence: Record<string, string>;
  metadata: Record<string, string>;
  submit: boolean;
}

/** A file uploaded with POST /v1/files (multipart), its content kept as text. */
export interface FakeFile {
  id: string;
  object: 'file';
  purpose: string;
  filename: string;
  type: string;
  size: number;
  created: number;
  content: string;
}

export interface CreateFakeDisputeInput {
  amount: number;
  paymentIntent?: string | null;
  charge?: string;
  currency?: string;
  reason?: string;
  status?: string;
  /** Unix seconds; by default a week from now. */
  dueBy?: number | null;
  created?: number;
}

export interface StripeTestDisputes {
  readonly disputes: Map<string, FakeDispute>;
  readonly files: Map<string, FakeFile>;
  /** Every accepted update, in order (idempotent replays are not updates). */
  readonly updates: FakeDisputeUpdate[];
  /** How many POST /v1/disputes/{id} arrived, replays and refusals included. */
  readonly postCount: number;
  createDispute(input: CreateFakeDisputeInput): FakeDispute;
  /** Ends a dispute as Stripe's card network would (won or lost). */
  closeDispute(id: string, status: 'won' | 'lost' | 'warning_closed'): FakeDispute;
  /** The next `times` POSTs on a dispute answer this error, nothing changed (a Stripe 4xx). */
  rejectNextUpdate(status: number, message: string, times?: number): void;
  /** Answers a request it serves (true), else leaves it to the caller (false). */
  handle(request: IncomingMessage, response: ServerResponse, url: URL): boolean;
  reset(): void;
}

const SEVEN_DAYS_SECONDS = 7 * 24 * 60 * 60;
const CLOSED = new Set(['won', 'lost', 'warning_closed', 'prevented']);
/** Stripe's evidence fields (DisputeUpdateParams.Evidence), every one null until sent. */
const EVIDENCE_FIELDS = [
  'access_activity_log',
  'billing_address',
  'cancellation_policy',
  'cancellation_policy_disclosure',
  'cancellation_rebuttal',
  'customer_communication',
  'customer_email_address',
  'customer_name',
  'customer_purchase_ip',
  'customer_signature',
  'duplicate_charge_documentation',
  'duplicate_charge_explanation',
  'duplicate_charge_id',
  'product_description',
  'receipt',
  'refund_policy',
  'refund_policy_disclosure',
  'refund_refusal_explanation',
  'service_date',
  'service_documentation',
  'shipping_address',
  'shipping_carrier',
  'shipping_date',
  'shipping_documentation',
  'shipping_tracking_number',
  'uncategorized_file',
  'uncategorized_text',
] as const;

const stripeError = (message: string, extra: Record<string, string> = {}) => ({ error: { type: 'invalid_request_error', message, ...extra } });

function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  response.end(text);
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/** Stripe's form encoding with one level of nesting: `evidence[name]`, `metadata[key]`. */
function parseNestedForm(body: string): { fields: Record<string, string>; nested: Record<string, Record<string, string>> } {
  const fields: Record<string, string> = {};
  const nested: Record<string, Record<string, string>> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const match = /^(\w+)\[(\w+)\]$/.exec(key);
    if (match) (nested[match[1]] ??= {})[match[2]] = value;
    else fields[key] = value;
  }
  return { fields, nested };
}

/** The parts of a multipart/form-data body (the SDK's file upload), by field name. */
function parseMultipart(body: string, contentType: string): Record<string, { content: string; filename?: string; type?: string }> {
  const boundary = /boundary=([^;]+)/.exec(contentType)?.[1];
  if (!boundary) return {};
  const parts: Record<string, { content: string; filename?: string; type?: string }> = {};
  for (const section of body.split(`--${boundary}`).slice(1)) {
    if (section.startsWith('--')) break;
    const headerEnd = section.indexOf('\r\n\r\n');
    if (headerEnd < 0) continue;
    const headers = section.slice(0, headerEnd);
    const name = /name="([^"]*)"/.exec(headers)?.[1];
    if (!name) continue;
    parts[name] = {
      // The part's content ends with the CRLF before the next boundary.
      content: section.slice(headerEnd + 4).replace(/\r\n$/, ''),
      filename: /filename="([^"]*)"/.exec(headers)?.[1],
      type: /Content-Type: (.+)/i.exec(headers)?.[1]?.trim(),
    };
  }
  return parts;
}

export function createStripeTestDisputes(): StripeTestDisputes {
  let disputes = new Map<string, FakeDispute>();
  let files = new Map<string, FakeFile>();
  let updates: FakeDisputeUpdate[] = [];
  let postCount = 0;
  let rejections: { status: number; message: string; remaining: number } | null = null;
  // Stripe answers a reused key with the stored answer (same parameters) or refuses it (others).
  const idempotent = new Map<string, { fingerprint: string; status: number; body: unknown }>();

  const createDispute = (input: CreateFakeDisputeInput): FakeDispute => {
    const now = Math.floor(Date.now() / 1000);
    const dispute: FakeDispute = {
      id: `dp_${randomBytes(12).toString('hex')}`,
      object: 'dispute',
      amount: input.amount,
      currency: input.currency ?? 'aud',
      charge: input.charge ?? `ch_${randomBytes(12).toString('hex')}`,
      payment_intent: input.paymentIntent ?? null,
      reason: input.reason ?? 'product_not_received',
      status: input.status ?? 'needs_response',
      created: input.created ?? now,
      livemode: false,
      metadata: {},
      evidence: Object.fromEntries(EVIDENCE_FIELDS.map((field) => [field, null])),
      evidence_details: {
        due_by: input.dueBy === undefined ? now + SEVEN_DAYS_SECONDS : input.dueBy,
        has_evidence: false,
        past_due: false,
        submission_count: 0,
      },
      is_charge_refundable: false,
      balance_transactions: [],
    };
    disputes.set(dispute.id, dispute);
    return dispute;
  };

  const replay = (key: string | null, fingerprint: string, response: ServerResponse): boolean => {
    const stored = key ? idempotent.get(key) : undefined;
    if (!stored) return false;
    if (stored.fingerprint !== fingerprint) {
      sendJson(response, 400, {
        error: { type: 'idempotency_error', message: `Keys for idempotent requests can only be used with the same parameters they were first used with.` },
      });
    } else {
      sendJson(response, stored.status, stored.body, { 'idempotent-replayed': 'true' });
    }
    return true;
  };

  const answer = (key: string | null, fingerprint: string, response: ServerResponse, status: number, body: unknown) => {
    if (key) idempotent.set(key, { fingerprint, status, body });
    sendJson(response, status, body);
  };

  /** POST /v1/disputes/{id}: evidence fields (text, or a file id) and `submit=true`, as Stripe takes them. */
  const handleUpdate = async (request: IncomingMessage, response: ServerResponse, id: string) => {
    postCount += 1;
    const body = await readBody(request);
    const key = typeof request.headers['idempotency-key'] === 'string' ? request.headers['idempotency-key'] : null;
    const { fields, nested } = parseNestedForm(body);
    const fingerprint = JSON.stringify({ id, fields, nested });
    if (replay(key, fingerprint, response)) return;
    if (rejections && rejections.remaining > 0) {
      rejections.remaining -= 1;
      const { status, message } = rejections;
      if (rejections.remaining === 0) rejections = null;
      answer(key, fingerprint, response, status, stripeError(message));
      return;
    }
    const dispute = disputes.get(id);
    if (!dispute) {
      answer(key, fingerprint, response, 404, stripeError(`No such dispute: '${id}'`, { param: 'dispute' }));
      return;
    }
    const evidence = nested.evidence ?? {};
    const unknown = Object.keys(evidence).find((field) => !(EVIDENCE_FIELDS as readonly string[]).includes(field));
    if (unknown) {
      answer(key, fingerprint, response, 400, stripeError(`Received unknown parameter: evidence[${unknown}]`, { param: `evidence[${unknown}]` }));
      return;
    }
    for (const field of ['customer_communication', 'receipt', 'refund_policy', 'uncategorized_file'] as const) {
      const fileId = evidence[field];
      if (fileId !== undefined && !files.has(fileId)) {
        answer(key, fingerprint, response, 400, stripeError(`No such file upload: '${fileId}'`, { param: `evidence[${field}]` }));
        return;
      }
    }
    if (CLOSED.has(dispute.status) || dispute.evidence_details.submission_count > 0) {
      answer(key, fingerprint, response, 400, stripeError('This dispute is already closed or its evidence was submitted, so it cannot be updated.'));
      return;
    }
    const submit = fields.submit === 'true';
    Object.assign(dispute.evidence, evidence);
    Object.assign(dispute.metadata, nested.metadata ?? {});
    dispute.evidence_details.has_evidence = Object.values(dispute.evidence).some((value) => value !== null);
    if (submit) {
      dispute.evidence_details.submission_count += 1;
      dispute.status = dispute.status.startsWith('warning_') ? 'warning_under_review' : 'under_review';
    }
    updates.push({ disputeId: id, idempotencyKey: key, evidence, metadata: nested.metadata ?? {}, submit });
    answer(key, fingerprint, response, 200, dispute);
  };

  /** POST /v1/files: a multipart upload (Stripe's files.stripe.com, here on the same host). */
  const handleFileUpload = async (request: IncomingMessage, response: ServerResponse) => {
    const parts = parseMultipart(await readBody(request), request.headers['content-type'] ?? '');
    const key = typeof request.headers['idempotency-key'] === 'string' ? request.headers['idempotency-key'] : null;
    const fingerprint = JSON.stringify({ purpose: parts.purpose?.content, file: parts.file?.content });
    if (replay(key, fingerprint, response)) return;
    if (!parts.file || !parts.purpose) {
      answer(key, fingerprint, response, 400, stripeError('Missing required param: file and purpose.'));
      return;
    }
    const file: FakeFile = {
      id: `file_${randomBytes(12).toString('hex')}`,
      object: 'file',
      purpose: parts.purpose.content,
      filename: parts.file.filename ?? 'blob',
      type: parts.file.type ?? 'application/octet-stream',
      size: Buffer.byteLength(parts.file.content),
      created: Math.floor(Date.now() / 1000),
      content: parts.file.content,
    };
    files.set(file.id, file);
    const { content: _content, ...withoutContent } = file;
    answer(key, fingerprint, response, 200, withoutContent);
  };

  /** POST /v1/test_helpers/disputes: makes a dispute (a card network's doing, not an api call Stripe has). */
  const handleCreate = async (request: IncomingMessage, response: ServerResponse) => {
    const { fields } = parseNestedForm(await readBody(request));
    const amount = Number(fields.amount);
    if (!Number.isInteger(amount) || amount < 1) {
      sendJson(response, 400, stripeError('Invalid positive integer', { param: 'amount' }));
      return;
    }
    sendJson(
      response,
      200,
      createDispute({
        amount,
        paymentIntent: fields.payment_intent ?? null,
        reason: fields.reason,
        status: fields.status,
        dueBy: fields.due_by === undefined ? undefined : Number(fields.due_by),
      }),
    );
  };

  const closeDispute = (id: string, status: 'won' | 'lost' | 'warning_closed') => {
    const dispute = disputes.get(id);
    if (!dispute) throw new Error(`no dispute ${id}`);
    dispute.status = status;
    return dispute;
  };

  return {
    get disputes() {
      return disputes;
    },
    get files() {
      return files;
    },
    get updates() {
      return updates;
    },
    get postCount() {
      return postCount;
    },
    createDispute,
    closeDispute,
    rejectNextUpdate(status, message, times = 1) {
      rejections = { status, message, remaining: times };
    },
    handle(request, response, url) {
      const fail = () => response.destroy();
      const one = /^\/v1\/disputes\/([^/]+)$/.exec(url.pathname);
      if (one && request.method === 'GET') {
        const dispute = disputes.get(one[1]);
        if (dispute) sendJson(response, 200, dispute);
        else sendJson(response, 404, stripeError(`No such dispute: '${one[1]}'`, { param: 'dispute' }));
        return true;
      }
      if (one && request.method === 'POST') {
        handleUpdate(request, response, one[1]).catch(fail);
        return true;
      }
      if (url.pathname === '/v1/files' && request.method === 'POST') {
        handleFileUpload(request, response).catch(fail);
        return true;
      }
      const contents = /^\/v1\/files\/([^/]+)\/contents$/.exec(url.pathname);
      if (contents && request.method === 'GET') {
        const file = files.get(contents[1]);
        if (!file) sendJson(response, 404, stripeError(`No such file upload: '${contents[1]}'`));
        else {
          response.writeHead(200, { 'content-type': file.type, 'content-length': Buffer.byteLength(file.content) });
          response.end(file.content);
        }
        return true;
      }
      if (url.pathname === '/v1/test_helpers/disputes' && request.method === 'POST') {
        handleCreate(request, response).catch(fail);
        return true;
      }
      const close = /^\/v1\/test_helpers\/disputes\/([^/]+)\/close$/.exec(url.pathname);
      if (close && request.method === 'POST') {
        readBody(request)
          .then((body) => {
            const status = new URLSearchParams(body).get('status');
            if (!disputes.has(close[1])) sendJson(response, 404, stripeError(`No such dispute: '${close[1]}'`));
            else if (status !== 'won' && status !== 'lost' && status !== 'warning_closed')
              sendJson(response, 400, stripeError('status must be won, lost or warning_closed'));
            else sendJson(response, 200, closeDispute(close[1], status));
          })
          .catch(fail);
        return true;
      }
      return false;
    },
    reset() {
      disputes = new Map();
      files = new Map();
      updates = [];
      postCount = 0;
      rejections = null;
      idempotent.clear();
    },
  };
}

/** An event of `type` about `dispute` as Stripe sends it (test mode), for the api's webhook endpoint. */
export function stripeDisputeEvent(type: string, dispute: FakeDispute, options: { id?: string; created?: number } = {}) {
  return {
    id: options.id ?? `evt_${randomBytes(12).toString('hex')}`,
    object: 'event' as const,
    type,
    api_version: '2024-06-20',
    livemode: false,
    created: options.created ?? Math.floor(Date.now() / 1000),
    // A copy: a later change of the fake dispute does not change an event already made.
    data: { object: structuredClone(dispute) },
  };
}
