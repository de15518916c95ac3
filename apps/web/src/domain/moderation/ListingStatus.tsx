import type { ListingStatus as Status } from '@ute/contract';
import { StatusBadge } from '../../components/ui';
import { RecordChangeNotice } from '../liveEvents/RecordChangeNotice';
import { listingTone } from '../statusTones';

/**
 * A listing's status badge, with a colleague's change to it under it ("Approved by Ava 12 s ago",
 * docs/design.md §14): the Status cell of the utes and jobs lists and of their details.
 */
export function ListingStatus({ recordType, listing }: { recordType: 'ute' | 'job'; listing: { _id: string; status: Status } }) {
  return (
    <>
      <StatusBadge label={listing.status} tone={listingTone(listing.status)} />
      <RecordChangeNotice recordType={recordType} recordId={listing._id} className="mt-1" />
    </>
  );
}
