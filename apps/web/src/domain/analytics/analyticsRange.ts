import { ANALYTICS_GROUPINGS, ANALYTICS_PRESETS, presetRange, type AnalyticsGrouping, type AnalyticsPreset } from '@ute/contract';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const asPreset = (value: string): AnalyticsPreset =>
  ((ANALYTICS_PRESETS as readonly string[]).find((preset) => preset === value) as AnalyticsPreset | undefined) ?? 'last30';
export const asGrouping = (value: string): AnalyticsGrouping =>
  ((ANALYTICS_GROUPINGS as readonly string[]).find((grouping) => grouping === value) as AnalyticsGrouping | undefined) ?? 'day';

/**
 * The days the Analytics filters stand for: a preset's, ending today (Sydney), or the custom From
 * and To; a custom range with a missing or reversed bound falls back to the last 30 days.
 */
export function resolveRange(params: { preset: string; from: string; to: string }, today: string): { from: string; to: string } {
  const preset = asPreset(params.preset);
  if (preset !== 'custom') return presetRange(preset, today);
  if (DAY.test(params.from) && DAY.test(params.to) && params.from <= params.to) return { from: params.from, to: params.to };
  return presetRange('last30', today);
}
