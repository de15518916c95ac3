import { describe, expect, it } from 'vitest';
import { passwordResetCodeMail } from './passwordResetCodeMail';

describe('the password reset code mail', () => {
  it('gives the code, how long it lasts and what to do if it was not asked for, as a sensitive mail', () => {
    expect(passwordResetCodeMail({ to: 'ava@example.com', code: '031415' })).toEqual({
      to: 'ava@example.com',
      subject: 'Your password reset code',
      body: 'Your verification code is 031415. It is valid for 10 minutes and can be used once.\n\nIf you did not ask to reset your password, ignore this mail.',
      isSensitive: true,
    });
  });
});
