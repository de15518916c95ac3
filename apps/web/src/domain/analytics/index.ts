export { analyticsGroupOptions, useAnalyticsGroup } from './analyticsApi';
export { asGrouping, asPreset, resolveRange } from './analyticsRange';
export { bucketDays, drillDownHref, type AnalyticsRange } from './drillDown';
