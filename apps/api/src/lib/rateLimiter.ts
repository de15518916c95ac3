import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from './errors';

/** Counters behind one interface so a shared store (Redis) can replace the in-process one. */
export interface RateLimitStore {
  /**
   * Adds one hit to key and returns the hits within the window, this one included, in one atomic
   * step: of many parallel hits each sees its own number, so comparing it is a reservation.
   */
  hit(key: string, windowMs: number): Promise<number>;
  /** Takes one hit back (never below zero, never creating the key, the window unchanged). */
  release(key: string): Promise<void>;
  count(key: string): Promise<number>;
  reset(key: string): Promise<void>;
}

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly entries = new Map<string, { count: number; expiresAt: number }>();

  // No await between reading and writing an entry: each call is atomic on the event loop.
  async hit(key: string, windowMs: number): Promise<number> {
    const now = Date.now();
    const entry = this.entries.get(key);
    if (!entry || entry.expiresAt <= now) {
      this.entries.set(key, { count: 1, expiresAt: now + windowMs });
      this.sweep(now);
      return 1;
    }
    entry.count += 1;
    return entry.count;
  }

  async release(key: string): Promise<void> {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt > Date.now() && entry.count > 0) entry.count -= 1;
  }

  async count(key: string): Promise<number> {
    const entry = this.entries.get(key);
    return entry && entry.expiresAt > Date.now() ? entry.count : 0;
  }

  async reset(key: string): Promise<void> {
    this.entries.delete(key);
  }

  private sweep(now: number): void {
    if (this.entries.size < 10_000) return;
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
  }
}

/**
 * The limits on one kind of attempt (a sign-in, a code check, a code mail) against one account.
 * The hard limits count per address, so a stranger can only block their own address; across all
 * addresses an account is only slowed down, never blocked (except by `perAccount`, see there).
 */
export interface AttemptPolicy {
  /** Prefix of the counter keys, e.g. `signin`. */
  name: string;
  windowMs: number;
  /** Hard: attempts one address may make on one account within the window; more answer 429. */
  perAccountAndAddress: number;
  /** Hard: attempts one address may make across all accounts within the window; more answer 429. */
  perAddress: number;
  /** Soft: attempts on one account from all addresses within the window before each further one waits. */
  perAccountBeforeSlowdown: number;
  /**
   * Hard ceiling on one account from all addresses. A stranger with enough addresses can reach it,
   * so it is only for where that lock-out is the lesser harm (code mails: it bounds the mails to one
   * mailbox and the codes, so the OTP guesses, per hour).
   */
  perAccount?: number;
  /** The window of the account-wide counters (`perAccount` and the soft limit), when longer than `windowMs`. */
  accountWindowMs?: number;
  /** The message of the 429 of `perAccount`, when it should say more than `tooManyMessage`. */
  tooManyOnAccountMessage?: string;
  /** The wait grows by this much per attempt over the soft limit... */
  slowdownStepMs: number;
  /** ...up to this. */
  slowdownMaxMs: number;
  /** The message of the 429. */
  tooManyMessage: string;
}

export interface ReservedAttempt {
  /**
   * For an attempt that turned out right: forgives this address's earlier failures on the account
   * and takes this attempt back from the address and account counters, so those keep counting
   * failures (and attempts under way) only. Never called for a failure.
   */
  succeed(): Promise<void>;
}

/** The wait before an attempt that is `over` attempts past the soft limit (0 when not past it). */
export function slowdownMs(policy: AttemptPolicy, over: number): number {
  return over > 0 ? Math.min(over * policy.slowdownStepMs, policy.slowdownMaxMs) : 0;
}

const accountKeyOf = (policy: AttemptPolicy, account: string) => `${policy.name}:account:${account}`;

/** Forgets the account-wide count of `policy` for `account` (an owner lifting a lock-out). */
export function resetAccountAttempts(limits: RateLimitStore, policy: AttemptPolicy, account: string): Promise<void> {
  return limits.reset(accountKeyOf(policy, account));
}

/**
 * Reserves one attempt before the expensive or secret check runs (argon2, an OTP compare, a mail):
 * every counter is hit first and the count that comes back, this attempt included, decides. So of
 * a burst of parallel attempts only the allowed number gets through, whatever their timing. The
 * counters are hit one after the other, each only by the attempts the previous one let through:
 * parallel hits on two keys may be counted in different orders (one store, several connections or
 * processes), and an attempt must not be refused by one counter for places it took in the other.
 * Throws the 429 when a hard limit is passed; waits (slowdownMs) when only the soft one is.
 */
export async function reserveAttempt(
  limits: RateLimitStore,
  policy: AttemptPolicy,
  account: string,
  address: string,
  wait: (ms: number) => Promise<unknown> = sleep,
): Promise<ReservedAttempt> {
  // An address has no `|`, so `account|address` names one pair only, whatever the account holds.
  const accountAndAddressKey = `${policy.name}:account+ip:${account}|${address}`;
  const addressKey = `${policy.name}:ip:${address}`;
  const accountKey = accountKeyOf(policy, account);
  if ((await limits.hit(addressKey, policy.windowMs)) > policy.perAddress) throw new AppError('TOO_MANY_REQUESTS', policy.tooManyMessage);
  if ((await limits.hit(accountAndAddressKey, policy.windowMs)) > policy.perAccountAndAddress) throw new AppError('TOO_MANY_REQUESTS', policy.tooManyMessage);
  // Counted only for attempts that passed their address's limits: one address alone cannot slow the
  // account down for everybody else.
  const onAccount = await limits.hit(accountKey, policy.accountWindowMs ?? policy.windowMs);
  if (policy.perAccount !== undefined && onAccount > policy.perAccount) {
    throw new AppError('TOO_MANY_REQUESTS', policy.tooManyOnAccountMessage ?? policy.tooManyMessage);
  }
  const delayMs = slowdownMs(policy, onAccount - policy.perAccountBeforeSlowdown);
  if (delayMs > 0) await wait(delayMs);
  return {
    succeed: async () => {
      await Promise.all([limits.reset(accountAndAddressKey), limits.release(addressKey), limits.release(accountKey)]);
    },
  };
}
