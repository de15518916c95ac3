import { test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { TOTP_DIGITS, TOTP_ISSUER } from '@ute/contract';

const PERIOD_MS = 30_000;

/** Where an authenticator keeps the last time step it gave a code for. */
export interface StepStore {
  read(): number;
  write(step: number): void;
}

const memoryStepStore = (): StepStore => {
  let last = -1;
  return { read: () => last, write: (step) => (last = step) };
};

/** Gives a running test the time it is about to wait (so a wait for the next step does not time it out), and says so in the report. */
function extendTestTimeout(ms: number): void {
  let info: ReturnType<typeof test.info>;
  try {
    info = test.info();
  } catch {
    return; // not in a test (global setup)
  }
  info.annotations.push({ type: 'totp-wait', description: `${ms} ms for the next time step` });
  if (info.timeout > 0) info.setTimeout(info.timeout + ms);
}

/**
 * The authenticator app of one admin. The api takes each 30 s time step once per admin (replay
 * protection) and accepts one step either side (clock drift), so each code is for the step after the
 * last one used: the current one, or the next one early, and only past that does it wait for time to
 * move on (up to 30 s). `steps` remembers the last step where more than one process signs in as the
 * same admin (the e2e owner: global setup, then the test worker, which may restart).
 */
export class Authenticator {
  private readonly totp: TOTP;

  constructor(
    secret: string,
    private readonly steps: StepStore = memoryStepStore(),
  ) {
    this.totp = new TOTP({ issuer: TOTP_ISSUER, algorithm: 'SHA1', digits: TOTP_DIGITS, period: PERIOD_MS / 1000, secret: Secret.fromBase32(secret) });
  }

  async nextCode(): Promise<string> {
    const step = Math.max(this.totp.counter(), this.steps.read() + 1);
    // The api takes `step` once its own current step is `step - 1`; a little later, so it surely is.
    const waitMs = (step - 1) * PERIOD_MS + 250 - Date.now();
    if (waitMs > 0) {
      extendTestTimeout(waitMs);
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
    this.steps.write(step);
    return this.totp.generate({ timestamp: step * PERIOD_MS });
  }
}
