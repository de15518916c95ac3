import type { ColumnDef } from '@tanstack/react-table';
import type { UteBooking } from '@ute/contract';
import { StatusBadge, TruncatedText } from '../../components/ui';
import { bookingTone } from '../../domain';
import { formatAud } from '../../lib/format';
import { BookingList } from './BookingList';
import { formatAddress, personName, transferLabel } from './bookingView';

const UTE_BOOKING_COLUMNS: ColumnDef<UteBooking, unknown>[] = [
  { id: 'bookingBy', header: 'User Name', cell: ({ row }) => <TruncatedText text={personName(row.original.bookingBy)} /> },
  { id: 'uteName', header: 'Ute Name', cell: ({ row }) => <span className="whitespace-nowrap">{row.original.uteName}</span> },
  { id: 'amount', header: 'Amount', cell: ({ row }) => formatAud(row.original.amount) },
  { id: 'actualAmount', header: 'Actual Amount', cell: ({ row }) => formatAud(row.original.actualAmount) },
  { id: 'requestAmount', header: 'Request Amount', cell: ({ row }) => formatAud(row.original.requestAmount) },
  { id: 'status', header: 'Status', cell: ({ row }) => <StatusBadge label={row.original.status} tone={bookingTone(row.original.status)} /> },
  {
    id: 'pickupAddress',
    header: 'Pickup Address',
    cell: ({ row }) => <TruncatedText text={formatAddress(row.original.pickupAddress)} className="min-w-40 max-w-xs" />,
  },
  {
    id: 'dropAddress',
    header: 'Drop Address',
    cell: ({ row }) => <TruncatedText text={formatAddress(row.original.dropAddress)} className="min-w-40 max-w-xs" />,
  },
  { id: 'uteBookingId', header: 'Ute Booking ID', cell: ({ row }) => <span className="whitespace-nowrap">{row.original.uteBookingId}</span> },
  { id: 'isTransfered', header: 'Is-Transfered', cell: ({ row }) => <span className="whitespace-nowrap">{transferLabel(row.original)}</span> },
];

export function UteBookingsPage() {
  return <BookingList kind="ute" title="Ute Bookings" caption="Ute bookings" columns={UTE_BOOKING_COLUMNS} />;
}
