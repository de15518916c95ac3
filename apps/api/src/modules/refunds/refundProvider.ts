import type { RefundReason } from '@ute/contract';

/** Gives a customer's money back and takes an owner's share back. Stripe when configured, else an offline ledger. */
export interface RefundRequest {
  /** The payment intent (pi_…) or charge (ch_…) the customer paid with. */
  paymentReference: string;
  amountCents: number;
  reason: RefundReason;
  idempotencyKey: string;
  metadata: Record<string, string>;
}

export interface ReversalRequest {
  transferId: string;
  amountCents: number;
  idempotencyKey: string;
  metadata: Record<string, string>;
}

/** A refund as the provider keeps it (Stripe's refund object, as far as we read it). */
export interface ProviderRefund {
  id: string;
  amountCents: number;
  /** Stripe's: pending | succeeded | failed | canceled | requires_action. */
  status: string;
  /** Stripe's own reason (duplicate | fraudulent | requested_by_customer), if any. */
  reason: string | null;
  metadata: Record<string, string>;
}

export interface RefundProvider {
  readonly name: 'stripe' | 'ledger';
  refund(request: RefundRequest): Promise<{ refundId: string }>;
  /** A refund already made for this request (our refund id in its metadata), if any: looked up before a stale one is sent again. */
  findRefund(request: RefundRequest): Promise<{ refundId: string } | null>;
  /** Every refund of a payment (a charge.refunded event that does not list them). */
  listRefunds(paymentReference: string): Promise<ProviderRefund[]>;
  reverseTransfer(request: ReversalRequest): Promise<{ reversalId: string }>;
  findReversal(request: ReversalRequest): Promise<{ reversalId: string } | null>;
}

/**
 * A provider failure. `isCertainlyNotSent` is true only when the provider answered that it refused
 * (a Stripe 4xx): then nothing moved. Anything else may have moved the money: the refund stays pending.
 */
export class RefundError extends Error {
  constructor(
    message: string,
    readonly isCertainlyNotSent: boolean,
  ) {
    super(message);
    this.name = 'RefundError';
  }
}

/** Records refunds in our own ledger only (the demo, tests without Stripe): nothing leaves the company. */
export class LedgerRefundProvider implements RefundProvider {
  readonly name = 'ledger' as const;

  async refund(request: RefundRequest): Promise<{ refundId: string }> {
    return { refundId: `ledger_${request.idempotencyKey}` };
  }

  async findRefund(request: RefundRequest): Promise<{ refundId: string } | null> {
    return { refundId: `ledger_${request.idempotencyKey}` };
  }

  async listRefunds(): Promise<ProviderRefund[]> {
    return [];
  }

  async reverseTransfer(request: ReversalRequest): Promise<{ reversalId: string }> {
    return { reversalId: `ledger_${request.idempotencyKey}` };
  }

  async findReversal(request: ReversalRequest): Promise<{ reversalId: string } | null> {
    return { reversalId: `ledger_${request.idempotencyKey}` };
  }
}
