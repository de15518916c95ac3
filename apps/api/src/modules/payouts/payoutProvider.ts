/** Sends money to an owner. Stripe Connect when configured, else an offline ledger. */
export interface PayoutRequest {
  amountCents: number;
  currency: string;
  destinationAccountId: string | null;
  idempotencyKey: string;
  description: string;
  metadata: Record<string, string>;
}

/** A transfer as the provider keeps it, for reconciliation. */
export interface ProviderTransfer {
  id: string;
  amountCents: number;
  amountReversedCents: number;
  destinationAccountId: string;
  transferGroup: string | null;
  createdAt: Date;
}

export interface PayoutProvider {
  readonly name: 'stripe' | 'ledger';
  /**
   * Every transfer the provider made in [from, to), newest first (reconciliation); null when it
   * keeps none of its own (the offline ledger: there is nothing to reconcile against).
   */
  listTransfers(period: { from: Date; to: Date }): Promise<ProviderTransfer[] | null>;
  transfer(request: PayoutRequest): Promise<{ transferId: string }>;
  /** Finds a transfer already made with this idempotency key (for reconciliation), if any. */
  findTransfer(idempotencyKey: string, metadata: Record<string, string>): Promise<{ transferId: string } | null>;
}

/**
 * A provider failure. `isCertainlyNotSent` is true only when the provider answered that it refused
 * the transfer (a Stripe 4xx): then the booking may be paid again. Anything else (time-out, lost
 * connection, 5xx) may have moved the money, so the payout stays pending until reconciled.
 */
export class PayoutError extends Error {
  constructor(
    message: string,
    readonly isCertainlyNotSent: boolean,
  ) {
    super(message);
    this.name = 'PayoutError';
  }
}

/** Records the payout in our own ledger only: nothing leaves the company. */
export class LedgerPayoutProvider implements PayoutProvider {
  readonly name = 'ledger' as const;

  async transfer(request: PayoutRequest): Promise<{ transferId: string }> {
    return { transferId: `ledger_${request.idempotencyKey}` };
  }

  async findTransfer(idempotencyKey: string): Promise<{ transferId: string } | null> {
    return { transferId: `ledger_${idempotencyKey}` };
  }

  async listTransfers(): Promise<null> {
    return null;
  }
}
