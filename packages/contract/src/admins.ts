import { z } from 'zod';
import { ADMIN_ROLES } from './roles';
import { authMessages, EMAIL_PATTERN, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './authForms';
import { recordVersionSchema, textSchema } from './common';

/** How long an invitation link works. */
export const INVITE_VALIDITY_MS = 48 * 60 * 60_000;

/**
 * Where an admin stands: `Invited` until the invitation is accepted (`Invite expired` once its 48 h
 * are over or the owner withdrew it), then `Active` or `Inactive`.
 */
export const ADMIN_STATUSES = ['Active', 'Inactive', 'Invited', 'Invite expired'] as const;
export type AdminStatus = (typeof ADMIN_STATUSES)[number];

/** The texts of the Admins screen and the invitation, returned by the api and shown by the web. */
export const adminTexts = {
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be at most 100 characters',
  rolesRequired: 'Choose at least one role',
  roleInvalid: `Role must be one of ${ADMIN_ROLES.join(', ')}`,
  isActiveInvalid: 'isActive must be true or false',
  requireTwoFactorInvalid: 'requireTwoFactor must be true or false',
  invitationTokenRequired: 'Invitation token is required',
  invited: 'Invitation sent',
  alreadyAdmin: 'An admin with this email already exists',
  invitationInvalid: 'This invitation link is invalid or has expired',
  invitationAccepted: 'Your account is ready. Sign in with your new password.',
  tooManyInvitationTries: 'Too many invitation attempts. Please try again in 15 minutes.',
  rolesUpdated: 'Roles updated successfully',
  activated: 'Admin reactivated successfully',
  deactivated: 'Admin deactivated successfully',
  alreadyActive: 'Admin is already active',
  alreadyInactive: 'Admin is already inactive',
  inviteWithdrawn: 'Invitation withdrawn',
  notAcceptedYet: 'This admin has not accepted an invitation yet. Send a new invitation instead.',
  cannotDeactivateSelf: 'You cannot deactivate your own account',
  cannotResetOwnTwoFactor: 'To turn off your own two-factor authentication, use the Security page: it asks for a code',
  lastOwner: 'The last active owner cannot be removed or demoted',
  twoFactorReset: 'Two-factor authentication reset successfully',
  signedOut: 'Admin signed out everywhere',
  settingsSaved: 'Settings saved successfully',
} as const;

/** One role or more, each named once (a repeated role is dropped). */
export const adminRolesSchema = z
  .array(z.enum(ADMIN_ROLES, { error: adminTexts.roleInvalid }), { error: adminTexts.rolesRequired })
  .min(1, adminTexts.rolesRequired)
  .max(ADMIN_ROLES.length * 2, adminTexts.roleInvalid)
  .transform((roles) => [...new Set(roles)]);

export const adminListItemSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  roles: z.array(z.enum(ADMIN_ROLES)),
  twoFactorEnabled: z.boolean(),
  lastSignInAt: z.string().nullable(),
  status: z.enum(ADMIN_STATUSES),
  isActive: z.boolean(),
  /** When the pending invitation stops working (status `Invited`), else null. */
  inviteExpiresAt: z.string().nullable(),
  createdAt: z.string(),
  /** For If-Match on an owner's change (docs/design.md §14); signing in does not move it. */
  version: recordVersionSchema,
});
export type AdminListItem = z.infer<typeof adminListItemSchema>;

/** Every admin, oldest first (a team is small: no paging); the list kit's shape. */
export const adminListResponseSchema = z.object({
  data: z.array(adminListItemSchema),
  total: z.number(),
  totalCount: z.number(),
});
export type AdminListResponse = z.infer<typeof adminListResponseSchema>;

export const adminEmailSchema = textSchema('Email', { error: authMessages.emailRequired })
  .trim()
  .min(1, authMessages.emailRequired)
  .max(254, 'Email must be at most 254 characters')
  .regex(EMAIL_PATTERN, authMessages.emailInvalid);

