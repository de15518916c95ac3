import { ACTIVITY_TIME_ZONE } from '@ute/contract';
import type { OutgoingMail } from '../mailer';

export interface NotificationDigest {
  to: string;
  name: string;
  /** How many of the admin's notifications are unread, all of them (the list may show fewer). */
  unreadCount: number;
  /** The newest unread, each with the back-office address of its record. Titles only: never a note's text. */
  items: { title: string; createdAt: Date; link: string }[];
  /** The back-office's address, where the bell shows them all. */
  publicUrl: string;
}

const when = new Intl.DateTimeFormat('en-AU', {
  timeZone: ACTIVITY_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

const plural = (count: number) => `${count} unread notification${count === 1 ? '' : 's'}`;

/**
 * "Your daily digest": an admin who opted in on Security is sent their unread notifications once a
 * Sydney day (notificationDigest.service.ts, docs/design.md §13). A notification's title names the
 * record and who mentioned whom, never a note's body, so the mail carries no note text.
 */
export function notificationDigestMail({ to, name, unreadCount, items, publicUrl }: NotificationDigest): OutgoingMail {
  const more = unreadCount - items.length;
  return {
    to,
    subject: `Your daily digest: ${plural(unreadCount)}`,
    body: [
      `Hello ${name},`,
      '',
      `You have ${plural(unreadCount)} in the Ute back-office.`,
      '',
      ...items.flatMap((item) => [`- ${item.title}`, `  ${when.format(item.createdAt)}: ${item.link}`]),
      ...(more > 0 ? ['', `And ${more} more: open the notifications in the back-office, ${publicUrl}`] : []),
      '',
      'You get this mail because the daily digest is on in your Security settings; turn it off there.',
      `${publicUrl}/security`,
      '',
      'The Ute back-office',
    ].join('\n'),
  };
}
