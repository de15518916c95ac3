import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { findChromium } from '../../scripts/lib/findChromium.mjs';
import { row, TARGETS, type Row } from './results';
import { round } from './stats';

export interface WebSizes {
  rows: Row[];
  details: Record<string, unknown>;
}

const kb = (bytes: number) => round(bytes / 1000, 3);

/** Builds the web app when dist/ is missing (the benchmark measures what `npm run build` ships). */
export function ensureWebBuild(repoRoot: string, log: (line: string) => void): string {
  const dist = path.join(repoRoot, 'apps/web/dist');
  if (!existsSync(path.join(dist, 'index.html'))) {
    log('apps/web/dist is missing: npm run build -w @ute/web');
    const result = spawnSync('npm', ['run', 'build', '-w', '@ute/web'], { cwd: repoRoot, stdio: 'inherit' });
    if (result.status !== 0) throw new Error('the web build failed');
  }
  return dist;
}

/**
 * Static analysis of Vite's output: the sign-in page loads index.html's entry script, its
 * modulepreloads and their static imports; a route loads its lazy chunk plus the dependencies
 * Vite preloads with it (`__vite__mapDeps`) and their static imports.
 */
export function measureWeb(dist: string): WebSizes {
  const assets = path.join(dist, 'assets');
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const files = readdirSync(assets).filter((file) => file.endsWith('.js'));
  const gzipBytes = new Map<string, number>();
  const rawBytes = new Map<string, number>();
  const source = new Map<string, string>();
  for (const file of files) {
    const content = readFileSync(path.join(assets, file));
    source.set(file, content.toString('utf8'));
    rawBytes.set(file, content.length);
    gzipBytes.set(file, gzipSync(content, { level: 9 }).length);
  }
  const fileOf = (href: string) => path.basename(href.split('?')[0]);

  const staticImports = (file: string): string[] => {
    const code = source.get(file) ?? '';
    const found = new Set<string>();
    for (const match of code.matchAll(/(?:import|export)\s*(?:[\w*${}\s,]+from\s*)?["']\.\/([^"']+\.js)["']/g)) found.add(match[1]);
    return [...found].filter((name) => source.has(name));
  };
  const closure = (roots: string[]): Set<string> => {
    const seen = new Set<string>();
    const stack = [...roots];
    while (stack.length) {
      const file = stack.pop()!;
      if (seen.has(file) || !source.has(file)) continue;
      seen.add(file);
      stack.push(...staticImports(file));
    }
    return seen;
  };
  const total = (set: Iterable<string>) => [...set].reduce((sum, file) => sum + (gzipBytes.get(file) ?? 0), 0);

  const entry = [...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)].map((match) => fileOf(match[1]));
  const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((match) => fileOf(match[1]));
  const signIn = closure([...entry, ...preloads]);

  // Lazy routes: import("./X.js"),__vite__mapDeps([i,...]) in the entry, with the file list of __vite__mapDeps.
  const entryCode = entry.map((file) => source.get(file) ?? '').join('\n');
  const depsList = /m\.f\s*\|\|\s*\(m\.f\s*=\s*(\[[^\]]*\])/.exec(entryCode);
  const depFiles: string[] = depsList ? (JSON.parse(depsList[1]) as string[]).map(fileOf) : [];
  const routes = new Map<string, Set<string>>();
  for (const match of entryCode.matchAll(/import\(\s*["']\.\/([^"']+\.js)["']\s*\)\s*,\s*__vite__mapDeps\(\s*\[([\d,\s]*)\]/g)) {
    const deps = match[2]
      .split(',')
      .map((index) => depFiles[Number(index)])
      .filter(Boolean);
    routes.set(match[1], closure([match[1], ...deps]));
  }
  for (const match of entryCode.matchAll(/import\(\s*["']\.\/([^"']+\.js)["']\s*\)/g)) if (!routes.has(match[1])) routes.set(match[1], closure([match[1]]));

  const chunkName = (file: string) => file.replace(/-[\w-]{8}\.js$/, '');
  const findRoute = (name: string) => [...routes.keys()].find((file) => chunkName(file) === name);
  const layout = findRoute('AdminRoot');
  const dashboardPage = findRoute('DashboardPage');
  const dashboardSet = new Set([...signIn, ...(layout ? routes.get(layout)! : []), ...(dashboardPage ? routes.get(dashboardPage)! : [])]);

  const routeChunks = [...routes.keys()]
    .map((file) => ({ chunk: chunkName(file), file, ownGzipKb: kb(gzipBytes.get(file) ?? 0), withDepsGzipKb: kb(total(routes.get(file)!)) }))
    .sort((a, b) => b.ownGzipKb - a.ownGzipKb);
  const biggest = routeChunks[0];
  const allChunks = files
    .map((file) => ({ file, rawKb: kb(rawBytes.get(file) ?? 0), gzipKb: kb(gzipBytes.get(file) ?? 0) }))
    .sort((a, b) => b.gzipKb - a.gzipKb);

  const rows: Row[] = [
    row({
      id: 'web.signIn',
      group: 'web',
      engine: 'web',
      label: 'sign-in page: initial JS (gzip)',
      value: kb(total(signIn)),
      unit: 'kB',
      target: TARGETS.signInKb,
      details: { files: [...signIn].map((file) => ({ file, gzipKb: kb(gzipBytes.get(file) ?? 0) })) },
    }),
    row({
      id: 'web.dashboard',
      group: 'web',
      engine: 'web',
      label: 'dashboard after sign-in: all JS (gzip)',
      value: kb(total(dashboardSet)),
      unit: 'kB',
      note: layout && dashboardPage ? undefined : 'not measured: no AdminRoot/DashboardPage chunk found',
      details: { files: [...dashboardSet].map((file) => ({ file, gzipKb: kb(gzipBytes.get(file) ?? 0) })) },
    }),
    row({
      id: 'web.routeChunkMax',
      group: 'web',
      engine: 'web',
      label: `largest route chunk (${biggest?.chunk ?? 'none'}, gzip)`,
      value: biggest?.ownGzipKb ?? 0,
      unit: 'kB',
      target: TARGETS.routeChunkKb,
      details: { routes: routeChunks },
    }),
  ];
  return { rows, details: { entry, preloads, routeChunks, allChunks } };
}

