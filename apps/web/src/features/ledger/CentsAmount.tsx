import { formatCentsAud, formatSignedCentsAud } from '../../lib/format';

/**
 * An amount of cents as AUD; a balance below zero (an owner who owes the platform) in red with its
 * minus sign. `isChange` is a movement instead: its sign shown either way (+A$10.00) and never red,
 * as a payout lowering what is owed is no alarm.
 */
export function CentsAmount({ cents, isChange = false }: { cents: number; isChange?: boolean }) {
  const isDebt = !isChange && cents < 0;
  return (
    <span className={`whitespace-nowrap tabular-nums ${isDebt ? 'font-medium text-red-700' : ''}`}>
      {isChange ? formatSignedCentsAud(cents) : formatCentsAud(cents)}
    </span>
  );
}
