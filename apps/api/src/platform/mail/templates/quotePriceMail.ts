import { formatAud } from '@ute/contract';
import type { OutgoingMail } from '../mailer';

export interface QuotePrice {
  /** Where the price goes (quotes.service.ts, recipientOf). */
  to: string;
  /** The shipment's reference, its vehicle type and its addresses, each left out when unknown. */
  shipmentId: string;
  vehicleType: string | null;
  from: string | null;
  destination: string | null;
  /** The price in dollars. */
  price: number;
}

/** The price of a shipment quote, sent when an admin prices it (quotes.service.ts, sendPrice). */
export function quotePriceMail({ to, shipmentId, vehicleType, from, destination, price }: QuotePrice): OutgoingMail {
  const route = from && destination ? ` from ${from} to ${destination}` : '';
  const vehicle = vehicleType ? ` (${vehicleType})` : '';
  return {
    to,
    subject: `Your quote ${shipmentId}: ${formatAud(price)}`,
    body:
      `Hello,\n\nThank you for your shipment request ${shipmentId}${vehicle}${route}.\n\n` +
      `Our price for this shipment is ${formatAud(price)} (Australian dollars).\n\n` +
      `Reply to this mail if you have any questions.\n`,
  };
}
