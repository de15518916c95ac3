import { describe, expect, it } from 'vitest';
import {
  changePasswordSchema,
  forgotPasswordSchema,
  isStorableText,
  otpEmailParamSchema,
  otpSchema,
  resetPasswordFormSchema,
  resetPasswordSchema,
  signInSchema,
} from './authForms';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues.map((issue) => issue.message) ?? [];

describe('sign-in validation (docs/product.md)', () => {
  it('requires email and password', () => {
    expect(messagesOf(signInSchema.safeParse({ email: '', password: '' }))).toEqual(['Email is required', 'Password is required']);
  });
  it('checks the email shape and the password length', () => {
    expect(messagesOf(signInSchema.safeParse({ email: 'nope', password: '12345' }))).toEqual([
      'Invalid email format',
      'Password must be at least 6 characters',
    ]);
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
    expect(messagesOf(changePasswordSchema.safeParse({ oldPassword: 'x', newPassword: '123456', confirmPassword: '1234567' }))).toEqual([
      'Passwords do not match',
    ]);
  });
});

describe('reset password validation', () => {
  it('requires the confirmation and equality', () => {
    expect(messagesOf(resetPasswordFormSchema.safeParse({ newPassword: '123456', confirmPassword: '' }))).toContain('Password confirmation is required');
    expect(messagesOf(resetPasswordFormSchema.safeParse({ newPassword: '123456', confirmPassword: '654321' }))).toEqual(['Passwords do not match']);
  });
});

describe('isStorableText', () => {
  it('refuses NUL and lone surrogates', () => {
    for (const text of ['\u0000', 'a\u0000b', '\uD800', '\uDFFFx', 'ok\uD83D']) expect(isStorableText(text), JSON.stringify(text)).toBe(false);
  });
  it('accepts ordinary text, other control characters and characters outside the BMP', () => {
    for (const text of ['', 'plain', 'line\nbreak\ttab\r', '\u0001\u007f', 'café', '日本語', 'emoji 😀 \uD83D\uDE00', '\uFFFD']) {
      expect(isStorableText(text), JSON.stringify(text)).toBe(true);
    }
  });
});

describe('auth forms refuse text that cannot be stored', () => {
  it('names each field with a NUL in the sign-in form, and reports nothing else for it', () => {
    expect(messagesOf(signInSchema.safeParse({ email: 'a\u0000@b.c', password: 'x\u0000yyyyyy' }))).toEqual([
      'Email contains a character that is not allowed',
      'Password contains a character that is not allowed',
    ]);
  });

  it.each([
    ['forgot-password email', forgotPasswordSchema, { email: 'a@b.co' }, 'email'],
    ['valid-otp email', otpSchema, { email: 'a@b.co', otp: '123456' }, 'email'],
    ['valid-otp otp', otpSchema, { email: 'a@b.co', otp: '123456' }, 'otp'],
    ['valid-otp :email', otpEmailParamSchema, { email: 'a@b.co' }, 'email'],
    ['reset-password token', resetPasswordSchema, { newPassword: 'secret1', confirmPassword: 'secret1', token: 't0ken' }, 'token'],
    ['reset-password newPassword', resetPasswordSchema, { newPassword: 'secret1', confirmPassword: 'secret1', token: 't0ken' }, 'newPassword'],
    ['change-password oldPassword', changePasswordSchema, { oldPassword: 'old', newPassword: 'secret1', confirmPassword: 'secret1' }, 'oldPassword'],
    ['change-password confirmPassword', changePasswordSchema, { oldPassword: 'old', newPassword: 'secret1', confirmPassword: 'secret1' }, 'confirmPassword'],
  ] as const)('%s', (_label, schema, valid, field) => {
    expect(schema.safeParse(valid).success).toBe(true);
    for (const bad of ['\u0000', '\uD800']) {
      const value: string = (valid as Record<string, string>)[field];
      const result = schema.safeParse({ ...valid, [field]: `${value.slice(0, 1)}${bad}${value.slice(1)}` });
      expect(
        result.error?.issues.map((issue) => issue.path.join('.')),
        `${field} with ${JSON.stringify(bad)}`,
      ).toContain(field);
    }
  });
});
