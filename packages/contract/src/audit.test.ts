import { describe, expect, it } from 'vitest';
import {
  AUDIT_ACTION_NAMES,
  AUDIT_ACTIONS,
  AUDIT_FIRST_DAY,
  AUDIT_LAST_DAY,
  AUDIT_TARGET_TYPES,
  auditExportQuerySchema,
  auditListQuerySchema,
  auditTexts,
  isMoneyAuditAction,
  isMoneyAuditTargetType,
  MONEY_AUDIT_ACTIONS,
  MONEY_AUDIT_TARGET_TYPES,
} from './audit';

const messagesOf = (schema: typeof auditListQuerySchema | typeof auditExportQuerySchema, query: Record<string, string>) =>
  schema.safeParse(query).error?.issues.map((issue) => issue.message) ?? [];

describe('the audit date filters (from, to)', () => {
  for (const schema of [auditListQuerySchema, auditExportQuerySchema]) {
    it(`${schema === auditListQuerySchema ? 'list' : 'export'}: takes the days from ${AUDIT_FIRST_DAY} to ${AUDIT_LAST_DAY}, from on or before to`, () => {
      expect(schema.safeParse({ from: AUDIT_FIRST_DAY, to: AUDIT_LAST_DAY }).success).toBe(true);
      expect(schema.safeParse({ from: '2024-02-29', to: '2024-02-29' }).success).toBe(true);
      expect(schema.safeParse({ from: '', to: '' }).success).toBe(true);
    });

    it(`${schema === auditListQuerySchema ? 'list' : 'export'}: refuses a year out of range, a date that does not exist and a reversed range, each with one clear message`, () => {
      expect(messagesOf(schema, { from: '0000-01-01' })).toEqual([auditTexts.fromOutOfRange]);
      expect(messagesOf(schema, { to: '0000-12-31' })).toEqual([auditTexts.toOutOfRange]);
      expect(messagesOf(schema, { from: '1999-12-31' })).toEqual([auditTexts.fromOutOfRange]);
      expect(messagesOf(schema, { from: '2024-02-30' })).toEqual([auditTexts.fromInvalid]);
      expect(messagesOf(schema, { to: 'yesterday' })).toEqual([auditTexts.toInvalid]);
      expect(messagesOf(schema, { from: '10000-01-01' })).toEqual([auditTexts.fromInvalid]);
      expect(messagesOf(schema, { from: '2024-02-02', to: '2024-02-01' })).toEqual([auditTexts.rangeInvalid]);
    });
  }

  it('names the range in its messages', () => {
    expect(auditTexts.fromOutOfRange).toBe('from must be a day from 2000-01-01 to 9999-12-31');
  });
});

describe('the audit vocabulary', () => {
  it('marks every action money or not, and names it as the filter accepts', () => {
    expect(AUDIT_ACTION_NAMES.length).toBeGreaterThan(0);
    for (const action of AUDIT_ACTION_NAMES) {
      expect(typeof AUDIT_ACTIONS[action].money, action).toBe('boolean');
      expect(auditListQuerySchema.safeParse({ action }).success, action).toBe(true);
    }
  });

  it('marks every target type money or not, and names it as the filter accepts', () => {
    for (const [targetType, { money }] of Object.entries(AUDIT_TARGET_TYPES)) {
      expect(typeof money, targetType).toBe('boolean');
      expect(auditListQuerySchema.safeParse({ targetType }).success, targetType).toBe(true);
    }
  });

  it("builds finance's lists from the marks: payouts, payments, receipts, bank details and the money lists' exports", () => {
    expect(MONEY_AUDIT_ACTIONS).toEqual([
      'payout.start',
      'payout.succeed',
      'payout.fail',
      'payout.reconcile',
      'payout.manual',
      'job-booking.delete',
      'payment.accept',
      'receipt.read',
      'bank-details.read',
      'platform-fee.update',
      'business-details.update',
      'tax-invoice.issue',
      'payout.webhook',
      'payout.reverse',
      'payout.hold',
      'payout.release',
      'batch.prepare',
      'batch.approve',
      'batch.download',
      'batch.paid',
      'batch.line-returned',
      'batch.cancel',
      'webhook.replay',
      'reconciliation.run',
      'reconciliation.explain',
      'dispute.webhook',
      'dispute.evidence-draft',
      'dispute.evidence-submit',
      'dispute.loss-recovery',
      'refund.create',
      'refund.succeed',
      'refund.fail',
      'refund.webhook',
      'refund.recovery',
      'list.export',
    ]);
    expect(MONEY_AUDIT_TARGET_TYPES).toEqual([
      'ute_booking',
      'job_booking',
      'payment',
      'bank_account',
      'platform_fee',
      'business_details',
      'tax_invoice',
      'owner_balance',
      'owner',
      'stripe_event',
      'reconciliation',
      'payout_batch',
      'dispute',
    ]);
    expect(isMoneyAuditAction('payout.manual')).toBe(true);
    expect(isMoneyAuditAction('faq.create')).toBe(false);
    expect(isMoneyAuditAction('toString')).toBe(false);
    expect(isMoneyAuditTargetType('payment')).toBe(true);
    expect(isMoneyAuditTargetType('user')).toBe(false);
  });
});
