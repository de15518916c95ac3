import { describe, expect, it } from 'vitest';
import { feeBodyOf, feeFormOf, feeText, hundredthsOf } from './feeView';

describe('the fee form and its texts', () => {
  it('reads a decimal with up to 2 places as whole hundredths, without binary rounding', () => {
    expect(hundredthsOf('10.5')).toBe(1050);
    expect(hundredthsOf('0.50')).toBe(50);
    expect(hundredthsOf(' 4.35 ')).toBe(435);
    expect(hundredthsOf('.5')).toBe(50);
    expect(hundredthsOf('7')).toBe(700);
    for (const bad of ['', '.', '1.234', '-1', '1e2', '1,5', 'ten']) expect(hundredthsOf(bad), bad).toBeNull();
  });

  it('turns the form into the PUT body and back', () => {
    expect(feeBodyOf('ute', { percent: '10.5', fixed: '0.50' })).toEqual({ bookingKind: 'ute', percentBps: 1050, fixedCents: 50 });
    expect(feeFormOf({ percentBps: 1050, fixedCents: 50 })).toEqual({ percent: '10.50', fixed: '0.50' });
  });

  it('says the fee in force, leaving out a zero part', () => {
    expect(feeText({ percentBps: 1000, fixedCents: 50 })).toBe('10.00% + A$0.50, GST inclusive');
    expect(feeText({ percentBps: 1250, fixedCents: 0 })).toBe('12.50%, GST inclusive');
    expect(feeText({ percentBps: 0, fixedCents: 150 })).toBe('A$1.50, GST inclusive');
    expect(feeText({ percentBps: 0, fixedCents: 0 })).toBe('No fee');
  });
});
