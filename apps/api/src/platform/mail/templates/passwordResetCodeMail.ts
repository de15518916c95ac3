import type { OutgoingMail } from '../mailer';

/**
 * The one-time code of a forgotten password (auth.service.ts, issueOtp). Sensitive: the body is
 * redacted once the mail is out and kept out of production logs (platform/mail/mailer.ts).
 */
export function passwordResetCodeMail({ to, code }: { to: string; code: string }): OutgoingMail {
  return {
    to,
    subject: 'Your password reset code',
    body: `Your verification code is ${code}. It is valid for 10 minutes and can be used once.\n\nIf you did not ask to reset your password, ignore this mail.`,
    isSensitive: true,
  };
}
