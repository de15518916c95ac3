import type { OutgoingMail } from '../mailer';

export interface QueryReply {
  /** The customer's address and first name, as their query gave them. */
  to: string;
  firstName: string;
  /** The admin's reply, as typed. */
  reply: string;
  /** The customer's own message, quoted below the reply. */
  originalMessage: string;
}

/** An admin's answer to a customer's enquiry (queries.service.ts), their message quoted below it. */
export function queryReplyMail({ to, firstName, reply, originalMessage }: QueryReply): OutgoingMail {
  return {
    to,
    subject: 'Re: your enquiry',
    body: [`Hi ${firstName},`, '', reply, '', '---', 'Your original message:', originalMessage].join('\n'),
  };
}
