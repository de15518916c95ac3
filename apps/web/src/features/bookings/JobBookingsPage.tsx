import { useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import type { JobBooking } from '@ute/contract';
import { Button, ConfirmDialog, StatusBadge, TruncatedText } from '../../components/ui';
import { bookingTone } from '../../domain';
import { formatAud, formatDateTime } from '../../lib/format';
import { useDeleteJobBooking } from './api';
import { BookingList } from './BookingList';
import { personName, transferLabel } from './bookingView';

const JOB_BOOKING_COLUMNS: ColumnDef<JobBooking, unknown>[] = [
  { id: 'jobTitle', header: 'Job Name', cell: ({ row }) => <TruncatedText text={row.original.jobTitle} /> },
  { id: 'uteOwner', header: 'Ute Owner', cell: ({ row }) => <span className="whitespace-nowrap">{personName(row.original.uteOwner)}</span> },
  { id: 'uteName', header: 'Ute Name', cell: ({ row }) => <span className="whitespace-nowrap">{row.original.uteName}</span> },
  { id: 'amount', header: 'Amount', cell: ({ row }) => formatAud(row.original.amount) },
  { id: 'status', header: 'Status', cell: ({ row }) => <StatusBadge label={row.original.status} tone={bookingTone(row.original.status)} /> },
  { id: 'createdAt', header: 'Created At', cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(row.original.createdAt)}</span> },
  { id: 'jobBookingId', header: 'Job Booking ID', cell: ({ row }) => <span className="whitespace-nowrap">{row.original.jobBookingId}</span> },
  { id: 'isTransfered', header: 'Is-Transfered', cell: ({ row }) => <span className="whitespace-nowrap">{transferLabel(row.original)}</span> },
];

export function JobBookingsPage() {
  const [toDelete, setToDelete] = useState<JobBooking | null>(null);
  const deleteBooking = useDeleteJobBooking({ onSuccess: () => setToDelete(null) });

  return (
    <BookingList
      kind="job"
      title="Job Bookings"
      caption="Job bookings"
      columns={JOB_BOOKING_COLUMNS}
      isTransferBlocked={(booking) => deleteBooking.isRowPending(booking._id)}
      moreActions={(booking, { isTransferPending }) => (
        <Button
          size="sm"
          variant="secondary"
          disabled={deleteBooking.isRowPending(booking._id) || booking.isTransferring || isTransferPending}
          onClick={() => setToDelete(booking)}
        >
          Delete
        </Button>
      )}
    >
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && !deleteBooking.isPending && setToDelete(null)}
        title="Delete Job Booking"
        message={`Are you sure you want to delete this job booking${toDelete ? ` (${toDelete.jobBookingId})` : ''}?`}
        confirmLabel="Delete"
        pendingLabel="Processing..."
        isPending={deleteBooking.isPending}
        onConfirm={() => toDelete && deleteBooking.mutate({ id: toDelete._id })}
      />
    </BookingList>
  );
}
