import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil } from 'lucide-react';
import { canCall, formatAbn, updateBusinessDetailsSchema, type BusinessDetails, type UpdateBusinessDetails } from '@ute/contract';
import { Button, fieldClass, SaveCancelButtons, Spinner } from '../../components/ui';
import { formatDateTime } from '../../lib/format';
import { useSession } from '../../lib/session';
import { errorText } from '../../lib/toast';
import { useBusinessDetails, useUpdateBusinessDetails } from './api';

type DetailsForm = UpdateBusinessDetails;

function TextInput({ label, error, ...field }: { label: string; error: string | undefined } & ReturnType<ReturnType<typeof useForm<DetailsForm>>['register']>) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`${fieldClass} ${error ? 'border-red-600' : ''}`}
        {...field}
      />
      {error && (
        <p id={errorId} role="alert" className="text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

function BusinessDetailsForm({
  details,
  isPending,
  onSubmit,
  onCancel,
}: {
  details: BusinessDetails | null;
  isPending: boolean;
  onSubmit: (body: UpdateBusinessDetails) => void;
  onCancel: () => void;
}) {
  const form = useForm<DetailsForm, unknown, { legalName: string; abn: string; address: string | null }>({
    resolver: zodResolver(updateBusinessDetailsSchema),
    defaultValues: { legalName: details?.legalName ?? '', abn: details ? formatAbn(details.abn) : '', address: details?.address ?? '' },
  });
  const { errors } = form.formState;
  const handleSubmit = form.handleSubmit((body) => {
    if (!isPending) onSubmit(body);
  });
  return (
    <form
      onSubmit={(event) => void handleSubmit(event)}
      noValidate
      aria-label="Edit the business details"
      className="mt-4 grid max-w-xl gap-3 border-t border-slate-200 pt-4"
    >
      <TextInput label="Legal name" error={errors.legalName?.message} {...form.register('legalName')} />
      <TextInput label="ABN" error={errors.abn?.message} {...form.register('abn')} />
      <TextInput label="Address" error={errors.address?.message} {...form.register('address')} />
      <SaveCancelButtons isEditing={false} isPending={isPending} onCancel={onCancel} />
    </form>
  );
}

/** Settings: who issues the platform fee's tax invoices (legal name, ABN, address); an owner changes them (a step-up call). */
export function BusinessDetailsSection() {
  const details = useBusinessDetails();
  const roles = useSession((session) => session.user?.roles ?? []);
  const canEdit = canCall(roles, 'updateBusinessDetails');
  const [isEditing, setEditing] = useState(false);
  const update = useUpdateBusinessDetails({ onSuccess: () => setEditing(false) });

  return (
    <section aria-labelledby="business-details-heading" className="mb-6 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <div>
          <h2 id="business-details-heading" className="text-lg font-semibold text-slate-900">
            Business details
          </h2>
          <p className="text-sm text-slate-700">The issuer named on every tax invoice for the platform fee.</p>
        </div>
        {canEdit && !isEditing && details.isSuccess && (
          <Button size="sm" variant="secondary" onClick={() => setEditing(true)} aria-label="Edit the business details">
            <Pencil className="h-3.5 w-3.5" aria-hidden="true" />
            Edit
          </Button>
        )}
      </div>
      {details.isPending ? (
        <Spinner />
      ) : details.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorText(details.error)}
        </p>
      ) : details.data ? (
        <dl className="mt-3 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm" data-testid="business-details">
          <dt className="text-slate-600">Legal name</dt>
          <dd className="text-slate-900">{details.data.legalName}</dd>
          <dt className="text-slate-600">ABN</dt>
          <dd className="text-slate-900">{formatAbn(details.data.abn)}</dd>
          <dt className="text-slate-600">Address</dt>
          <dd className="text-slate-900">{details.data.address ?? 'N/A'}</dd>
          <dt className="text-slate-600">Set</dt>
          <dd className="text-slate-900">
            {formatDateTime(details.data.updatedAt)} by {details.data.updatedBy ?? 'N/A'}
          </dd>
        </dl>
      ) : (
        <p className="mt-3 text-sm text-amber-800">Not set yet: tax invoices cannot be issued until an owner sets the legal name and ABN.</p>
      )}
      {isEditing && (
        <BusinessDetailsForm
          details={details.data ?? null}
          isPending={update.isPending}
          onSubmit={(body) => update.mutate({ ...body, version: details.data?.version ?? '0' })}
          onCancel={() => setEditing(false)}
        />
      )}
    </section>
  );
}
