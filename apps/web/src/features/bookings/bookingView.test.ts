import { describe, expect, it } from 'vitest';
import { canTransferBooking, formatAud } from '@ute/contract';
import { bookingEmptyText, formatAddress, payoutProviderNote, personName, transferLabel } from './bookingView';

describe('booking view rules', () => {
  it("formats an address as 'street, state postalCode'", () => {
    expect(formatAddress({ street: '12 George St', state: 'NSW', postalCode: '2000' })).toBe('12 George St, NSW 2000');
    expect(formatAddress({ street: '', state: 'VIC', postalCode: '3000' })).toBe('VIC 3000');
    expect(formatAddress(null)).toBe('N/A');
  });

  it('names a person or says N/A', () => {
    expect(personName({ firstName: 'Ava', lastName: 'Nguyen' })).toBe('Ava Nguyen');
    expect(personName(null)).toBe('N/A');
  });

  it("shows 'Transfered' after a transfer", () => {
    expect(transferLabel({ isTransfered: true })).toBe('Transfered');
    expect(transferLabel({ isTransfered: false, isTransferring: true })).toBe('Transferring');
    expect(transferLabel({ isTransfered: false })).toBe('Not Transfered');
  });

  it('enables Transfer only for a delivered booking not yet transferred', () => {
    expect(canTransferBooking({ status: 'delivered', isTransfered: false })).toBe(true);
    expect(canTransferBooking({ status: 'delivered', isTransfered: true })).toBe(false);
    // A stuck 'transferring' booking can be retried: the api answers 409 or settles the stale payout.
    const stuck = { status: 'delivered', isTransfered: false, isTransferring: true };
    expect(canTransferBooking(stuck)).toBe(true);
    for (const status of ['pending', 'accepted', 'dispatched', 'completed', 'cancelled']) {
      expect(canTransferBooking({ status, isTransfered: false })).toBe(false);
    }
  });

  it('has the empty texts of each tab', () => {
    expect(bookingEmptyText('stripe')).toBe('No stripe bookings found');
    expect(bookingEmptyText('manual')).toBe('No bookings found');
  });

  it('says which payout provider is active', () => {
    expect(payoutProviderNote('stripe')).toContain('Payout provider: Stripe');
    expect(payoutProviderNote('ledger')).toContain('Payout provider: offline ledger');
    expect(payoutProviderNote('ledger')).toContain('no money is sent');
  });

  it('shows booking amounts (dollars) as AUD in en-US style', () => {
    expect(formatAud(1234.5)).toBe('A$1,234.50');
  });
});
