import { describe, expect, it } from 'vitest';
import { isQuotePagerShown, NOT_AVAILABLE, quoteView, toLocalInputValue } from './quoteView';

const base = { email: null, collectionAddress: null, deliveryAddress: null, contactDetail: [] };

describe('quoteView', () => {
  it("shows a 'half' row's own email and addresses", () => {
    expect(quoteView({ ...base, quoteStatus: 'half', email: 'a@b.com', collectionAddress: '1 A St', deliveryAddress: '2 B Rd' })).toMatchObject({
      email: 'a@b.com',
      from: '1 A St',
      to: '2 B Rd',
    });
  });

  it("falls back to 'Not Available' on a 'half' row with missing values", () => {
    expect(quoteView({ ...base, quoteStatus: 'half' })).toMatchObject({ email: NOT_AVAILABLE, from: NOT_AVAILABLE, to: NOT_AVAILABLE });
  });

  it('reads other rows from the contact detail entries, ignoring the row fields', () => {
    const view = quoteView({
      ...base,
      quoteStatus: 'full',
      email: 'row@b.com',
      collectionAddress: 'row address',
      contactDetail: [
        { collectionInfo: { email: 'c@b.com', collectionAddress: '3 C St', name: 'Cara', phone: '0400' } },
        { deliveryInfo: { deliveryAddress: '4 D Rd', name: 'Dan' } },
      ],
    });
    expect(view).toMatchObject({ email: 'c@b.com', from: '3 C St', to: '4 D Rd' });
    expect(view.collectionContact).toEqual({ name: 'Cara', email: 'c@b.com', phone: '0400' });
    expect(view.deliveryContact).toEqual({ name: 'Dan', email: null, phone: null });
  });

  it("shows 'Not Available' for other rows without contact details", () => {
    expect(quoteView({ ...base, quoteStatus: 'full', email: 'row@b.com' })).toMatchObject({ email: NOT_AVAILABLE, from: NOT_AVAILABLE, to: NOT_AVAILABLE });
  });
});

describe('isQuotePagerShown', () => {
  it('shows the pager only from 10 quotes on', () => {
    expect(isQuotePagerShown(0)).toBe(false);
    expect(isQuotePagerShown(9)).toBe(false);
    expect(isQuotePagerShown(10)).toBe(true);
    expect(isQuotePagerShown(11)).toBe(true);
  });
});

describe('toLocalInputValue', () => {
  it('turns an ISO instant into a datetime-local value in local time, and a missing one into empty', () => {
    const value = toLocalInputValue('2025-03-04T05:06:00.000Z');
    expect(value).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(new Date(value).toISOString()).toBe('2025-03-04T05:06:00.000Z');
    expect(toLocalInputValue(null)).toBe('');
    expect(toLocalInputValue('garbage')).toBe('');
  });
});
