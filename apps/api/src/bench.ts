/**
 * The api's package entry for the benchmark (`@ute/api/bench`, see the "exports" of package.json):
 * exactly what bench/ uses, so bench never reaches into src/ paths (lint forbids it). bench runs
 * under tsx, so this stays a TypeScript source; build.mjs does not bundle it.
 */
export { buildApp } from './app';
export { openPostgres, pgliteExtensions, renderedBySqlText, wrapPglite, type Database, type Db } from './db/database';
export * as schema from './db/schema';
export { migrationsFolder } from './lib/paths';
export { upsertAdmin } from './modules/auth/auth.repository';
export { hashPassword } from './modules/auth/passwords';
export { referenceTotals as analyticsReferenceTotals } from './modules/analytics/analytics.reference';
export { DASHBOARD_NUMBERS_BY_COUNT_SQL } from './modules/dashboard/dashboardCounts.sql';
export { loadConfig } from './plugins/config';
export { createFileStorage } from './platform/storage/fileStorage';
export { seedDemoData, writeDemoImages } from './seed/seed';
