import { describe, expect, it } from 'vitest';
import { formatCentsAud } from '@ute/contract';
import { acceptLabel, asManualKind, asPaymentSort, asPaymentTab, paymentEmptyText } from './paymentView';

describe('payment view rules', () => {
  it("has the empty text 'No {kind} payment records found'", () => {
    expect(paymentEmptyText('stripe')).toBe('No stripe payment records found');
    expect(paymentEmptyText('manual')).toBe('No manual payment records found');
  });

  it('shows Accept, Loading... while pending, and a disabled Accepted once inProgress', () => {
    expect(acceptLabel('pending', false)).toEqual({ label: 'Accept', disabled: false });
    expect(acceptLabel('pending', true)).toEqual({ label: 'Loading...', disabled: true });
    expect(acceptLabel('inProgress', false)).toEqual({ label: 'Accepted', disabled: true });
    expect(acceptLabel('succeeded', false)).toEqual({ label: 'Accept', disabled: false });
  });

  it('reads unknown URL values as the defaults', () => {
    expect(asPaymentTab('manual')).toBe('manual');
    expect(asPaymentTab('other')).toBe('stripe');
    expect(asManualKind('job')).toBe('job');
    expect(asManualKind('x')).toBe('ute');
    expect(asPaymentSort('oldest')).toBe('oldest');
    expect(asPaymentSort('x')).toBe('newest');
  });

  it('shows payment amounts (cents) as AUD', () => {
    expect(formatCentsAud(123450)).toBe('A$1,234.50');
  });
});
