import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPostgres } from '../apps/api/src/db/database';
import { seedDemoData } from '../apps/api/src/seed/seed';
import { createBulkLoader } from './lib/loader';

const base = 'postgres://postgres@127.0.0.1:5432/test';
const admin = new pg.Client({ connectionString: base });
await admin.connect();
for (const n of ['ute_bench_eq_a', 'ute_bench_eq_b']) { await admin.query(`drop database if exists ${n} with (force)`); await admin.query(`create database ${n}`); }
const now = new Date('2026-01-01T00:00:00Z');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'seed-'));
const a = openPostgres('postgres://postgres@127.0.0.1:5432/ute_bench_eq_a', 3);
await a.migrate();
await seedDemoData(a.db, { dataDir, scale: 3, heavyActivityRows: 100, now });
const b = openPostgres('postgres://postgres@127.0.0.1:5432/ute_bench_eq_b', 3);
await b.migrate();
const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:5432/ute_bench_eq_b', max: 3 });
const loader = createBulkLoader((t, p) => pool.query(t, p), { batchRows: 7 });
await seedDemoData(loader.db, { dataDir, scale: 3, heavyActivityRows: 100, now });
await loader.flush();
const digest = async (url: string) => {
  const c = new pg.Client({ connectionString: url }); await c.connect();
  const tables = (await c.query(`select table_name from information_schema.tables where table_schema='public' order by 1`)).rows.map((r) => r.table_name);
  const out: Record<string, string> = {};
  for (const t of tables) {
    const cols = (await c.query(`select column_name from information_schema.columns where table_schema='public' and table_name=$1 and coalesce(column_default,'') not like 'gen_random_uuid%' and coalesce(column_default,'') <> 'now()' and coalesce(column_default,'') not like 'nextval%' order by ordinal_position`, [t])).rows.map((r) => `"${r.column_name}"`);
    const r = await c.query(`select count(*)::int n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) h from (select ${cols.join(',')} from "${t}") x`);
    out[t] = `${r.rows[0].n}:${r.rows[0].h}`;
  }
  await c.end();
  return out;
};
const da = await digest('postgres://postgres@127.0.0.1:5432/ute_bench_eq_a');
const db2 = await digest('postgres://postgres@127.0.0.1:5432/ute_bench_eq_b');
for (const t of Object.keys(da)) console.log(da[t] === db2[t] ? 'same' : 'DIFF', t, da[t], db2[t]);
await a.close(); await b.close(); await pool.end();
for (const n of ['ute_bench_eq_a', 'ute_bench_eq_b']) await admin.query(`drop database if exists ${n} with (force)`);
await admin.end();
