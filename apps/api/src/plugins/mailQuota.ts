import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors';
import type { RateLimitStore } from '../lib/rateLimiter';

const HOUR_MS = 60 * 60 * 1000;
export const TOO_MANY_MAILS = 'Too many mails sent in the last hour. Please try again later.';

/** The one counter of the mails an admin's actions cause in the current hour, whatever the action. */
export const mailQuotaKey = (adminId: string): string => `mail:admin:${adminId}`;

/**
 * A preHandler for calls that send mail on an admin's behalf (replies, price mails): at most
 * `perHour` per admin, so a stolen session cannot turn the product into a spam relay.
 */
export function limitMailsPerHour(limits: RateLimitStore, perHour: number) {
  return async (request: FastifyRequest) => {
    const sent = await limits.hit(request.admin ? mailQuotaKey(request.admin.id) : `mail:admin:${request.ip}`, HOUR_MS);
    if (sent > perHour) throw new AppError('TOO_MANY_REQUESTS', TOO_MANY_MAILS);
  };
}

/** One mail's place in an admin's hourly quota, taken before the action that may send it. */
export interface MailReservation {
  /** Whether the mail is within the quota (false: the action goes on, without the mail). */
  isAllowed: boolean;
  /** Gives the place back: the action sent no mail after all (or was refused). Call at most once. */
  release(): Promise<void>;
}

/**
 * The same hourly quota as limitMailsPerHour, for actions whose mail is a side effect they must not
 * be refused for (a moderation decision and its notice to the lister): a place is reserved before
 * the action, as an atomic hit on the admin's counter, so parallel actions cannot pass the quota
 * together; the action sends its mail only when the place is within the quota, and gives the place
 * back when it sent none. So the counter holds the mails the admin's actions caused, of every kind.
 */
export function createMailQuota(limits: RateLimitStore, perHour: number) {
  async function reserve(adminId: string | null): Promise<MailReservation> {
    // No admin (a background job): no admin's quota to count against.
    if (adminId === null) return { isAllowed: true, release: async () => {} };
    const key = mailQuotaKey(adminId);
    const count = await limits.hit(key, HOUR_MS);
    return { isAllowed: count <= perHour, release: () => limits.release(key) };
  }

  /** The mails counted for the admin in the current hour. */
  const countFor = (adminId: string): Promise<number> => limits.count(mailQuotaKey(adminId));

  return { reserve, countFor };
}

export type MailQuota = ReturnType<typeof createMailQuota>;
