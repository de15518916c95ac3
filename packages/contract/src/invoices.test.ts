import { describe, expect, it } from 'vitest';
import { abnDigits, formatAbn, isValidAbn, taxInvoiceNumberText, updateBusinessDetailsSchema } from './invoices';

describe('ABN', () => {
  it("accepts the ATO's published example 51 824 753 556 (its own ABN), with or without spaces", () => {
    expect(isValidAbn('51 824 753 556')).toBe(true);
    expect(isValidAbn('51824753556')).toBe(true);
    expect(abnDigits(' 51 824 753 556 ')).toBe('51824753556');
  });

  it('refuses a changed digit, swapped digits, a wrong length and letters', () => {
    expect(isValidAbn('51 824 753 557')).toBe(false);
    expect(isValidAbn('15 824 753 556')).toBe(false);
    expect(isValidAbn('5182475355')).toBe(false);
    expect(isValidAbn('518247535566')).toBe(false);
    expect(isValidAbn('5182475355a')).toBe(false);
  });

  it('prints as 2-3-3-3 digits, and invoice numbers as INV- and six digits', () => {
    expect(formatAbn('51824753556')).toBe('51 824 753 556');
    expect(taxInvoiceNumberText(42)).toBe('INV-000042');
  });

  it('stores the digits only and an empty address as none', () => {
    expect(updateBusinessDetailsSchema.parse({ legalName: ' Ute Hire Pty Ltd ', abn: '51 824 753 556', address: ' ' })).toEqual({
      legalName: 'Ute Hire Pty Ltd',
      abn: '51824753556',
      address: null,
    });
  });
});
