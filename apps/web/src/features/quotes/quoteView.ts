import type { Shipment } from '@ute/contract';

export const NOT_AVAILABLE = 'Not Available';

export interface QuoteContact {
  name: string | null;
  email: string | null;
  phone: string | null;
}

export interface QuoteView {
  email: string;
  from: string;
  to: string;
  collectionContact: QuoteContact;
  deliveryContact: QuoteContact;
}

const present = (value: string | null | undefined) => (value && value.trim() ? value : null);

/**
 * docs/product.md: rows with quoteStatus 'half' show email and addresses from the row itself; other rows
 * take them from the contact detail entries (collection and delivery info), else 'Not Available'.
 */
export function quoteView(quote: Pick<Shipment, 'quoteStatus' | 'email' | 'collectionAddress' | 'deliveryAddress' | 'contactDetail'>): QuoteView {
  const collection = quote.contactDetail.find((entry) => entry.collectionInfo)?.collectionInfo;
  const delivery = quote.contactDetail.find((entry) => entry.deliveryInfo)?.deliveryInfo;
  const collectionContact = { name: present(collection?.name), email: present(collection?.email), phone: present(collection?.phone) };
  const deliveryContact = { name: present(delivery?.name), email: null, phone: present(delivery?.phone) };
  if (quote.quoteStatus === 'half') {
    return {
      email: present(quote.email) ?? NOT_AVAILABLE,
      from: present(quote.collectionAddress) ?? NOT_AVAILABLE,
      to: present(quote.deliveryAddress) ?? NOT_AVAILABLE,
      collectionContact,
      deliveryContact,
    };
  }
  return {
    email: present(collection?.email) ?? NOT_AVAILABLE,
    from: present(collection?.collectionAddress) ?? NOT_AVAILABLE,
    to: present(delivery?.deliveryAddress) ?? NOT_AVAILABLE,
    collectionContact,
    deliveryContact,
  };
}

/** docs/product.md: the quotes pager shows only when the total count is 10 or more. */
export const isQuotePagerShown = (totalCount: number) => totalCount >= 10;

/** Quotes that can still be accepted, priced or rejected; others already are shipments. */
export const isOpenQuote = (status: string) => status === 'requested' || status === 'quoted';

/** Badge colours of the quote/shipment status. */
export function shipmentTone(status: string): 'green' | 'blue' | 'red' | 'yellow' {
  if (status === 'accepted' || status === 'delivered') return 'green';
  if (status === 'quoted' || status === 'in-transit') return 'blue';
  if (status === 'cancelled' || status === 'rejected') return 'red';
  return 'yellow';
}

/** An ISO instant as the value of a datetime-local input (local time, minutes). */
export function toLocalInputValue(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