interface LighthouseResult {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, { score: number | null; scoreDisplayMode: string; errorMessage?: string }>;
  runtimeError?: { code: string; message: string };
}
type LighthouseFn = (url: string, flags: Record<string, unknown>, config?: unknown, page?: unknown) => Promise<{ lhr: LighthouseResult } | undefined>;

/** Why a category has no score: Lighthouse's runtime error, or the weighted audits that errored. */
function missingScoreReason(lhr: LighthouseResult | undefined, category: string): string {
  if (!lhr) return 'no result';
  if (lhr.runtimeError) return `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`;
  const errored = (lhr.categories[category]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.scoreDisplayMode === 'error')
    .map((ref) => `${ref.id}: ${lhr.audits[ref.id].errorMessage ?? 'error'}`);
  return errored.join('; ') || 'no score';
}

/**
 * Lighthouse performance and accessibility (in the Chromium scripts/lib/findChromium.mjs finds) on
 * sign-in, dashboard and ute list, desktop and mobile presets, when the `lighthouse` package is
 * installed; otherwise rows that say it was not measured.
 */
export async function runLighthouse(
  { appUrl, token, onlyFirst }: { appUrl: string; token: string; onlyFirst: boolean },
  log: (line: string) => void,
): Promise<Row[]> {
  const pages = [
    { key: 'signIn', label: 'sign-in', path: '/sign-in', signedIn: false },
    { key: 'dashboard', label: 'dashboard', path: '/', signedIn: true },
    { key: 'utes', label: 'ute list', path: '/ute-list', signedIn: true },
  ];
  const presets = ['desktop', 'mobile'] as const;
  type Score = { value: number; note?: string };
  const lighthouseRows = (page: (typeof pages)[number], preset: (typeof presets)[number], scores: { performance: Score; accessibility: Score }) => [
    row({
      id: `web.lighthouse.${page.key}.${preset}.performance`,
      group: 'web',
      engine: 'web',
      label: `Lighthouse performance, ${page.label}, ${preset}`,
      unit: 'score',
      target: preset === 'desktop' ? TARGETS.lighthouseDesktop : TARGETS.lighthouseMobile,
      ...scores.performance,
    }),
    row({
      id: `web.lighthouse.${page.key}.${preset}.accessibility`,
      group: 'web',
      engine: 'web',
      label: `Lighthouse accessibility, ${page.label}, ${preset}`,
      unit: 'score',
      target: TARGETS.accessibility,
      ...scores.accessibility,
    }),
  ];
  const notMeasuredRows = (page: (typeof pages)[number], preset: (typeof presets)[number], note: string) =>
    lighthouseRows(page, preset, { performance: { value: Number.NaN, note }, accessibility: { value: Number.NaN, note } });
  const notMeasured = (note: string) => pages.flatMap((page) => presets.flatMap((preset) => notMeasuredRows(page, preset, note)));

  let lighthouse: LighthouseFn;
  let puppeteer: { launch(options: Record<string, unknown>): Promise<{ newPage(): Promise<LighthousePage>; close(): Promise<void> }> };
  try {
    // Loaded only when this comparison runs; a checkout installed without dev dependencies lacks them.
    const lighthouseModule = 'lighthouse';
    const puppeteerModule = 'puppeteer-core';
    lighthouse = ((await import(lighthouseModule)) as { default: LighthouseFn }).default;
    puppeteer = ((await import(puppeteerModule)) as { default: typeof puppeteer }).default;
  } catch {
    log('lighthouse is not installed: not measured');
    return notMeasured('not measured: lighthouse not installed');
  }
  let chromePath: string;
  try {
    chromePath = findChromium().path;
  } catch (error) {
    log(`${(error as Error).message}: not measured`);
    return notMeasured(`not measured: ${(error as Error).message}`);
  }

  const rows: Row[] = [];
  const browser = await puppeteer.launch({ executablePath: chromePath, headless: true, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
  try {
    for (const preset of presets) {
      for (const page of pages) {
        // --quick measures the sign-in page on the desktop preset only: it proves Lighthouse runs.
        if (onlyFirst && (page !== pages[0] || preset !== presets[0])) {
          rows.push(...notMeasuredRows(page, preset, 'not measured in --quick'));
          continue;
        }
        const tab = await browser.newPage();
        if (page.signedIn) {
          // The session lives in local storage (docs/design.md decision 3); Lighthouse keeps it with disableStorageReset.
          await tab.goto(`${appUrl}/sign-in`);
          await tab.evaluate(
            (value: string) =>
              (globalThis as unknown as { localStorage: { setItem(key: string, item: string): void } }).localStorage.setItem('auth_token', value),
            token,
          );
        }
        const flags = { output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], disableStorageReset: true };
        // Lighthouse's default config is the mobile preset; the desktop preset is its own config.
        const desktopConfig = 'lighthouse/core/config/desktop-config.js';
        const config = preset === 'desktop' ? ((await import(desktopConfig)) as { default: unknown }).default : undefined;
        const result = await lighthouse(`${appUrl}${page.path}`, flags, config, tab);
        const categories = result?.lhr.categories ?? {};
        const measured = (name: string): Score => {
          const value = Math.round((categories[name]?.score ?? Number.NaN) * 100);
          return Number.isNaN(value) ? { value, note: `not measured: ${missingScoreReason(result?.lhr, name)}` } : { value };
        };
        const scores = { performance: measured('performance'), accessibility: measured('accessibility') };
        log(`lighthouse ${page.label} ${preset}: performance ${scores.performance.value}, accessibility ${scores.accessibility.value}`);
        for (const item of Object.values(scores)) if (item.note) log(`  ${item.note}`);
        rows.push(...lighthouseRows(page, preset, scores));
        await tab.close();
      }
    }
  } finally {
    await browser.close();
  }
  return rows;
}

interface LighthousePage {
  goto(url: string): Promise<unknown>;
  evaluate(fn: (value: string) => void, value: string): Promise<void>;
  close(): Promise<void>;
}
