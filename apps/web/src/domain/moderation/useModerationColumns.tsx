import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import type { ListingStatus, Rejection } from '@ute/contract';
import { ModerationActions, type ModerationStatus } from './ModerationActions';

/** A row of a moderated list (utes, jobs): what the actions need of it. */
export interface ModeratedListing {
  _id: string;
  status: ListingStatus;
  /** The row's version as loaded: the status call sends it (docs/design.md §14). */
  version?: string;
}

export interface StatusChange {
  id: string;
  status: ModerationStatus;
  /** A rejection's reason and note (RejectDialog). */
  rejection?: Rejection;
  /** The listing's version when the admin decided (the row's, or the Reject dialog's when it opened). */
  version?: string;
}

export interface ModerationColumnOptions<TListing extends ModeratedListing> {
  /** The domain's rule for the Approve and Reject buttons (canSetUteStatus, canSetJobStatus). */
  canSetStatus: (current: ListingStatus, next: ModerationStatus) => boolean;
  /** The status mutation (useAdminMutation with `rowIdOf`): its row waits and its button reads 'Processing'. */
  setStatus: { mutate: (change: StatusChange) => void; isRowPending: (id: string) => boolean; variables?: StatusChange };
  /** The delete mutation: its row's buttons wait while it runs. */
  deletion: { isRowPending: (id: string) => boolean };
  onView: (listing: TListing) => void;
  /** Reject asks why first: the screen opens its RejectDialog for the listing. */
  onReject: (listing: TListing) => void;
  /** Delete asks first: the screen opens its ConfirmDeleteDialog for the listing. */
  onDelete: (listing: TListing) => void;
}

/**
 * The columns of a moderation screen (UTE Management, Job Listings, docs/product.md): the listing's own
 * columns followed by an Actions column of View, Approve, Reject and Delete.
 */
export function useModerationColumns<TListing extends ModeratedListing>(
  columns: ColumnDef<TListing, unknown>[],
  { canSetStatus, setStatus, deletion, onView, onReject, onDelete }: ModerationColumnOptions<TListing>,
): ColumnDef<TListing, unknown>[] {
  return useMemo(
    () => [
      ...columns,
      {
        id: 'actions',
        header: 'Actions',
        cell: ({ row }) => {
          const listing = row.original;
          const isSettingStatus = setStatus.isRowPending(listing._id);
          return (
            <ModerationActions
              canApprove={canSetStatus(listing.status, 'Approved')}
              canReject={canSetStatus(listing.status, 'Rejected')}
              isPending={isSettingStatus || deletion.isRowPending(listing._id)}
              pendingStatus={isSettingStatus ? setStatus.variables?.status : undefined}
              onView={() => onView(listing)}
              onSetStatus={(status) => (status === 'Rejected' ? onReject(listing) : setStatus.mutate({ id: listing._id, status, version: listing.version }))}
              onDelete={() => onDelete(listing)}
            />
          );
        },
      },
    ],
    [columns, canSetStatus, setStatus, deletion, onView, onReject, onDelete],
  );
}
