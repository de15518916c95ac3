import type { OutgoingMail } from '../mailer';

export interface InvitationNotice {
  /** The invited admin's address and name, as the owner typed them. */
  to: string;
  name: string;
  roles: readonly string[];
  /** The accept-invite page with the token in its fragment (admins.service.ts). */
  link: string;
}

/**
 * An owner's invitation to the back-office: the link to choose a password. Sensitive: the link
 * carries the token, so the body is redacted once the mail is out (platform/mail/mailer.ts).
 */
export function invitationMail({ to, name, roles, link }: InvitationNotice): OutgoingMail {
  return {
    to,
    subject: 'You are invited to the Ute back-office',
    body: [
      `Hello ${name},`,
      '',
      `You have been invited to the Ute back-office as ${roles.join(', ')}.`,
      `Open this link to choose your password: ${link}`,
      '',
      'The link works once, for 48 hours. If you did not expect this invitation, ignore this mail.',
    ].join('\n'),
    isSensitive: true,
  };
}
