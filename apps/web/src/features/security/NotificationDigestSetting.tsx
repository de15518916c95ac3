import { useId } from 'react';
import { errorText } from '../../lib/toast';
import { useNotificationDigest, useSetNotificationDigest } from './api';

/** My daily e-mail digest of unread notifications (docs/design.md §13), saved as soon as it changes. */
export function NotificationDigestSetting() {
  const id = useId();
  const digest = useNotificationDigest();
  const update = useSetNotificationDigest();
  const isChecked = update.isPending ? update.variables.enabled : (digest.data?.enabled ?? false);
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        role="switch"
        aria-checked={isChecked}
        className="mt-0.5 h-4 w-4 accent-brand-600"
        checked={isChecked}
        disabled={digest.isPending || digest.isError || update.isPending}
        onChange={(event) => update.mutate({ enabled: event.target.checked })}
      />
      <div>
        <label htmlFor={id} className="text-sm font-medium text-slate-900">
          E-mail me a daily digest of unread notifications
        </label>
        <p className="text-sm text-slate-600">
          Once a day, in the morning (Sydney time), when something new is unread: each one&apos;s title and a link to it.
        </p>
        {digest.isError && (
          <p role="alert" className="text-sm text-red-700">
            {errorText(digest.error)}
          </p>
        )}
      </div>
    </div>
  );
}
