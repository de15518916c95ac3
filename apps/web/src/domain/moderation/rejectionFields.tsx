import { REJECTION_REASON_LABELS, type ListingRejection } from '@ute/contract';
import type { DetailField } from '../../components/ui';

/** The details dialog's rows for a rejected listing's reason and note; none when it is not rejected. */
export function rejectionFields(rejection: ListingRejection | null): DetailField[] {
  if (!rejection) return [];
  return [
    { label: 'Rejection Reason', value: REJECTION_REASON_LABELS[rejection.reason] },
    { label: 'Rejection Note', value: rejection.note?.trim() || 'N/A' },
  ];
}
