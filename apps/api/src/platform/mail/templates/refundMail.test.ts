import { describe, expect, it } from 'vitest';
import { refundMail } from './refundMail';

const notice = {
  to: 'cam@example.com',
  firstName: 'Cam',
  bookingReference: 'UB-000042',
  amountCents: 5025,
  paymentCents: 12000,
  reason: 'Service not provided (the ute never arrived)',
  channel: { kind: 'card' as const },
};

describe('the refund mail', () => {
  it('names the booking, the amount, the reason and how the money goes back to the card', () => {
    expect(refundMail(notice)).toEqual({
      to: 'cam@example.com',
      subject: 'Your refund for booking UB-000042',
      body:
        'Hello Cam,\n\nWe have refunded A$50.25 (Australian dollars) for booking UB-000042: part of the A$120.00 you paid.\n\n' +
        'Reason: Service not provided (the ute never arrived).\n\n' +
        'It goes back to the card you paid with; banks usually show it within 5 to 10 business days.\n\n' +
        'Reply to this mail if you have any questions.\n',
    });
  });

  it('says a whole refund by bank transfer with its reference, and names the amount when there is no booking', () => {
    const mail = refundMail({ ...notice, firstName: null, bookingReference: null, amountCents: 12000, channel: { kind: 'bank', reference: 'REF-77' } });
    expect(mail.subject).toBe('Your refund of A$120.00');
    expect(mail.body).toBe(
      'Hello,\n\nWe have refunded A$120.00 (Australian dollars) for your payment: the whole amount.\n\n' +
        'Reason: Service not provided (the ute never arrived).\n\n' +
        'We sent it to your bank account by bank transfer (reference REF-77).\n\n' +
        'Reply to this mail if you have any questions.\n',
    );
  });
});
