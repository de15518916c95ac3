import { describe, expect, it } from 'vitest';
import { invitationMail } from './invitationMail';

describe('the invitation mail', () => {
  it('greets the admin by name, names their roles and gives the one-time link, as a sensitive mail', () => {
    expect(
      invitationMail({ to: 'ava@example.com', name: 'Ava', roles: ['finance', 'support'], link: 'https://admin.example.com/accept-invite#token=abc' }),
    ).toEqual({
      to: 'ava@example.com',
      subject: 'You are invited to the Ute back-office',
      body: [
        'Hello Ava,',
        '',
        'You have been invited to the Ute back-office as finance, support.',
        'Open this link to choose your password: https://admin.example.com/accept-invite#token=abc',
        '',
        'The link works once, for 48 hours. If you did not expect this invitation, ignore this mail.',
      ].join('\n'),
      isSensitive: true,
    });
  });
});
