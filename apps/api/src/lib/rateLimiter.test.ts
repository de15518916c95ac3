import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsFolder } from './paths';
import { PostgresRateLimitStore } from './postgresRateLimiter';
import { MemoryRateLimitStore, reserveAttempt, type AttemptPolicy, type RateLimitStore } from './rateLimiter';
import { RedisRateLimitStore } from './redisRateLimiter';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const redis = new RedisRateLimitStore(redisUrl, `ute:test:${randomUUID()}:`);
afterAll(() => redis.close());

// Always against PostgreSQL, whichever engine the run is for: a migrated database of this file's own.
const postgresBaseUrl = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
const postgresDatabase = `ute_limits_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
const postgresPool = new pg.Pool({ connectionString: Object.assign(new URL(postgresBaseUrl), { pathname: `/${postgresDatabase}` }).toString(), max: 10 });
const postgres = new PostgresRateLimitStore(drizzle({ client: postgresPool }));
// Dropping the database `with (force)` may reach a connection the ended pool is still closing: its
// FATAL 57P01 must not surface as an unhandled error of the run.
postgresPool.on('error', () => {});
async function runOnPostgresServer(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: postgresBaseUrl.toString() });
  await admin.connect();
  await admin.query(statement);
  await admin.end();
}
beforeAll(async () => {
  await runOnPostgresServer(`create database ${postgresDatabase}`);
  await migrate(drizzle({ client: postgresPool }), { migrationsFolder });
});
afterAll(async () => {
  await postgresPool.end();
  await runOnPostgresServer(`drop database if exists ${postgresDatabase} with (force)`);
});
// `npm test` sets REDIS_TEST=absent when no Redis answers, and counts these skipped tests in its summary.
const isRedisAbsent = process.env.REDIS_TEST === 'absent';

/** What every store must do. */
function describeStore(store: RateLimitStore) {
  it('counts hits within the window and resets', async () => {
    expect(await store.count('a')).toBe(0);
    expect(await store.hit('a', 60_000)).toBe(1);
    expect(await store.hit('a', 60_000)).toBe(2);
    expect(await store.count('a')).toBe(2);
    await store.reset('a');
    expect(await store.count('a')).toBe(0);
  });

  it('forgets hits once the window has passed', async () => {
    await store.hit('b', 50);
    await store.hit('b', 50);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(await store.count('b')).toBe(0);
    expect(await store.hit('b', 50)).toBe(1);
  });

  it('keeps keys apart', async () => {
    await store.hit('c1', 60_000);
    expect(await store.count('c2')).toBe(0);
  });

  it('gives 40 parallel hits the counts 1 to 40, each exactly once', async () => {
    const counts = await Promise.all(Array.from({ length: 40 }, () => store.hit('burst', 60_000)));
    expect([...counts].sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(await store.count('burst')).toBe(40);
  });

  it('takes one hit back on release, never below zero and never creating the key', async () => {
    await store.hit('d', 60_000);
    await store.hit('d', 60_000);
    await store.release('d');
    expect(await store.count('d')).toBe(1);
    await store.release('d');
    await store.release('d');
    expect(await store.count('d')).toBe(0);
    expect(await store.hit('d', 60_000)).toBe(1);
    await store.release('never-hit');
    expect(await store.hit('never-hit', 60_000)).toBe(1);
  });
}
describe('in-process rate-limit store', () => describeStore(new MemoryRateLimitStore()));
describe.skipIf(isRedisAbsent)('Redis rate-limit store', () => describeStore(redis));
describe('PostgreSQL rate-limit store', () => describeStore(postgres));

/** An address no other test uses: the Redis and PostgreSQL stores are shared by every test of the file. */
const newAddress = () => `10.0.0.1-${randomUUID()}`;

const policy: AttemptPolicy = {
  name: 'test',
  windowMs: 60_000,
  perAccountAndAddress: 2,
  perAddress: 5,
  perAccountBeforeSlowdown: 3,
  slowdownStepMs: 1000,
  slowdownMaxMs: 2000,
  tooManyMessage: 'Too many',
};

function describeReserveAttempt(makeStore: () => RateLimitStore) {
  // Waits are recorded, not slept: the numbers are what the policy says, the test stays fast.
  const attempt = async (store: RateLimitStore, account: string, address: string, waits: number[] = [], ofPolicy = policy) => {
    try {
      await reserveAttempt(store, ofPolicy, account, address, async (ms) => waits.push(ms));
      return 'ok';
    } catch (error) {
      return (error as { statusCode?: number }).statusCode;
    }
  };

  it('lets through only the limit of a parallel burst from one address, then answers 429', async () => {
    const store = makeStore();
    const account = randomUUID();
    const address = newAddress();
    const results = await Promise.all(Array.from({ length: 40 }, () => attempt(store, account, address)));
    expect(results.filter((result) => result === 'ok')).toHaveLength(policy.perAccountAndAddress);
    expect(results.filter((result) => result === 429)).toHaveLength(40 - policy.perAccountAndAddress);
  });

  it('blocks the address that failed, not the account from another address', async () => {
    const store = makeStore();
    const account = randomUUID();
    const [attacker, owner] = [newAddress(), newAddress()];
    expect(await attempt(store, account, attacker)).toBe('ok');
    expect(await attempt(store, account, attacker)).toBe('ok');
    expect(await attempt(store, account, attacker)).toBe(429);
    expect(await attempt(store, account, owner)).toBe('ok');
  });

  it('slows the account down past its soft limit, 1 s then 2 s at most, but never refuses it', async () => {
    const store = makeStore();
    const account = randomUUID();
    const waits: number[] = [];
    for (let i = 0; i < 6; i += 1) expect(await attempt(store, account, newAddress(), waits)).toBe('ok');
    expect(waits).toEqual([1000, 2000, 2000]);
  });

  it('refuses one address past its limit across accounts', async () => {
    const store = makeStore();
    const address = newAddress();
    for (let i = 0; i < policy.perAddress; i += 1) expect(await attempt(store, randomUUID(), address)).toBe('ok');
    expect(await attempt(store, randomUUID(), address)).toBe(429);
  });

  it('refuses past the ceiling per account where the policy has one', async () => {
    const store = makeStore();
    const account = randomUUID();
    const withCeiling = { ...policy, perAccountBeforeSlowdown: 10, perAccount: 3 };
    for (let i = 0; i < 3; i += 1) expect(await attempt(store, account, newAddress(), [], withCeiling)).toBe('ok');
    expect(await attempt(store, account, newAddress(), [], withCeiling)).toBe(429);
  });

  it('on success forgives the address its failures on the account and gives its hits back', async () => {
    const store = makeStore();
    const account = randomUUID();
    const address = newAddress();
    await reserveAttempt(store, policy, account, address);
    const right = await reserveAttempt(store, policy, account, address);
    await right.succeed();
    expect(await store.count(`test:account+ip:${account}|${address}`)).toBe(0);
    expect(await store.count(`test:ip:${address}`)).toBe(1);
    expect(await store.count(`test:account:${account}`)).toBe(1);
  });
}
describe('reserveAttempt with the in-process store', () => describeReserveAttempt(() => new MemoryRateLimitStore()));
describe.skipIf(isRedisAbsent)('reserveAttempt with the Redis store', () => describeReserveAttempt(() => redis));
describe('reserveAttempt with the PostgreSQL store', () => describeReserveAttempt(() => postgres));

describe('PostgreSQL rate-limit store sweep', () => {
  it('deletes counters whose window has run out, and only those', async () => {
    const sweeping = new PostgresRateLimitStore(drizzle({ client: postgresPool }), 1);
    const [expired, live] = [`sweep-expired-${randomUUID()}`, `sweep-live-${randomUUID()}`];
    await sweeping.hit(expired, 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await sweeping.hit(live, 60_000);
    const { rows } = await postgresPool.query<{ key: string }>('select key from rate_limits where key = any($1)', [[expired, live]]);
    expect(rows.map((row) => row.key)).toEqual([live]);
  });
});
