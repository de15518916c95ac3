import { describe, expect, it } from 'vitest';
import { disputeDaysLeft, disputeEvidenceSchema, disputeStatusGroup } from './disputes';

const NOW = new Date('2026-03-10T00:00:00.000Z');
const at = (hours: number) => new Date(NOW.getTime() + hours * 3_600_000).toISOString();

describe('disputeDaysLeft', () => {
  it('counts whole days left, 0 on the last day, and negative days once overdue', () => {
    expect(disputeDaysLeft(at(84), NOW)).toBe(3);
    expect(disputeDaysLeft(at(23), NOW)).toBe(0);
    expect(disputeDaysLeft(at(0), NOW)).toBe(0);
    expect(disputeDaysLeft(at(-1), NOW)).toBe(-1);
    expect(disputeDaysLeft(at(-36), NOW)).toBe(-2);
    expect(disputeDaysLeft(null, NOW)).toBeNull();
    expect(disputeDaysLeft('not a date', NOW)).toBeNull();
  });
});

describe('disputeStatusGroup', () => {
  it('puts a dispute Stripe waits on, with no evidence in, in needs_response (the work queue), the ended ones in closed', () => {
    expect(disputeStatusGroup('needs_response', false)).toBe('needs_response');
    expect(disputeStatusGroup('warning_needs_response', false)).toBe('needs_response');
    expect(disputeStatusGroup('needs_response', true)).toBe('under_review');
    expect(disputeStatusGroup('under_review', true)).toBe('under_review');
    expect(disputeStatusGroup('warning_under_review', false)).toBe('under_review');
    for (const status of ['won', 'lost', 'warning_closed', 'prevented']) expect(disputeStatusGroup(status, false), status).toBe('closed');
  });
});

describe('disputeEvidenceSchema', () => {
  const empty = {
    product_description: '',
    customer_name: '',
    customer_email_address: '',
    billing_address: '',
    service_date: '',
    customer_communication: '',
    uncategorized_text: '',
  };

  it("takes Stripe's text fields only, each within its limit, and refuses text PostgreSQL cannot store", () => {
    expect(disputeEvidenceSchema.safeParse(empty).success).toBe(true);
    const tooLong = disputeEvidenceSchema.safeParse({ ...empty, customer_name: 'x'.repeat(501) });
    expect(tooLong.error?.issues.map((issue) => issue.message)).toEqual(['Customer name must be at most 500 characters']);
    const atLimit = { ...empty, product_description: 'x'.repeat(20_000), customer_communication: 'x'.repeat(20_000), uncategorized_text: 'x'.repeat(20_000) };
    expect(disputeEvidenceSchema.safeParse(atLimit).success).toBe(true);
    expect(disputeEvidenceSchema.safeParse({ ...empty, receipt: 'file_1' }).success).toBe(false);
    expect(disputeEvidenceSchema.safeParse({ ...empty, customer_name: 'a\u0000b' }).success).toBe(false);
  });
});
