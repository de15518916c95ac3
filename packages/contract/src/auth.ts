import { z } from 'zod';

export const adminSchema = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.string(),
});
export type Admin = z.infer<typeof adminSchema>;

export const signInResponseSchema = z.object({ token: z.string(), message: z.string(), user: adminSchema });
export type SignInResponse = z.infer<typeof signInResponseSchema>;
export const forgotPasswordResponseSchema = z.object({ email: z.string(), message: z.string() });
export const otpResponseSchema = z.object({ token: z.string(), message: z.string() });
export const checkTokenResponseSchema = z.object({ user: adminSchema });
export type CheckTokenResponse = z.infer<typeof checkTokenResponseSchema>;
