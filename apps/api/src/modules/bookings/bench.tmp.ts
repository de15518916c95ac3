import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { mkdtempSync } from 'node:fs';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openPostgres, queryRows } from '../../db/database';
import { seedDemoData } from '../../seed/seed';
import { listJobBookings, listUteBookings } from './bookings.repository';
import { listPayments } from '../payments/payments.repository';

const N = Number(process.env.BENCH_ROWS ?? 1_000_000);
const base = 'postgres://postgres@127.0.0.1:5432/test';
const name = `ute_bench_${randomUUID().replaceAll('-', '').slice(0, 10)}`;
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(base); url.pathname = `/${name}`;
const database = openPostgres(url.toString(), 4);
try {
  await database.migrate();
  await seedDemoData(database.db, { dataDir: mkdtempSync(path.join(os.tmpdir(), 'bench-')) });
  let t = Date.now();
  await database.db.execute(sql.raw(`
    insert into ute_bookings (ute_booking_id, booked_by, owner_id, ute_name, amount, status, pickup_street, pickup_state, pickup_postal_code, transaction_id, transfer_state, created_at)
    select 'BU-' || g, (select id from users order by id offset (g % 40) limit 1), (select id from users order by id limit 1), 'Bench ute ' || g, 100 + (g % 500), (array['pending','delivered','completed'])[1 + g % 3], g || ' Main St', 'NSW', '2000',
      case when g % 2 = 0 then 'pi_' || g else null end, 'none', now() - (g || ' seconds')::interval
    from generate_series(1, ${N}) g`));
  console.log('inserted ute bookings', N, Date.now() - t, 'ms'); t = Date.now();
  await database.db.execute(sql.raw(`
    insert into payments (payment_by, amount_cents, status, is_stripe, is_job, transaction_id, created_at)
    select (array['Olivia','Jack','Noah','Charlotte','William','Amelia','Oliver','Isla'])[1 + g % 8] || ' ' || (array['Nguyen','Smith','Brown','Wilson','Taylor','Martin','Anderson','Thompson','Kelly','Walker'])[1 + (g / 8) % 10] || ' ' || g,
      5000 + g % 90000, (array['succeeded','pending','failed','inProgress'])[1 + g % 4], g % 3 <> 2, g % 2 = 1, 'tx_' || g, now() - (g || ' seconds')::interval
    from generate_series(1, ${N}) g`));
  console.log('inserted payments', N, Date.now() - t, 'ms');
  await database.db.execute(sql`analyze`);
  const db = database.db;
  const time = async (label: string, fn: () => Promise<unknown>) => {
    await fn();
    const runs = 5; const start = process.hrtime.bigint();
    for (let i = 0; i < runs; i++) await fn();
    console.log(label.padEnd(60), (Number(process.hrtime.bigint() - start) / 1e6 / runs).toFixed(1), 'ms');
  };
  await time('ute-booking-list stripe page 1 (+count)', () => listUteBookings(db, { payment: 'stripe', limit: 10, offset: 0 }));
  await time('ute-booking-list manual page 1 (+count)', () => listUteBookings(db, { payment: 'manual', limit: 10, offset: 0 }));
  await time('ute-booking-list stripe page 1000 (+count)', () => listUteBookings(db, { payment: 'stripe', limit: 10, offset: 9990 }));
  await time('job-booking-list stripe page 1 (+count)', () => listJobBookings(db, { payment: 'stripe', limit: 10, offset: 0 }));
  await time('payment-list newest page 1 (+count)', () => listPayments(db, { isStripe: true, sort: 'newest', limit: 10, offset: 0 }));
  await time('payment-list oldest page 1 (+count)', () => listPayments(db, { isStripe: true, sort: 'oldest', limit: 10, offset: 0 }));
  await time('payment-list search "Thompson 12345" (+count)', () => listPayments(db, { isStripe: true, search: 'Thompson 12345', sort: 'newest', limit: 10, offset: 0 }));
  await time('payment-list search "olivia" (+count, many matches)', () => listPayments(db, { isStripe: true, search: 'olivia', sort: 'newest', limit: 10, offset: 0 }));
  await time('manual payments kind=job page 1 (+count)', () => listPayments(db, { isStripe: false, isJob: true, sort: 'newest', limit: 10, offset: 0 }));
  for (const q of [
    `select * from ute_bookings where deleted_at is null and transaction_id is not null order by created_at desc, id desc limit 10`,
    `select * from payments where is_stripe = true and payment_by ilike '%Thompson 12345%' order by created_at desc, id desc limit 10`,
    `select count(*) from payments where is_stripe = true and payment_by ilike '%Thompson 12345%'`,
    `select * from payments where is_stripe = false and is_job = true order by created_at desc, id desc limit 10`,
  ]) {
    const plan = await queryRows<Record<string, string>>(db, sql.raw(`explain analyze ${q}`));
    console.log('\n' + q + '\n' + plan.map((r) => Object.values(r)[0]).join('\n'));
  }
} finally {
  await database.close();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
