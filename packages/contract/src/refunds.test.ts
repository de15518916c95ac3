import { describe, expect, it } from 'vitest';
import { createRefundBodySchema, REFUND_MESSAGES, refundedLabel, refundPartsOf } from './refunds';

const split = { grossCents: 12_345, feeCents: 1_285, gstCents: 117 };

describe('refundPartsOf', () => {
  it('refunds the fee and its GST in proportion to the gross, half a cent up, the rest the owner share', () => {
    // README "Money": 520.45 of fee and 47.39 of GST on a refund of 50.00 of 123.45.
    expect(refundPartsOf(split, 0, 5_000)).toEqual({ bookedCents: 5_000, feeCents: 520, gstCents: 47, ownerCents: 4_480, unbookedCents: 0 });
    // Half a cent rounds up: 182 * 5,000 / 20,000 = 45.5.
    expect(refundPartsOf({ grossCents: 20_000, feeCents: 2_000, gstCents: 182 }, 0, 5_000).gstCents).toBe(46);
  });

  it('adds partial refunds up to exactly the fee, its GST and the owner net, however the gross is cut', () => {
    for (const cuts of [[1, 1, 12_343], [3_333, 3_333, 5_679], [6_172, 6_173], [12_345]]) {
      let before = 0;
      const total = { feeCents: 0, gstCents: 0, ownerCents: 0 };
      for (const cents of cuts) {
        const parts = refundPartsOf(split, before, cents);
        total.feeCents += parts.feeCents;
        total.gstCents += parts.gstCents;
        total.ownerCents += parts.ownerCents;
        before += parts.bookedCents;
      }
      expect(total, cuts.join('+')).toEqual({ feeCents: 1_285, gstCents: 117, ownerCents: 11_060 });
    }
  });

  it('takes what the booking never took from customer funds: no split, or beyond the gross', () => {
    expect(refundPartsOf(null, 0, 700)).toEqual({ bookedCents: 0, feeCents: 0, gstCents: 0, ownerCents: 0, unbookedCents: 700 });
    expect(refundPartsOf(split, 12_000, 500)).toMatchObject({ bookedCents: 345, unbookedCents: 155 });
  });
});

describe('the refund request', () => {
  const valid = { amountCents: 100, reason: 'duplicate', requestKey: '0b0e5a5c-3f5e-4b9e-9a57-1c8f4d7e2a10' };
  const messageOf = (body: object) => createRefundBodySchema.safeParse(body).error?.issues[0]?.message;

  it('takes whole positive cents, a reason of the list, a key, and trims the note and the reference', () => {
    expect(createRefundBodySchema.parse({ ...valid, note: '  late  ', bankReference: ' NAB-1 ' })).toMatchObject({ note: 'late', bankReference: 'NAB-1' });
    expect(messageOf({ ...valid, amountCents: 0 })).toBe(REFUND_MESSAGES.amountInvalid);
    expect(messageOf({ ...valid, amountCents: 1.5 })).toBe(REFUND_MESSAGES.amountInvalid);
    expect(messageOf({ ...valid, reason: 'bored' })).toBe(REFUND_MESSAGES.reasonInvalid);
    expect(messageOf({ ...valid, requestKey: 'x' })).toBe(REFUND_MESSAGES.requestKeyInvalid);
    expect(messageOf({ ...valid, recovery: 'undecided' })).toBe(REFUND_MESSAGES.recoveryInvalid);
    expect(messageOf({ ...valid, bankReference: '   ' })).toBe(REFUND_MESSAGES.bankReferenceInvalid);
  });

  it('says a payment is refunded in whole or in part', () => {
    expect(refundedLabel(undefined, 1_000)).toBeNull();
    expect(refundedLabel(250, 1_000)).toBe('Partly refunded A$2.50');
    expect(refundedLabel(1_000, 1_000)).toBe('Refunded A$10.00');
  });
});
