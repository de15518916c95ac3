import type { Row } from './results';

const fmt = (value: number | undefined, unit?: Row['unit']) => {
  if (value === undefined || !Number.isFinite(value)) return '—';
  if (unit === 'kB') return `${value.toFixed(1)} kB`;
  if (unit === 'score') return String(Math.round(value));
  if (unit === 'ms') return `${value >= 10 ? value.toFixed(0) : value.toFixed(1)} ms`;
  if (unit === 'count') return Math.round(value).toLocaleString('en-AU');
  if (unit === 'per second') return `${value >= 10 ? value.toFixed(0) : value.toFixed(1)}/s`;
  if (unit === 's') return `${value.toFixed(1)} s`;
  if (value >= 100) return value.toFixed(0);
  if (value >= 10) return value.toFixed(1);
  if (value >= 0.1) return value.toFixed(2);
  return value.toPrecision(2);
};

const targetText = (row: Row) => (row.target ? `${row.target.op === '>=' ? '≥' : '≤'} ${fmt(row.target.value, row.unit)}` : 'info');
const verdict = (row: Row) => (row.note ? row.note : row.pass === undefined ? 'info' : row.pass ? 'pass' : '**miss**');
const engineText: Record<Row['engine'], string> = { postgres: 'PostgreSQL', pglite: 'PGlite', both: 'PGlite / PostgreSQL', web: 'web' };

export interface MarkdownContext {
  title: string;
  summary: string[];
  rows: Row[];
}

export function toMarkdown(context: MarkdownContext): string {
  const lines = [`# ${context.title}`, '', ...context.summary, ''];
  lines.push('| comparison | engine | measured (median) | p95 | target | result |', '|---|---|---|---|---|---|');
  for (const row of context.rows) {
    lines.push(
      `| ${row.label} | ${engineText[row.engine]} | ${fmt(row.value, row.unit)} | ${fmt(row.valueP95, row.unit)} | ${targetText(row)} | ${verdict(row)} |`,
    );
  }
  lines.push(...absoluteTables(context.rows));
  const measured = context.rows.filter((row) => row.pass !== undefined);
  const missed = measured.filter((row) => !row.pass);
  lines.push('', `${measured.length - missed.length} of ${measured.length} targets met.`);
  if (missed.length)
    lines.push('', 'Missed:', ...missed.map((row) => `- ${row.label} (${engineText[row.engine]}): ${fmt(row.value, row.unit)}, target ${targetText(row)}`));
  lines.push('');
  return lines.join('\n');
}

type Details = Record<string, unknown>;
const median = (details: Details | undefined, key: string) => {
  const value = details?.[key] as { median?: number } | number | undefined;
  return typeof value === 'number' ? value : value?.median;
};
const ms = (value: number | undefined) =>
  value === undefined || !Number.isFinite(value) ? '—' : value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2);

/** The absolute numbers behind the ratios (medians), to see where the time goes. */
function absoluteTables(rows: Row[]): string[] {
  const lines: string[] = [];
  const by = (...groups: Row['group'][]) => rows.filter((row) => groups.includes(row.group) && row.details && !row.note);
  const throughput = by('list', 'single').filter((row) => row.details?.httpRps);
  if (throughput.length) {
    lines.push(
      '',
      '### Throughput (medians)',
      '',
      '| endpoint | engine | HTTP req/s | raw iterations/s | HTTP p50 / p99 ms | raw p50 / p99 ms |',
      '|---|---|---|---|---|---|',
    );
    for (const row of throughput) {
      const d = row.details;
      lines.push(
        `| ${String(d?.endpoint ?? row.label)} | ${engineText[row.engine]} | ${ms(median(d, 'httpRps'))} | ${ms(median(d, 'rawRps'))} | ${ms(median(d, 'httpP50Ms'))} / ${ms(median(d, 'httpP99Ms'))} | ${ms(median(d, 'rawP50Ms'))} / ${ms(median(d, 'rawP99Ms'))} |`,
      );
    }
  }
  const paging = by('paging');
  if (paging.length) {
    lines.push('', '### Paging (median ms per request)', '', '| list | engine | page 1 | last page | last page number |', '|---|---|---|---|---|');
    for (const row of paging)
      lines.push(
        `| ${row.label.split(':')[0]} | ${engineText[row.engine]} | ${ms(median(row.details, 'firstMs'))} | ${ms(median(row.details, 'lastMs'))} | ${String(row.details?.lastPage ?? '')} |`,
      );
  }
  const search = by('search').filter((row) => row.unit === 'ratio');
  if (search.length) {
    lines.push(
      '',
      '### Search (median ms)',
      '',
      '| list | engine | term | matches | endpoint | same SQL, indexes | same SQL, no index |',
      '|---|---|---|---|---|---|---|',
    );
    for (const row of search) {
      const d = row.details;
      lines.push(
        `| ${row.label.split(' search')[0]} | ${engineText[row.engine]} | \`${String(d?.term ?? '')}\` | ${String(d?.matches ?? '')} | ${ms(median(d, 'endpointMs'))} | ${ms(median(d, 'sameStatementsIndexedMs'))} | ${ms(median(d, 'sameStatementsUnindexedMs'))} |`,
      );
    }
  }
  const exports = by('export').filter((row) => row.id.endsWith('.time'));
  if (exports.length) {
    lines.push('', '### CSV export', '', '| engine | rows | file | time | rows/s | database read | RSS before → peak |', '|---|---|---|---|---|---|---|');
    for (const row of exports) {
      const d = row.details as Record<string, number>;
      lines.push(
        `| ${engineText[row.engine]} | ${d.rows} | ${d.fileMb} MB | ${d.exportSeconds} s | ${d.rowsPerSecond} | ${d.databaseReadSeconds} s | ${d.rssBeforeMb} → ${d.rssPeakMb} MB |`,
      );
    }
  }
  lines.push(...moneyTables(by('money')));
  const other = by('dashboard', 'activity');
  if (other.length) {
    lines.push('', '### Dashboard and activity (median ms)', '', '| call | engine | endpoint | raw |', '|---|---|---|---|');
    for (const row of other)
      lines.push(
        `| ${row.label.split(' vs ')[0]} | ${engineText[row.engine]} | ${ms(median(row.details, 'endpointMs'))} | ${ms(median(row.details, 'countMs') ?? median(row.details, 'rawAllRowsMs'))} |`,
      );
  }
  return lines;
}

