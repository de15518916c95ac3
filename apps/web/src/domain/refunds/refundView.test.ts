import { describe, expect, it } from 'vitest';
import { REFUND_MESSAGES, refundExceedsMessage, type RefundSummary } from '@ute/contract';
import { amountError, centsOfDollars, dollarsOfCents, recoveryOptions, refundPreview } from './refundView';
import { refundBookingFixture, refundSummaryFixture } from './refundSummary.fixture';

/** Paid out through Stripe: the owner's transfer can be reversed. */
const summary = (overrides: Partial<RefundSummary> = {}): RefundSummary =>
  refundSummaryFixture({
    booking: refundBookingFixture({ transferState: 'transferred', payoutMethod: 'stripe', reversibleCents: 18_000 }),
    isOwnerPaid: true,
    ...overrides,
  });

describe('the refund amount', () => {
  it('reads dollars as typed, with or without cents, a dollar sign or thousands separators', () => {
    expect(centsOfDollars('25')).toBe(2_500);
    expect(centsOfDollars('25.5')).toBe(2_550);
    expect(centsOfDollars(' $1,025.05 ')).toBe(102_505);
    expect(centsOfDollars('0.01')).toBe(1);
    for (const bad of ['', 'abc', '1.234', '-5', '1,23', '12.']) expect(centsOfDollars(bad), bad).toBeNull();
    expect(dollarsOfCents(2_550)).toBe('25.50');
  });

  it('says what is wrong: not an amount, nothing, or more than is left', () => {
    expect(amountError('abc', 100)).toBe(REFUND_MESSAGES.amountFormInvalid);
    expect(amountError('0', 100)).toBe(REFUND_MESSAGES.amountFormInvalid);
    expect(amountError('1.01', 100)).toBe(refundExceedsMessage(100));
    expect(amountError('1', 100)).toBeNull();
  });
});

describe('the refund preview', () => {
  it("shows the fee and its GST refunded in proportion, and the owner's share with where it goes", () => {
    expect(refundPreview(summary(), 5_000, 'reverse_transfer')).toEqual([
      { label: 'Platform fee refunded', value: 'A$5.00 (GST A$0.46)' },
      { label: "Owner's share", value: 'A$45.00: taken back from their Stripe transfer' },
    ]);
    expect(refundPreview(summary({ isOwnerPaid: false }), 5_000, null)[1].value).toBe('A$45.00: taken off their payout of this booking');
  });

  it('takes a refund of a booking not delivered yet from customer funds', () => {
    expect(refundPreview(summary({ split: null, isOwnerPaid: false }), 5_000, null)).toEqual([
      { label: 'From customer funds', value: 'A$50.00 (the booking is not delivered yet)' },
    ]);
  });

  it('offers the transfer reversal only when enough of the transfer is left', () => {
    expect(recoveryOptions(summary(), 20_000).map((option) => [option.value, option.disabledReason])).toEqual([
      ['reverse_transfer', null],
      ['owner_balance', null],
      ['absorb', null],
    ]);
    expect(recoveryOptions(summary({ booking: { ...summary().booking!, reversibleCents: 1_000 } }), 20_000)[0].disabledReason).toBe(
      REFUND_MESSAGES.reversalTooSmall,
    );
    expect(recoveryOptions(summary({ booking: { ...summary().booking!, reversibleCents: 0, payoutMethod: 'manual' } }), 100)[0].disabledReason).toBe(
      REFUND_MESSAGES.notReversible,
    );
  });
});
