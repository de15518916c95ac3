/** The back-office roles (README, "Roles"); an admin may hold several. */
export const ADMIN_ROLES = ['owner', 'finance', 'support', 'content', 'moderator'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

export const ADMIN_ROLE_LABELS: Record<AdminRole, string> = {
  owner: 'Owner',
  finance: 'Finance',
  support: 'Support',
  content: 'Content',
  moderator: 'Moderator',
};

/**
 * A call that moves money, shows bank details or changes who may do what: the roles listed, and on
 * top a second factor proved in the last STEP_UP_WINDOW_MS. An admin without 2FA is refused such a
 * call whatever their roles (TWO_FACTOR_REQUIRED), so nobody moves money or grants power on a
 * password alone (SECURITY.md, "Step-up").
 */
export interface StepUpAccess {
  readonly roles: readonly AdminRole[];
  readonly stepUp: true;
}

/**
 * Who may call a route: anyone (`public`), any signed-in admin (`signed-in`), an admin holding one
 * of the roles listed, or that and a fresh second factor (`StepUpAccess`). An owner may call every
 * route that is not public.
 */
export type RouteAccess = 'public' | 'signed-in' | readonly AdminRole[] | StepUpAccess;
