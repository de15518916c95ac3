import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { ArrowLeft } from 'lucide-react';
import type { BookingKind, OwnerBalance, OwnerLedgerEntry } from '@ute/contract';
import { EmptyState, PagedListView, Spinner } from '../../components/ui';
import { screens } from '../../config/screens';
import { formatDateTime, orNA } from '../../lib/format';
import { errorText } from '../../lib/toast';
import { useKeepPageInRange } from '../../lib/useKeepPageInRange';
import { useListParams } from '../../lib/useListParams';
import { OWNER_LEDGER_PAGE_SIZE, useOwnerLedger } from './api';
import { CentsAmount } from './CentsAmount';
import { BOOKING_KIND_LABELS, journalKindLabel } from './ledgerView';
import { TaxInvoiceButton } from '../../domain';
import { PayoutStatusNotice } from './PayoutStatusNotice';

/** The booking list of that kind, opened on the booking. */
const bookingHref = (kind: BookingKind, bookingId: string) =>
  kind === 'ute' ? screens.uteBookings.href({ open: bookingId }) : screens.jobBookings.href({ open: bookingId });

function BookingCell({ entry }: { entry: OwnerLedgerEntry }) {
  if (!entry.bookingKind || !entry.bookingId) return <span className="text-slate-600">N/A</span>;
  return (
    <div className="flex flex-col items-start gap-1">
      <Link to={bookingHref(entry.bookingKind, entry.bookingId)} className="block text-brand-700 underline-offset-2 hover:underline">
        <span className="block whitespace-nowrap font-medium">{BOOKING_KIND_LABELS[entry.bookingKind]}</span>{' '}
        <span className="block break-all font-mono text-xs">{entry.bookingId}</span>
      </Link>
      {/* The journal that earned the fee carries the fee's tax invoice. */}
      {entry.kind === 'booking.payable' && <TaxInvoiceButton kind={entry.bookingKind} bookingId={entry.bookingId} reference={entry.bookingId} />}
    </div>
  );
}

function OwnerHeader({ owner }: { owner: OwnerBalance }) {
  return (
    <div className="mb-5 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h1 className="text-2xl font-semibold text-slate-900">{owner.ownerName}</h1>
      <p className="break-all text-sm text-slate-600">{orNA(owner.email)}</p>
      <dl className="mt-3 grid grid-cols-1 gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-600">Payable</dt>
          <dd className="text-lg text-slate-900">
            <CentsAmount cents={owner.payableCents} />
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">In transit</dt>
          <dd className="text-lg text-slate-900">
            <CentsAmount cents={owner.inTransitCents} />
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Paid out (all time)</dt>
          <dd className="text-lg text-slate-900">
            <CentsAmount cents={owner.paidOutCents} />
          </dd>
        </div>
      </dl>
    </div>
  );
}

/**
 * An owner's ledger (Balances → a name): their balances, what stands between them and a payout (a
 * hold finance puts on and releases here), then every journal that touched them, newest first: how it
 * moved what they are owed and what they were paid, and what they are owed after it.
 */
export function OwnerLedgerPage() {
  const { id = '' } = useParams();
  const [params, setParams] = useListParams(screens.ownerLedger);
  const ledger = useOwnerLedger(id, params.page);

  useKeepPageInRange(ledger, params.page, OWNER_LEDGER_PAGE_SIZE, setParams);

  const columns = useMemo<ColumnDef<OwnerLedgerEntry, unknown>[]>(
    () => [
      { id: 'createdAt', header: 'Date', cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(row.original.createdAt)}</span> },
      {
        id: 'kind',
        header: 'Event',
        cell: ({ row }) => (
          <span className="whitespace-nowrap" title={row.original.kind}>
            {journalKindLabel(row.original.kind)}
          </span>
        ),
      },
      { id: 'booking', header: 'Booking', cell: ({ row }) => <BookingCell entry={row.original} /> },
      { id: 'owedChange', header: 'Owed change', cell: ({ row }) => <CentsAmount cents={row.original.owedChangeCents} isChange /> },
      { id: 'paidOutChange', header: 'Paid out change', cell: ({ row }) => <CentsAmount cents={row.original.paidOutChangeCents} isChange /> },
      { id: 'owedAfter', header: 'Owed after', cell: ({ row }) => <CentsAmount cents={row.original.owedAfterCents} /> },
    ],
    [],
  );

  return (
    <section>
      <Link to={screens.balances.path} className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline-offset-2 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        Balances
      </Link>
      {ledger.data ? (
        <>
          <OwnerHeader owner={ledger.data.owner} />
          <PayoutStatusNotice ownerId={ledger.data.owner.ownerId} ownerName={ledger.data.owner.ownerName} status={ledger.data.payoutStatus} />
        </>
      ) : ledger.isError ? (
        <p role="alert" className="text-red-700">
          {errorText(ledger.error)}
        </p>
      ) : (
        <Spinner />
      )}
      {ledger.data && (
        <PagedListView
          list={ledger}
          columns={columns}
          getRowId={(entry) => entry.journalId}
          caption={`Ledger of ${ledger.data.owner.ownerName}, newest first`}
          empty={<EmptyState title="No ledger entries yet" />}
          paging={{ page: params.page, pageSize: OWNER_LEDGER_PAGE_SIZE, onPageChange: (page) => setParams({ page }) }}
        />
      )}
    </section>
  );
}
