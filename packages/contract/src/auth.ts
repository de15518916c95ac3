import { z } from 'zod';
import { ADMIN_ROLES } from './roles';

export const adminSchema = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string(),
  /** The admin's roles (roles.ts ADMIN_ROLES); the web keeps them as `userRole`, comma-separated. */
  roles: z.array(z.enum(ADMIN_ROLES)),
  userRole: z.string(),
  twoFactorEnabled: z.boolean(),
  /** Owners require 2FA and this admin has none: only enrolment is open until they set it up. */
  mustEnrolTwoFactor: z.boolean(),
});
export type Admin = z.infer<typeof adminSchema>;

/** A signed-in answer: the bearer token and the admin (sign-in without 2FA, or its second step). */
export const signInSuccessSchema = z.object({ token: z.string(), message: z.string(), user: adminSchema });
export type SignInSuccess = z.infer<typeof signInSuccessSchema>;
/**
 * The password was right and the admin has 2FA on: no token yet. `challenge` is a short-lived
 * signed token good only for the second step (POST /sign-in/two-factor, with a code).
 */
export const signInChallengeSchema = z.object({ twoFactorRequired: z.literal(true), challenge: z.string(), message: z.string() });
export type SignInChallenge = z.infer<typeof signInChallengeSchema>;
export const signInResponseSchema = z.union([signInSuccessSchema, signInChallengeSchema]);
export type SignInResponse = z.infer<typeof signInResponseSchema>;
export const isSignInChallenge = (response: SignInResponse): response is SignInChallenge => 'twoFactorRequired' in response;
export const forgotPasswordResponseSchema = z.object({ email: z.string(), message: z.string() });
export const otpResponseSchema = z.object({ token: z.string(), message: z.string() });
export const checkTokenResponseSchema = z.object({ user: adminSchema });
export type CheckTokenResponse = z.infer<typeof checkTokenResponseSchema>;
