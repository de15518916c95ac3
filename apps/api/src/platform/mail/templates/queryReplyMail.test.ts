import { describe, expect, it } from 'vitest';
import { queryReplyMail } from './queryReplyMail';

describe('the query reply mail', () => {
  it('answers the customer by first name and quotes their message below the reply', () => {
    expect(
      queryReplyMail({ to: 'ben@example.com', firstName: 'Ben', reply: 'Yes, we deliver on Sundays.\nRegards', originalMessage: 'Do you deliver on Sundays?' }),
    ).toEqual({
      to: 'ben@example.com',
      subject: 'Re: your enquiry',
      body: ['Hi Ben,', '', 'Yes, we deliver on Sundays.', 'Regards', '', '---', 'Your original message:', 'Do you deliver on Sundays?'].join('\n'),
    });
  });
});
