import { readFileSync, writeFileSync } from 'node:fs';
import { expect, type APIRequestContext } from '@playwright/test';
import { isSignInChallenge, STEP_UP_WINDOW_MS, type SignInResponse, type SignInSuccess, type StepUpResponse } from '@ute/contract';
import { Authenticator } from './authenticator';
import { E2E_ADMIN } from './constants';

/**
 * The e2e owner has 2FA (global setup turns it on through the api, as an owner would): paying out,
 * bank details and changes of the team are step-up calls, which refuse an admin without it. Its
 * session is shared by every spec of the worker and kept in a file, with the last TOTP step used,
 * so that a restarted worker neither signs in again for nothing nor replays a step.
 */
interface OwnerState {
  /** The last time step a code was made for (the api refuses a step not newer than the last one it took). */
  lastStep: number;
  token: string | null;
  /** When `token`'s second factor was proved (ms since epoch). */
  secondFactorAt: number;
}

/**
 * A token's factor is renewed (POST /two-factor/step-up) once older than this: the step-up window
 * less a test's time-out and a margin, so a page that took the token keeps it fresh to its end.
 */
const REFRESH_AFTER_MS = STEP_UP_WINDOW_MS - 90_000;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

function stateFile(): string {
  const file = process.env.E2E_OWNER_STATE;
  if (!file) throw new Error('E2E_OWNER_STATE is not set (global setup did not run)');
  return file;
}

const readState = (): OwnerState => JSON.parse(readFileSync(stateFile(), 'utf8')) as OwnerState;

function updateState(patch: Partial<OwnerState>): OwnerState {
  const state = { ...readState(), ...patch };
  writeFileSync(stateFile(), JSON.stringify(state));
  return state;
}

/** Starts the owner's state in `file` (global setup, before turning 2FA on); the worker reads it through E2E_OWNER_STATE. */
export function initOwnerState(file: string): void {
  writeFileSync(file, JSON.stringify({ lastStep: -1, token: null, secondFactorAt: 0 } satisfies OwnerState));
}

/** The e2e owner's authenticator app (its secret from global setup), its last step kept in the state file. */
export function ownerAuthenticator(): Authenticator {
  const secret = process.env.E2E_ADMIN_TOTP_SECRET;
  if (!secret) throw new Error('E2E_ADMIN_TOTP_SECRET is not set (global setup did not run)');
  return new Authenticator(secret, { read: () => readState().lastStep, write: (lastStep) => void updateState({ lastStep }) });
}

/** Keeps a token the owner got some other way (a sign-in through the form): its factor is fresh. */
export function rememberOwnerSession(token: string): void {
  updateState({ token, secondFactorAt: Date.now() });
}

/** Signs the owner in with the two steps: password, then a code. */
async function signIn(request: APIRequestContext): Promise<string> {
  const password = await request.post('/api/admin/sign-in', { data: E2E_ADMIN });
  expect(password.status(), await password.text()).toBe(200);
  const first = (await password.json()) as SignInResponse;
  if (!isSignInChallenge(first)) throw new Error('the e2e owner signed in without a code: global setup did not turn 2FA on');
  const code = await ownerAuthenticator().nextCode();
  const response = await request.post('/api/admin/sign-in/two-factor', { data: { challenge: first.challenge, code } });
  expect(response.status(), await response.text()).toBe(200);
  const { token } = (await response.json()) as SignInSuccess;
  rememberOwnerSession(token);
  return token;
}

/**
 * A bearer token of the e2e owner whose second factor is fresh for at least a test's length: the
 * kept one; the kept one stepped up when its factor is getting old; a new sign-in when a spec ended
 * the owner's sessions (sign-out, a password change or reset).
 */
export async function ownerToken(request: APIRequestContext): Promise<string> {
  const { token, secondFactorAt } = readState();
  const isAlive = token !== null && (await request.get('/api/admin/check-token', { headers: bearer(token) })).ok();
  if (!isAlive) return signIn(request);
  if (Date.now() - secondFactorAt < REFRESH_AFTER_MS) return token;
  const code = await ownerAuthenticator().nextCode();
  const response = await request.post('/api/admin/two-factor/step-up', { headers: bearer(token), data: { code } });
  expect(response.status(), await response.text()).toBe(200);
  const renewed = (await response.json()) as StepUpResponse;
  rememberOwnerSession(renewed.token);
  return renewed.token;
}
