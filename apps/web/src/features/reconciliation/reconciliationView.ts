import { DISCREPANCY_KIND_LABELS, type ReconciliationDiscrepancy, type ReconciliationRun } from '@ute/contract';
import type { BadgeTone } from '../../components/ui';
import { formatDateTime } from '../../lib/format';

/** Each run's colour: done green, failed red, skipped (nothing to compare with) grey. */
export const RUN_STATUS_TONES: Record<ReconciliationRun['status'], BadgeTone> = { done: 'green', failed: 'red', skipped: 'grey' };

/** A discrepancy's kind in words. */
export const discrepancyKindLabel = (kind: ReconciliationDiscrepancy['kind']): string => DISCREPANCY_KIND_LABELS[kind];

/** Who started a run: an admin's email, or the daily job (no admin). */
export const startedByText = (run: Pick<ReconciliationRun, 'startedBy'>): string => run.startedBy ?? 'Daily job';

/** The period a run compared: '01/03/2026, 02:00 – 03/03/2026, 02:00'. */
export const periodText = (run: Pick<ReconciliationRun, 'periodStart' | 'periodEnd'>): string =>
  `${formatDateTime(run.periodStart)} – ${formatDateTime(run.periodEnd)}`;

/** How many discrepancies a run found, and how many are still open: '3 (1 open)', '0'. */
export function discrepancyCountText({ discrepancyCount, openCount }: Pick<ReconciliationRun, 'discrepancyCount' | 'openCount'>): string {
  if (discrepancyCount === 0) return '0';
  return openCount > 0 ? `${discrepancyCount} (${openCount} open)` : `${discrepancyCount} (all explained)`;
}

/** Who explained a discrepancy and when. */
export function explainedByText({ explainedAt, explainedBy }: Pick<ReconciliationDiscrepancy, 'explainedAt' | 'explainedBy'>): string {
  if (!explainedAt) return '';
  return explainedBy ? `by ${explainedBy} on ${formatDateTime(explainedAt)}` : `on ${formatDateTime(explainedAt)}`;
}
