import { useMemo, type ReactNode } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import type { ListingStatus } from '@ute/contract';
import { errorText } from '../../lib/toast';
import { ConfirmDialog } from './ConfirmDialog';
import { ListView } from './ListView';
import { ModerationActions, type ModerationStatus } from './ModerationActions';
import { Pager } from './Pager';

/** A row of a moderated list (utes, jobs): what the actions need of it. */
export interface ModeratedListing {
  _id: string;
  status: ListingStatus;
}

interface StatusChange {
  id: string;
  status: ModerationStatus;
}

export interface ModerationListProps<TListing extends ModeratedListing> {
  /** The list query of the screen. */
  list: { data?: { data: TListing[]; totalCount: number }; isPending: boolean; isError: boolean; error: unknown };
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  /** The listing's own columns; the Actions column comes after them. */
  columns: ColumnDef<TListing, unknown>[];
  caption: string;
  empty: ReactNode;
  /** The domain's rule for the Approve and Reject buttons. */
  canSetStatus: (current: ListingStatus, next: ModerationStatus) => boolean;
  setStatus: { mutate: (change: StatusChange) => void; isRowPending: (id: string) => boolean; variables?: StatusChange };
  deleteListing: { mutate: (id: string) => void; isPending: boolean; isRowPending: (id: string) => boolean };
  onView: (listing: TListing) => void;
  /** The listing whose delete is being confirmed; the screen clears it when the delete succeeds. */
  toDelete: TListing | null;
  onToDeleteChange: (listing: TListing | null) => void;
  deleteTitle: string;
  deleteMessage: string;
}

/**
 * The list of a moderation screen (UTE Management, Job Listings, SPEC.md 4): the listing's columns
 * plus View, Approve, Reject and Delete, the table with its pager, and the delete confirmation.
 */
export function ModerationList<TListing extends ModeratedListing>({
  list,
  page,
  pageSize,
  onPageChange,
  columns,
  caption,
  empty,
  canSetStatus,
  setStatus,
  deleteListing,
  onView,
  toDelete,
  onToDeleteChange,
  deleteTitle,
  deleteMessage,
}: ModerationListProps<TListing>) {
  const rows = useMemo(() => list.data?.data ?? [], [list.data]);

  const columnsWithActions = useMemo<ColumnDef<TListing, unknown>[]>(
    () => [
      ...columns,
      {
        id: 'actions',
        header: 'Actions',
        cell: ({ row }) => {
          const listing = row.original;
          const isPending = setStatus.isRowPending(listing._id) || deleteListing.isRowPending(listing._id);
          const pendingStatus = setStatus.isRowPending(listing._id) ? setStatus.variables?.status : undefined;
          return (
            <ModerationActions
              canApprove={canSetStatus(listing.status, 'Approved')}
              canReject={canSetStatus(listing.status, 'Rejected')}
              isPending={isPending}
              pendingStatus={pendingStatus}
              onView={() => onView(listing)}
              onSetStatus={(status) => setStatus.mutate({ id: listing._id, status })}
              onDelete={() => onToDeleteChange(listing)}
            />
          );
        },
      },
    ],
    [columns, canSetStatus, setStatus, deleteListing, onView, onToDeleteChange],
  );

  return (
    <>
      <ListView
        error={list.isError && !list.data ? errorText(list.error) : undefined}
        columns={columnsWithActions}
        data={rows}
        getRowId={(listing) => listing._id}
        isLoading={list.isPending}
        caption={caption}
        empty={empty}
        pager={<Pager page={page} pageSize={pageSize} totalCount={list.data?.totalCount ?? 0} onPageChange={onPageChange} />}
      />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && !deleteListing.isPending && onToDeleteChange(null)}
        title={deleteTitle}
        message={deleteMessage}
        confirmLabel="Delete"
        pendingLabel="Processing"
        isPending={deleteListing.isPending}
        onConfirm={() => toDelete && deleteListing.mutate(toDelete._id)}
      />
    </>
  );
}
