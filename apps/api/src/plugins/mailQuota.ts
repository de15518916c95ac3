import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors';
import type { RateLimitStore } from '../lib/rateLimiter';

const HOUR_MS = 60 * 60 * 1000;
export const TOO_MANY_MAILS = 'Too many mails sent in the last hour. Please try again later.';

/**
 * A preHandler for calls that send mail on an admin's behalf (replies, price mails): at most
 * `perHour` per admin, so a stolen session cannot turn the product into a spam relay.
 */
export function limitMailsPerHour(limits: RateLimitStore, perHour: number) {
  return async (request: FastifyRequest) => {
    const sent = await limits.hit(`mail:admin:${request.admin?.id ?? request.ip}`, HOUR_MS);
    if (sent > perHour) throw new AppError('TOO_MANY_REQUESTS', TOO_MANY_MAILS);
  };
}
