import { Link } from 'react-router';
import { ApiError } from './apiClient';

/** The Security screen, where an admin turns two-factor authentication on. */
export const SECURITY_PATH = '/security';

/**
 * Whether a call was refused because the admin has no 2FA at all (403 TWO_FACTOR_REQUIRED on a
 * step-up route: money, bank details, the team), which the admin can fix on the Security screen;
 * unlike STEP_UP_REQUIRED, no code typed in place would help.
 */
export function isTwoFactorRequired(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.reason === 'TWO_FACTOR_REQUIRED';
}

/** The way from accessTexts.twoFactorRequired to the Security screen, in a toast or beside an inline error. */
export function SecurityPageLink() {
  return (
    <Link to={SECURITY_PATH} className="whitespace-nowrap font-medium text-brand-700 underline underline-offset-2 hover:no-underline">
      Open the Security page
    </Link>
  );
}
