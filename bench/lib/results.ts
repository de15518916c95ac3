/** One line of the results table: a measured value against its target from the issue. */
export interface Row {
  id: string;
  group: 'list' | 'single' | 'paging' | 'dashboard' | 'search' | 'activity' | 'export' | 'money' | 'analytics' | 'live' | 'engines' | 'web';
  engine: 'postgres' | 'pglite' | 'both' | 'web';
  label: string;
  /** The ratio (median over rounds or samples), a size in kB for the web rows, a latency, a count or a rate. */
  value: number;
  /** The same ratio at p95 where one exists. */
  valueP95?: number;
  unit: 'ratio' | 'kB' | 'score' | 'ms' | 's' | 'count' | 'per second';
  target?: Target;
  /** Undefined when the row is information only (no target) or was not measured. */
  pass?: boolean;
  /** Why the row has no value (e.g. "not measured: lighthouse not installed"). */
  note?: string;
  details?: Record<string, unknown>;
}

export interface Target {
  op: '>=' | '<=';
  value: number;
}

export function judge(value: number, target: Target | undefined): boolean | undefined {
  if (!target || !Number.isFinite(value)) return undefined;
  return target.op === '>=' ? value >= target.value : value <= target.value;
}

export function row(fields: Omit<Row, 'pass'>): Row {
  return { ...fields, pass: fields.note ? undefined : judge(fields.value, fields.target) };
}

export const TARGETS = {
  listThroughput: { op: '>=', value: 0.6 },
  singleThroughput: { op: '>=', value: 0.8 },
  lastPage: { op: '<=', value: 3 },
  dashboard: { op: '<=', value: 0.02 },
  // A searched list against the same statements forced onto the search index (its physical limit).
  search: { op: '<=', value: 1.5 },
  searchP95Ms: { op: '<=', value: 25 },
  searchThroughput: { op: '>=', value: 0.5 },
  // A streamed export: the process grows by less than the file it sends (holding the rows would take more).
  exportMemory: { op: '<=', value: 1 },
  // Global search answers while the operator types.
  globalSearchMs: { op: '<=', value: 100 },
  // One analytics call at a million rows (issue #28).
  analyticsP95Ms: { op: '<=', value: 100 },
  // A work-queue change reaches every open tab's stream (the two-browser collision test of design §14 allows 2 s).
  liveFanOutMs: { op: '<=', value: 2000 },
  pglite: { op: '>=', value: 0.25 },
  signInKb: { op: '<=', value: 120 },
  routeChunkKb: { op: '<=', value: 50 },
  lighthouseDesktop: { op: '>=', value: 98 },
  lighthouseMobile: { op: '>=', value: 95 },
  accessibility: { op: '>=', value: 100 },
} satisfies Record<string, Target>;
