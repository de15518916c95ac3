import { describe, expect, it } from 'vitest';
import { notificationDigestMail } from './notificationDigestMail';

describe('the notification digest mail', () => {
  it('lists each unread notification with when (Sydney time) and its link, and how to turn it off', () => {
    expect(
      notificationDigestMail({
        to: 'fiona@example.com',
        name: 'Fiona',
        unreadCount: 2,
        publicUrl: 'https://admin.ute.example',
        items: [
          {
            title: 'Olive Owner mentioned you on ute UTE-000123',
            createdAt: new Date('2031-03-02T22:05:00Z'),
            link: 'https://admin.ute.example/ute-list?open=u1',
          },
          { title: 'Payout failed for booking UB-000045', createdAt: new Date('2031-03-02T01:30:00Z'), link: 'https://admin.ute.example/booking-list?open=b1' },
        ],
      }),
    ).toEqual({
      to: 'fiona@example.com',
      subject: 'Your daily digest: 2 unread notifications',
      body: [
        'Hello Fiona,',
        '',
        'You have 2 unread notifications in the Ute back-office.',
        '',
        '- Olive Owner mentioned you on ute UTE-000123',
        '  3 Mar 2031, 9:05 am: https://admin.ute.example/ute-list?open=u1',
        '- Payout failed for booking UB-000045',
        '  2 Mar 2031, 12:30 pm: https://admin.ute.example/booking-list?open=b1',
        '',
        'You get this mail because the daily digest is on in your Security settings; turn it off there.',
        'https://admin.ute.example/security',
        '',
        'The Ute back-office',
      ].join('\n'),
    });
  });

  it('says one in the singular, and how many more there are than it lists', () => {
    const item = { title: 'Evidence due 2031-03-05 for dispute dp_1', createdAt: new Date('2031-03-02T20:00:00Z'), link: 'https://a.example/disputes' };
    expect(notificationDigestMail({ to: 'a@example.com', name: 'A', unreadCount: 1, publicUrl: 'https://a.example', items: [item] }).subject).toBe(
      'Your daily digest: 1 unread notification',
    );
    const mail = notificationDigestMail({ to: 'a@example.com', name: 'A', unreadCount: 53, publicUrl: 'https://a.example', items: [item] });
    expect(mail.subject).toBe('Your daily digest: 53 unread notifications');
    expect(mail.body).toContain('And 52 more: open the notifications in the back-office, https://a.example');
  });
});
