import { z } from 'zod';
import { updatePlatformFeeSchema, type BookingKind, type PlatformFee, type UpdatePlatformFee } from '@ute/contract';
import { formatCentsAud, formatDateTime } from '../../lib/format';

export const FEE_KIND_LABELS: Record<BookingKind, string> = { ute: 'Ute bookings', job: 'Job bookings' };

export const FEE_NOTE = 'A change applies to bookings delivered after it; the GST in the fee is 1/11 of it.';

// The limits are the contract's (hundredths of a percent, cents), shown in the units the admin types.
const MAX_PERCENT_BPS = updatePlatformFeeSchema.shape.percentBps.maxValue ?? 10_000;
const MAX_FIXED_CENTS = updatePlatformFeeSchema.shape.fixedCents.maxValue ?? 1_000_000;

/** The form's texts, worded as the contract's LEDGER_MESSAGES are, in the form's units (a percent, dollars). */
export const FEE_FORM_MESSAGES = {
  percentInvalid: `Percent must be a number from 0 to ${MAX_PERCENT_BPS / 100} with at most 2 decimal places`,
  fixedInvalid: `Fixed amount must be a number of dollars from 0 to ${(MAX_FIXED_CENTS / 100).toLocaleString('en-AU')} with at most 2 decimal places`,
} as const;

/**
 * A decimal typed with up to 2 places as a whole number of hundredths ('10.5' → 1050, '0.50' → 50),
 * read from its digits so no binary rounding creeps in; null when it is not such a number.
 */
export function hundredthsOf(text: string): number | null {
  const match = /^(\d*)(?:\.(\d{0,2}))?$/.exec(text.trim());
  if (!match || !/\d/.test(text)) return null;
  return Number(match[1] || '0') * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** The hundredths as the form shows them: 1050 → '10.50'. */
const decimalOf = (hundredths: number) => (hundredths / 100).toFixed(2);

const withinLimit = (max: number) => (text: string) => {
  const hundredths = hundredthsOf(text);
  return hundredths !== null && hundredths <= max;
};

/** The Edit form: a percent and a fixed amount in dollars, each a decimal with up to 2 places. */
export const feeFormSchema = z.object({
  percent: z.string().refine(withinLimit(MAX_PERCENT_BPS), FEE_FORM_MESSAGES.percentInvalid),
  fixed: z.string().refine(withinLimit(MAX_FIXED_CENTS), FEE_FORM_MESSAGES.fixedInvalid),
});
export type FeeForm = z.infer<typeof feeFormSchema>;

export const feeFormOf = (fee: Pick<PlatformFee, 'percentBps' | 'fixedCents'>): FeeForm => ({
  percent: decimalOf(fee.percentBps),
  fixed: decimalOf(fee.fixedCents),
});

/** The PUT's body of a valid form: the percent in hundredths of a percent (bps), the fixed amount in cents. */
export function feeBodyOf(bookingKind: BookingKind, form: FeeForm): UpdatePlatformFee {
  return { bookingKind, percentBps: hundredthsOf(form.percent) ?? 0, fixedCents: hundredthsOf(form.fixed) ?? 0 };
}

/** '10.00% + A$0.50, GST inclusive', its zero part left out, or 'No fee'. */
export function feeText({ percentBps, fixedCents }: Pick<PlatformFee, 'percentBps' | 'fixedCents'>): string {
  if (percentBps === 0 && fixedCents === 0) return 'No fee';
  const parts = [...(percentBps > 0 ? [`${decimalOf(percentBps)}%`] : []), ...(fixedCents > 0 ? [formatCentsAud(fixedCents)] : [])];
  return `${parts.join(' + ')}, GST inclusive`;
}

/** Who set the fee and when, or that it was never set (the starting fee, none). */
export function feeSetText({ setAt, setBy }: Pick<PlatformFee, 'setAt' | 'setBy'>): string {
  if (!setAt) return 'Never set';
  return setBy ? `Set by ${setBy} on ${formatDateTime(setAt)}` : `Set on ${formatDateTime(setAt)}`;
}
