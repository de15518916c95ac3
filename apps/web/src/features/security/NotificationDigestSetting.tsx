import { SettingSwitch } from '../../components/ui';
import { useNotificationDigest, useSetNotificationDigest } from './api';

/** My daily e-mail digest of unread notifications (docs/design.md §13), saved as soon as it changes. */
export function NotificationDigestSetting() {
  const digest = useNotificationDigest();
  const update = useSetNotificationDigest();
  return (
    <SettingSwitch
      label="E-mail me a daily digest of unread notifications"
      description="Once a day, in the morning (Sydney time), when something new is unread: each one's title and a link to it."
      isChecked={update.isPending ? update.variables.enabled : (digest.data?.enabled ?? false)}
      isDisabled={digest.isPending || digest.isError || update.isPending}
      loadError={digest.error}
      onChange={(enabled) => update.mutate({ enabled })}
    />
  );
}