/** The money pages with their slowest statement alone, and the webhook intake's numbers. */
function moneyTables(rows: Row[]): string[] {
  const lines: string[] = [];
  const pages = rows.filter((row) => row.unit === 'ms');
  if (pages.length) {
    lines.push('', '### Money pages (ms)', '', '| call | engine | p50 | p95 | slowest statement alone |', '|---|---|---|---|---|');
    for (const row of pages)
      lines.push(
        `| \`${String(row.details?.endpoint ?? row.label)}\` | ${engineText[row.engine]} | ${ms(row.value)} | ${ms(row.valueP95)} | ${ms(row.details?.slowestStatementMs as number | undefined)} |`,
      );
  }
  for (const row of rows.filter((row) => row.id.endsWith('.webhooks.accepted'))) {
    const webhooks = row.details as Record<string, unknown>;
    const post = webhooks.postMs as { median: number; p95: number };
    lines.push(
      '',
      `Stripe webhooks (${engineText[row.engine]}): ${String(webhooks.events)} events (${String(webhooks.mix)}), ${String(webhooks.concurrency)} at a time, ` +
        `accepted in ${String(webhooks.intakeSeconds)} s (POST p50 ${ms(post.median)} ms, p95 ${ms(post.p95)} ms); final states ${JSON.stringify(webhooks.finalStates)}.`,
    );
  }
  return lines;
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * One bar per comparison on a log scale, with its target as a black tick. Ratios are drawn as
 * they are; sizes as a fraction of their budget (the target is then 1).
 */
export function toSvg(title: string, rows: Row[]): string {
  const drawn = rows
    .filter((row) => Number.isFinite(row.value) && (row.unit === 'ratio' || (row.unit === 'kB' && row.target)))
    .map((row) => {
      const asBudget = row.unit === 'kB' && row.target;
      return {
        row,
        value: asBudget ? row.value / row.target!.value : row.value,
        target: asBudget ? 1 : row.target?.value,
        label: asBudget ? `${row.label} / ${fmt(row.target!.value, 'kB')} budget` : row.label,
        shown: fmt(row.value, row.unit),
      };
    });
  const labelWidth = 520;
  const plotWidth = 400;
  const rowHeight = 20;
  const top = 48;
  const width = labelWidth + plotWidth + 90;
  const height = top + drawn.length * rowHeight + 40;
  const min = 1e-3;
  const max = 1e2;
  const x = (value: number) => labelWidth + (Math.log10(Math.min(max, Math.max(min, value)) / min) / Math.log10(max / min)) * plotWidth;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, sans-serif" font-size="11">`,
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
    `<text x="10" y="20" font-size="14" font-weight="600">${escapeXml(title)}</text>`,
    `<text x="10" y="36" fill="#555">bar = measured ratio (log scale); black tick = target; green met, red missed, grey no target</text>`,
  ];
  for (const decade of [1e-3, 1e-2, 1e-1, 1, 10, 100]) {
    const position = x(decade).toFixed(1);
    parts.push(`<line x1="${position}" y1="${top - 4}" x2="${position}" y2="${top + drawn.length * rowHeight}" stroke="#e3e3e3"/>`);
    parts.push(`<text x="${position}" y="${top + drawn.length * rowHeight + 14}" text-anchor="middle" fill="#555">${decade}</text>`);
  }
  drawn.forEach((item, index) => {
    const y = top + index * rowHeight;
    const color = item.row.pass === undefined ? '#9aa0a6' : item.row.pass ? '#2e9d4f' : '#d93025';
    const engine = item.row.engine === 'pglite' ? ' [PGlite]' : item.row.engine === 'postgres' ? ' [PG]' : '';
    parts.push(`<text x="${labelWidth - 8}" y="${y + 14}" text-anchor="end">${escapeXml(item.label + engine)}</text>`);
    parts.push(
      `<rect x="${labelWidth}" y="${y + 4}" width="${Math.max(1, x(item.value) - labelWidth).toFixed(1)}" height="${rowHeight - 8}" fill="${color}"/>`,
    );
    if (item.target !== undefined) {
      const position = x(item.target).toFixed(1);
      parts.push(`<line x1="${position}" y1="${y + 1}" x2="${position}" y2="${y + rowHeight - 1}" stroke="#000" stroke-width="2"/>`);
    }
    parts.push(`<text x="${labelWidth + plotWidth + 6}" y="${y + 14}">${escapeXml(item.shown)}</text>`);
  });
  parts.push('</svg>', '');
  return parts.join('\n');
}
