import { setTimeout as sleep } from 'node:timers/promises';
import { totpOf } from '../modules/auth/twoFactor.crypto';

const STEP_MS = 30_000;

/**
 * Sessions of one admin against a running api process (tests of real processes), with 2FA enrolled
 * on first use, so its tokens open the step-up routes (payouts, bank details) for 5 minutes.
 * A TOTP step is accepted once per admin, so each code is of a step not used before: the current
 * one or the next (the api accepts one step either side), waiting for a new step only when both
 * are spent.
 */
export class TwoFactorSession {
  private secret: string | null = null;
  private lastStep = 0;

  constructor(private readonly credentials: { email: string; password: string }) {}

  /** A token with a second factor proved now: enrols the admin the first time, signs in with a code after. */
  async token(apiBase: string): Promise<string> {
    const signIn = await post(apiBase, '/sign-in', this.credentials);
    if ('token' in signIn) return this.secret ? signIn.token : this.enrol(apiBase, signIn.token);
    const answer = await post(apiBase, '/sign-in/two-factor', { challenge: signIn.challenge, code: await this.nextCode() });
    if (!('token' in answer)) throw new Error(`2FA sign-in failed: ${JSON.stringify(answer)}`);
    return answer.token;
  }

  private async enrol(apiBase: string, token: string): Promise<string> {
    const setup = await post(apiBase, '/two-factor/setup', undefined, token);
    this.secret = String(setup.secret);
    const enabled = await post(apiBase, '/two-factor/enable', { code: await this.nextCode(), password: this.credentials.password }, token);
    if (!('token' in enabled)) throw new Error(`2FA enable failed: ${JSON.stringify(enabled)}`);
    return enabled.token;
  }

  private async nextCode(): Promise<string> {
    let current = Math.floor(Date.now() / STEP_MS);
    if (this.lastStep > current) {
      await sleep((this.lastStep + 1) * STEP_MS - Date.now() + 50);
      current = Math.floor(Date.now() / STEP_MS);
    }
    const step = Math.max(current, this.lastStep + 1);
    this.lastStep = step;
    return totpOf(this.secret!, this.credentials.email).generate({ timestamp: step * STEP_MS });
  }
}

async function post(
  apiBase: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<Record<string, string> & ({ token: string } | { challenge: string })> {
  const response = await fetch(`${apiBase}${path}`, {
    method: 'POST',
    headers: { ...(body !== undefined && { 'content-type': 'application/json' }), ...(token && { authorization: `Bearer ${token}` }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, string>;
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${JSON.stringify(json)}`);
  return json as Record<string, string> & ({ token: string } | { challenge: string });
}
