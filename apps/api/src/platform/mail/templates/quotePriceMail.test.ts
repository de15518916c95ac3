import { describe, expect, it } from 'vitest';
import { quotePriceMail } from './quotePriceMail';

const quote = { to: 'cam@example.com', shipmentId: 'SHP-000042', vehicleType: 'Tray ute', from: 'Parramatta', destination: 'Newcastle', price: 1234.5 };

describe('the quote price mail', () => {
  it('names the shipment, its vehicle and route, and the price in Australian dollars', () => {
    expect(quotePriceMail(quote)).toEqual({
      to: 'cam@example.com',
      subject: 'Your quote SHP-000042: A$1,234.50',
      body:
        'Hello,\n\nThank you for your shipment request SHP-000042 (Tray ute) from Parramatta to Newcastle.\n\n' +
        'Our price for this shipment is A$1,234.50 (Australian dollars).\n\nReply to this mail if you have any questions.\n',
    });
  });

  it('leaves out the vehicle and the route when they are not known', () => {
    const mail = quotePriceMail({ ...quote, vehicleType: null, destination: null, price: 105.25 });
    expect(mail.subject).toBe('Your quote SHP-000042: A$105.25');
    expect(mail.body).toBe(
      'Hello,\n\nThank you for your shipment request SHP-000042.\n\nOur price for this shipment is A$105.25 (Australian dollars).\n\nReply to this mail if you have any questions.\n',
    );
  });
});
