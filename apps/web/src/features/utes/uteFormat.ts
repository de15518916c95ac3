import type { LicenceExpireDate } from '@ute/contract';
import { truncateChars } from '../../lib/format';

/** Characters of the description shown in the table (docs/product.md §5). */
export const UTE_DESCRIPTION_PREVIEW_CHARS = 50;

/** The table's description: 50 characters plus an ellipsis, or 'No description'. */
export function uteDescriptionPreview(description: string | null | undefined): string {
  const text = description?.trim();
  return text ? truncateChars(text, UTE_DESCRIPTION_PREVIEW_CHARS) : 'No description';
}

/** Licence expiry from its month and year as MM/YYYY, or 'N/A'. */
export function formatLicenceExpiry(expiry: LicenceExpireDate | null | undefined): string {
  if (!expiry) return 'N/A';
  const { licenceExpireMonth: month, licenceExpireYear: year } = expiry;
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year)) return 'N/A';
  return `${String(month).padStart(2, '0')}/${year}`;
}
