import { useId, useState, type InputHTMLAttributes } from 'react';
import { Eye, EyeOff } from 'lucide-react';

export interface FormFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  /** Adds a show/hide toggle to a password field. */
  canReveal?: boolean;
}

export function FormField({ label, error, canReveal = false, type = 'text', ref, ...inputProps }: FormFieldProps & { ref?: React.Ref<HTMLInputElement> }) {
  const id = useId();
  const [isRevealed, setIsRevealed] = useState(false);
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          ref={ref}
          type={canReveal && isRevealed ? 'text' : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={`w-full rounded-md border px-3 py-2 text-sm focus:outline-none focus:ring-2 focus:ring-brand-100 ${error ? 'border-red-600' : 'border-slate-300 focus:border-brand-600'} ${canReveal ? 'pr-10' : ''}`}
          {...inputProps}
        />
        {canReveal && (
          <button
            type="button"
            onClick={() => setIsRevealed((value) => !value)}
            className="absolute right-2 top-1/2 -translate-y-1/2 rounded p-1 text-slate-600 hover:bg-slate-100"
            aria-label={isRevealed ? `Hide ${label}` : `Show ${label}`}
          >
            {isRevealed ? <EyeOff className="h-4 w-4" aria-hidden="true" /> : <Eye className="h-4 w-4" aria-hidden="true" />}
          </button>
        )}
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
