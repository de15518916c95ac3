import { useMemo, useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { Pencil } from 'lucide-react';
import { canCall, type BookingKind, type PlatformFee, type UpdatePlatformFee } from '@ute/contract';
import { Button, EmptyState, PagedListView, PageHeader, Spinner } from '../../components/ui';
import { formatDateTime } from '../../lib/format';
import { useSession } from '../../lib/session';
import { errorText } from '../../lib/toast';
import { usePlatformFeeHistory, usePlatformFees, useUpdatePlatformFee } from './api';
import { FEE_KIND_LABELS, FEE_NOTE, feeSetText, feeText } from './feeView';
import { PlatformFeeForm } from './PlatformFeeForm';
import { BusinessDetailsSection } from './BusinessDetailsSection';
import { OverdueThresholdsSection } from './OverdueThresholdsSection';

interface FeeCardProps {
  fee: PlatformFee;
  canEdit: boolean;
  isEditing: boolean;
  isSaving: boolean;
  onEdit: () => void;
  onSave: (body: UpdatePlatformFee) => void;
  onCancel: () => void;
}

function FeeCard({ fee, canEdit, isEditing, isSaving, onEdit, onSave, onCancel }: FeeCardProps) {
  const label = FEE_KIND_LABELS[fee.bookingKind];
  const headingId = `fee-${fee.bookingKind}`;
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <div>
          <h3 id={headingId} className="text-base font-semibold text-slate-900">
            {label}
          </h3>
          <p className="mt-1 text-lg font-medium text-slate-900" data-testid={`fee-in-force-${fee.bookingKind}`}>
            {feeText(fee)}
          </p>
          <p className="text-sm text-slate-600">{feeSetText(fee)}</p>
        </div>
        {canEdit && !isEditing && (
          <Button size="sm" variant="secondary" onClick={onEdit} aria-label={`Edit the fee of ${label.toLowerCase()}`}>
            <Pencil className="h-3.5 w-3.5" aria-hidden="true" />
            Edit
          </Button>
        )}
      </div>
      {isEditing && (
        <div className="mt-4 border-t border-slate-200 pt-4">
          <PlatformFeeForm bookingKind={fee.bookingKind} fee={fee} isPending={isSaving} onSubmit={onSave} onCancel={onCancel} />
        </div>
      )}
    </section>
  );
}

/**
 * Settings: the platform's fee on each booking kind (a percent plus a fixed amount, GST inclusive),
 * who set it when, and every change. Finance reads it; an owner changes it (a step-up call).
 */
export function PlatformFeesPage() {
  const fees = usePlatformFees();
  const history = usePlatformFeeHistory();
  const roles = useSession((session) => session.user?.roles ?? []);
  const canEdit = canCall(roles, 'updatePlatformFee');
  const [editing, setEditing] = useState<BookingKind | null>(null);
  const update = useUpdatePlatformFee({ onSuccess: () => setEditing(null) });

  const columns = useMemo<ColumnDef<PlatformFee, unknown>[]>(
    () => [
      { id: 'kind', header: 'Kind', cell: ({ row }) => <span className="whitespace-nowrap">{FEE_KIND_LABELS[row.original.bookingKind]}</span> },
      { id: 'fee', header: 'Fee', cell: ({ row }) => feeText(row.original) },
      { id: 'setBy', header: 'Set by', cell: ({ row }) => <span className="break-all">{row.original.setBy ?? 'N/A'}</span> },
      { id: 'setAt', header: 'Set at', cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(row.original.setAt)}</span> },
    ],
    [],
  );

  return (
    <section>
      <PageHeader title="Settings" />
      <BusinessDetailsSection />
      <OverdueThresholdsSection />
      <h2 className="mb-1 text-lg font-semibold text-slate-900">Platform fee</h2>
      <p className="mb-4 text-sm text-slate-700">{FEE_NOTE}</p>
      {fees.isPending ? (
        <Spinner />
      ) : fees.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorText(fees.error)}
        </p>
      ) : (
        <div className="mb-6 grid grid-cols-1 gap-4 lg:grid-cols-2">
          {fees.data.map((fee) => (
            <FeeCard
              key={fee.bookingKind}
              fee={fee}
              canEdit={canEdit}
              isEditing={editing === fee.bookingKind}
              isSaving={update.isRowPending(fee.bookingKind)}
              onEdit={() => setEditing(fee.bookingKind)}
              onSave={(body) => update.mutate({ ...body, version: fee.version })}
              onCancel={() => setEditing(null)}
            />
          ))}
        </div>
      )}
      <h3 className="mb-2 text-base font-semibold text-slate-900">Changes</h3>
      <PagedListView
        list={history}
        columns={columns}
        getRowId={(fee) => `${fee.bookingKind}-${fee.setAt ?? 'start'}`}
        caption="Platform fee changes, newest first"
        empty={<EmptyState title="The fee has never been changed" />}
      />
    </section>
  );
}
