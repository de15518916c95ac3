import { describe, expect, it } from 'vitest';
import { changePasswordSchema, resetPasswordFormSchema, signInSchema } from './authForms';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues.map((issue) => issue.message) ?? [];

describe('sign-in validation (SPEC.md 5)', () => {
  it('requires email and password', () => {
    expect(messagesOf(signInSchema.safeParse({ email: '', password: '' }))).toEqual(['Email is required', 'Password is required']);
  });
  it('checks the email shape and the password length', () => {
    expect(messagesOf(signInSchema.safeParse({ email: 'nope', password: '12345' }))).toEqual(['Invalid email format', 'Password must be at least 6 characters']);
  });
  it('rejects unknown fields', () => {
    expect(signInSchema.safeParse({ email: 'a@b.co', password: '123456', role: 'root' }).success).toBe(false);
  });
});

describe('change password validation', () => {
  it('requires every field', () => {
    expect(messagesOf(changePasswordSchema.safeParse({ oldPassword: '', newPassword: '', confirmPassword: '' }))).toEqual([
      'Current password is required',
      'New password is required',
      'Confirm password is required',
    ]);
  });
  it('needs matching passwords of at least 6 characters', () => {
    expect(messagesOf(changePasswordSchema.safeParse({ oldPassword: 'x', newPassword: '12345', confirmPassword: '12345' }))).toEqual([
      'Password must be at least 6 characters',
    ]);
    expect(messagesOf(changePasswordSchema.safeParse({ oldPassword: 'x', newPassword: '123456', confirmPassword: '1234567' }))).toEqual(['Passwords do not match']);
  });
});

describe('reset password validation', () => {
  it('requires the confirmation and equality', () => {
    expect(messagesOf(resetPasswordFormSchema.safeParse({ newPassword: '123456', confirmPassword: '' }))).toContain('Password confirmation is required');
    expect(messagesOf(resetPasswordFormSchema.safeParse({ newPassword: '123456', confirmPassword: '654321' }))).toEqual(['Passwords do not match']);
  });
});
