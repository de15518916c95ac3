import type { StoredDisputeEvidence } from '../../db/tables/disputes.table';

/** One submission of a dispute's evidence: sent once, the same key on every retry of it. */
export interface DisputeEvidenceSubmission {
  stripeDisputeId: string;
  /** Text fields by Stripe's names; empty ones are not sent. */
  evidence: StoredDisputeEvidence;
  idempotencyKey: string;
  metadata: Record<string, string>;
}

/** Sends a dispute's evidence to Stripe (`disputes.update` with `submit: true`), or records it offline. */
export interface DisputeProvider {
  readonly name: 'stripe' | 'ledger';
  /** Answers the dispute's status as Stripe has it after the submission (null offline: nothing was asked). */
  submitEvidence(submission: DisputeEvidenceSubmission): Promise<{ status: string | null }>;
}

/**
 * A failure to submit. `isCertainlyNotSent` only when Stripe answered that it refused the request
 * (a 4xx): then the submission may be made again with a new key. Otherwise it may have gone in.
 */
export class DisputeProviderError extends Error {
  constructor(
    message: string,
    readonly isCertainlyNotSent: boolean,
  ) {
    super(message);
    this.name = 'DisputeProviderError';
  }
}

/** Without STRIPE_SECRET_KEY (a laptop, the demo): the submission is recorded in the back-office only. */
export class OfflineDisputeProvider implements DisputeProvider {
  readonly name = 'ledger' as const;

  async submitEvidence(): Promise<{ status: null }> {
    return { status: null };
  }
}
