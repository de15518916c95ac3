import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The api package folder, found from this file whether it runs from src (tsx) or dist (bundle). */
function findApiRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i += 1) {
    if (existsSync(path.join(dir, 'drizzle')) && existsSync(path.join(dir, 'package.json'))) return dir;
    dir = path.dirname(dir);
  }
  throw new Error('Cannot find the api package folder (with drizzle/ migrations)');
}

export const apiRoot = findApiRoot();
export const migrationsFolder = path.join(apiRoot, 'drizzle');
export const repoRoot = path.resolve(apiRoot, '../..');
export const webDistFolder = path.join(repoRoot, 'apps/web/dist');
