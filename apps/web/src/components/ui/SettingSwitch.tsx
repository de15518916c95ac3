import { useId, type ReactNode } from 'react';
import { errorText } from '../../lib/toast';

interface SettingSwitchProps {
  label: string;
  description: ReactNode;
  /** What the switch shows: the value being saved while a save runs, else the loaded one. */
  isChecked: boolean;
  /** Loading, failed to load, or saving: the switch waits. */
  isDisabled: boolean;
  /** Why the setting could not be loaded, said under it. */
  loadError: Error | null;
  onChange: (isChecked: boolean) => void;
}

/** A setting saved as soon as it is switched (the owners' "require 2FA", my daily digest). */
export function SettingSwitch({ label, description, isChecked, isDisabled, loadError, onChange }: SettingSwitchProps) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        role="switch"
        aria-checked={isChecked}
        className="mt-0.5 h-4 w-4 accent-brand-600"
        checked={isChecked}
        disabled={isDisabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      <div>
        <label htmlFor={id} className="text-sm font-medium text-slate-900">
          {label}
        </label>
        <p className="text-sm text-slate-600">{description}</p>
        {loadError && (
          <p role="alert" className="text-sm text-red-700">
            {errorText(loadError)}
          </p>
        )}
      </div>
    </div>
  );
}
