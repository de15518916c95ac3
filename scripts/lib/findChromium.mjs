// One answer to "which Chrome or Chromium?" for the e2e tests, the runner and the benchmark's Lighthouse.
import { accessSync, constants, readdirSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const HOW_TO_GET_CHROMIUM =
  'install one (Debian/Ubuntu: `sudo apt-get install chromium`; any system: `npx playwright install chromium`) or set CHROME_PATH to a Chrome or Chromium executable';

const STANDARD_PATHS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
];
const PATH_NAMES = ['google-chrome', 'google-chrome-stable', 'chromium'];
// Inside a Playwright cache: <browser>-<revision>/<one of these>, for the layouts of recent and older Playwright versions.
const CACHED_BROWSERS = [
  {
    prefix: 'chromium-',
    executables: [
      'chrome-linux64/chrome',
      'chrome-linux/chrome',
      'chrome-mac-arm64/Google Chrome for Testing.app/Contents/MacOS/Google Chrome for Testing',
      'chrome-mac-x64/Google Chrome for Testing.app/Contents/MacOS/Google Chrome for Testing',
      'chrome-mac/Chromium.app/Contents/MacOS/Chromium',
    ],
  },
  {
    prefix: 'chromium_headless_shell-',
    executables: [
      'chrome-headless-shell-linux64/chrome-headless-shell',
      'chrome-linux/headless_shell',
      'chrome-headless-shell-mac-arm64/chrome-headless-shell',
      'chrome-headless-shell-mac-x64/chrome-headless-shell',
      'chrome-mac/headless_shell',
    ],
  },
];

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

function playwrightCaches() {
  const caches = [];
  if (process.env.PLAYWRIGHT_BROWSERS_PATH) caches.push(path.resolve(process.env.PLAYWRIGHT_BROWSERS_PATH));
  caches.push(path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'ms-playwright'));
  caches.push(path.join(os.homedir(), 'Library/Caches/ms-playwright'));
  return caches;
}

function* candidates() {
  for (const file of STANDARD_PATHS) yield { path: file, source: 'standard location' };
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    for (const name of PATH_NAMES) yield { path: path.join(dir, name), source: `${name} on PATH` };
  }
  for (const cache of playwrightCaches()) {
    let entries;
    try {
      entries = readdirSync(cache);
    } catch {
      continue;
    }
    for (const { prefix, executables } of CACHED_BROWSERS) {
      const revisions = entries.filter((entry) => entry.startsWith(prefix)).sort((a, b) => Number(b.slice(prefix.length)) - Number(a.slice(prefix.length)));
      for (const revision of revisions) {
        for (const executable of executables) yield { path: path.join(cache, revision, executable), source: `Playwright's cache ${cache}` };
      }
    }
  }
}

/**
 * The Chrome or Chromium to use: CHROME_PATH, CHROMIUM_PATH, the usual install locations, PATH,
 * Playwright's browser cache. Throws, saying how to get one, when there is none (or when one of the
 * two variables names a file that is not there: a browser the user asked for is never replaced).
 * @returns {{ path: string, source: string }}
 */
export function findChromium() {
  for (const name of ['CHROME_PATH', 'CHROMIUM_PATH']) {
    const file = process.env[name];
    if (!file) continue;
    if (!isExecutable(file)) throw new Error(`${name}=${file} is not an executable file: point it at Chrome or Chromium, or unset it`);
    return { path: file, source: name };
  }
  for (const candidate of candidates()) if (isExecutable(candidate.path)) return candidate;
  throw new Error(`No Chrome or Chromium found: ${HOW_TO_GET_CHROMIUM}`);
}
