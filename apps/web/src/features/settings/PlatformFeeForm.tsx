import { useId } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { BookingKind, PlatformFee, UpdatePlatformFee } from '@ute/contract';
import { fieldClass, SaveCancelButtons } from '../../components/ui';
import { feeBodyOf, feeFormOf, feeFormSchema, FEE_KIND_LABELS, type FeeForm } from './feeView';

interface FeeInputProps {
  label: string;
  /** The unit typed in, before or after the field ('$', '%'). */
  prefix?: string;
  suffix?: string;
  error: string | undefined;
  field: UseFormRegisterReturn<keyof FeeForm>;
}

function FeeInput({ label, prefix, suffix, error, field }: FeeInputProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="flex items-center gap-2">
        {prefix && <span className="text-sm text-slate-700">{prefix}</span>}
        <input
          id={id}
          inputMode="decimal"
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={`${fieldClass} w-32 ${error ? 'border-red-600' : ''}`}
          {...field}
        />
        {suffix && <span className="text-sm text-slate-700">{suffix}</span>}
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

export interface PlatformFeeFormProps {
  bookingKind: BookingKind;
  /** The fee in force, the form's starting values. */
  fee: PlatformFee;
  isPending: boolean;
  onSubmit: (body: UpdatePlatformFee) => void;
  onCancel: () => void;
}

/** A booking kind's fee: a percent and a fixed amount in dollars (up to 2 places each), sent as whole bps and cents. */
export function PlatformFeeForm({ bookingKind, fee, isPending, onSubmit, onCancel }: PlatformFeeFormProps) {
  const form = useForm<FeeForm>({ resolver: zodResolver(feeFormSchema), defaultValues: feeFormOf(fee) });
  const { errors } = form.formState;
  const handleSubmit = form.handleSubmit((values) => {
    if (!isPending) onSubmit(feeBodyOf(bookingKind, values));
  });
  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate aria-label={`Edit the fee of ${FEE_KIND_LABELS[bookingKind].toLowerCase()}`}>
      <div className="flex flex-wrap gap-4">
        <FeeInput label="Percent" suffix="%" error={errors.percent?.message} field={form.register('percent')} />
        <FeeInput label="Fixed amount" prefix="$" error={errors.fixed?.message} field={form.register('fixed')} />
      </div>
      <SaveCancelButtons isEditing={false} isPending={isPending} onCancel={onCancel} />
    </form>
  );
}