export const adminNameSchema = textSchema('Name', { error: adminTexts.nameRequired }).trim().min(1, adminTexts.nameRequired).max(100, adminTexts.nameTooLong);

export const inviteAdminSchema = z.strictObject({
  email: adminEmailSchema,
  name: adminNameSchema,
  roles: adminRolesSchema,
});
export type InviteAdmin = z.input<typeof inviteAdminSchema>;

/** The answer of every change to one admin: the server's message and the admin as it now is. */
export const adminChangeResponseSchema = z.object({ message: z.string(), admin: adminListItemSchema });
export type AdminChangeResponse = z.infer<typeof adminChangeResponseSchema>;

export const updateAdminRolesSchema = z.strictObject({ roles: adminRolesSchema });
export type UpdateAdminRoles = z.input<typeof updateAdminRolesSchema>;

export const updateAdminStatusSchema = z.strictObject({ isActive: z.boolean({ error: adminTexts.isActiveInvalid }) });
export type UpdateAdminStatus = z.infer<typeof updateAdminStatusSchema>;

export const adminSettingsSchema = z.object({
  /** Every admin must use two-factor authentication: one without it is sent to enrolment. */
  requireTwoFactor: z.boolean(),
  /** For If-Match on the change (docs/design.md §14). */
  version: recordVersionSchema,
});
export type AdminSettings = z.infer<typeof adminSettingsSchema>;
export const updateAdminSettingsSchema = z.strictObject({ requireTwoFactor: z.boolean({ error: adminTexts.requireTwoFactorInvalid }) });
export type UpdateAdminSettings = z.infer<typeof updateAdminSettingsSchema>;
export const adminSettingsResponseSchema = adminSettingsSchema.extend({ message: z.string() });
export type AdminSettingsResponse = z.infer<typeof adminSettingsResponseSchema>;

const invitationTokenSchema = textSchema('Invitation token', { error: adminTexts.invitationTokenRequired })
  .min(1, adminTexts.invitationTokenRequired)
  .max(200, adminTexts.invitationInvalid);

export const invitationParamsSchema = z.strictObject({ token: invitationTokenSchema });
/** What the invitee sees before choosing a password. */
export const invitationSchema = z.object({ email: z.string(), name: z.string() });
export type Invitation = z.infer<typeof invitationSchema>;

// The password rules of authForms.ts (reset and change password), with the same messages.
const invitationPasswordFields = {
  password: textSchema('Password', { error: authMessages.passwordRequired })
    .min(1, authMessages.passwordRequired)
    .min(MIN_PASSWORD_LENGTH, authMessages.passwordTooShort)
    .max(MAX_PASSWORD_LENGTH, authMessages.passwordTooLong),
  confirmPassword: textSchema('Password confirmation', { error: authMessages.passwordConfirmationRequired })
    .min(1, authMessages.passwordConfirmationRequired)
    .max(MAX_PASSWORD_LENGTH, authMessages.passwordTooLong),
};
const passwordsMatch = (value: { password: string; confirmPassword: string }) => value.password === value.confirmPassword;
const mismatch = { message: authMessages.passwordsDoNotMatch, path: ['confirmPassword'] };

/** The web's form on the accept-invite page: the same rules as acceptInvitationSchema without the token. */
export const acceptInvitationFormSchema = z.object(invitationPasswordFields).refine(passwordsMatch, mismatch);
export type AcceptInvitationForm = z.infer<typeof acceptInvitationFormSchema>;

export const acceptInvitationSchema = z.strictObject({ token: invitationTokenSchema, ...invitationPasswordFields }).refine(passwordsMatch, mismatch);
export type AcceptInvitation = z.infer<typeof acceptInvitationSchema>;
export const acceptInvitationResponseSchema = z.object({ message: z.string(), email: z.string() });
export type AcceptInvitationResponse = z.infer<typeof acceptInvitationResponseSchema>;
