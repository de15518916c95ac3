import { z } from 'zod';
import { recordVersionSchema } from './common';
import { payoutSplitParamsSchema } from './ledger';

/** Messages of the business details and tax invoice calls, shared by the api, its tests and the web. */
export const INVOICE_MESSAGES = {
  businessDetailsUpdated: 'Business details updated',
  legalNameInvalid: 'legalName must be 1 to 200 characters',
  abnInvalid: 'abn must be a valid ABN: 11 digits whose check digits are right',
  addressInvalid: 'address must be at most 300 characters',
  noBusinessDetails: "Set the platform's legal name and ABN on Settings before issuing tax invoices",
  noFee: 'This booking paid no platform fee, so it has no tax invoice',
  notPayable: 'This booking is not delivered yet, so it has no platform fee to invoice',
} as const;

const ABN_WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19] as const;

/** The ABN without spaces (what is stored); null when the text is not 11 digits (spaces allowed). */
export function abnDigits(text: string): string | null {
  const digits = text.replace(/\s+/g, '');
  return /^\d{11}$/.test(digits) ? digits : null;
}

/**
 * The ATO's ABN check (http://softwaredevelopers.ato.gov.au/ABNformat, MONEY-NOTES.md): subtract 1 from
 * the first digit, weight the eleven digits 10, 1, 3, 5, …, 19, and the sum must divide by 89.
 */
export function isValidAbn(text: string): boolean {
  const digits = abnDigits(text);
  if (!digits) return false;
  const sum = [...digits].reduce((total, digit, index) => total + (Number(digit) - (index === 0 ? 1 : 0)) * ABN_WEIGHTS[index], 0);
  return sum % 89 === 0;
}

/** An ABN as it is printed: `51 824 753 556`. */
export function formatAbn(digits: string): string {
  return `${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5, 8)} ${digits.slice(8, 11)}`;
}

/** A tax invoice's number as printed: `INV-000042`. */
export function taxInvoiceNumberText(number: number): string {
  return `INV-${String(number).padStart(6, '0')}`;
}

/** Who issues the tax invoices: the platform's legal name, ABN (11 digits) and address. */
export const businessDetailsSchema = z.object({
  legalName: z.string(),
  abn: z.string(),
  address: z.string().nullable(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
  /** For If-Match on the next save (docs/design.md §14): when they were last saved. */
  version: recordVersionSchema,
});
export type BusinessDetails = z.infer<typeof businessDetailsSchema>;

/** Null until an owner first sets them. */
export const businessDetailsResponseSchema = z.object({ data: businessDetailsSchema.nullable() });
export type BusinessDetailsResponse = z.infer<typeof businessDetailsResponseSchema>;

export const updateBusinessDetailsSchema = z.strictObject({
  legalName: z
    .string({ error: INVOICE_MESSAGES.legalNameInvalid })
    .trim()
    .min(1, INVOICE_MESSAGES.legalNameInvalid)
    .max(200, INVOICE_MESSAGES.legalNameInvalid),
  abn: z
    .string({ error: INVOICE_MESSAGES.abnInvalid })
    .refine(isValidAbn, { error: INVOICE_MESSAGES.abnInvalid })
    .transform((abn) => abnDigits(abn) ?? abn),
  address: z
    .string({ error: INVOICE_MESSAGES.addressInvalid })
    .trim()
    .max(300, INVOICE_MESSAGES.addressInvalid)
    .transform((address) => address || null)
    .nullish()
    .transform((address) => address ?? null),
});
export type UpdateBusinessDetails = z.input<typeof updateBusinessDetailsSchema>;

export const updateBusinessDetailsResponseSchema = z.object({ message: z.string(), data: businessDetailsSchema });

/** A booking's tax invoice: the booking kind and id, as a payout split is addressed. */
export const taxInvoiceParamsSchema = payoutSplitParamsSchema;
