import type { UseFormRegisterReturn } from 'react-hook-form';
import { ADMIN_ROLE_LABELS, ADMIN_ROLES } from '@ute/contract';

const ROLE_HINTS: Record<(typeof ADMIN_ROLES)[number], string> = {
  owner: 'everything, including admins and the audit log',
  finance: 'bookings, payouts, bank details, payments',
  support: 'users, activity, queries',
  content: 'FAQ and blogs',
  moderator: 'utes, jobs, quotes and shipments',
};

/** The role checkboxes of the invite and roles dialogs, registered as one array field. */
export function RoleCheckboxes({ registration, error }: { registration: UseFormRegisterReturn; error?: string }) {
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? 'roles-error' : undefined}>
      <legend className="mb-1 text-sm font-medium text-slate-800">Roles</legend>
      {ADMIN_ROLES.map((role) => (
        <label key={role} className="flex items-start gap-2 text-sm text-slate-800">
          <input type="checkbox" value={role} className="mt-0.5 h-4 w-4 accent-brand-600" {...registration} />
          <span>
            <span className="font-medium">{ADMIN_ROLE_LABELS[role]}</span>
            <span className="text-slate-600"> — {ROLE_HINTS[role]}</span>
          </span>
        </label>
      ))}
      {error && (
        <p id="roles-error" role="alert" className="text-xs text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
