import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Button, PageHeader, Spinner, StatusBadge } from '../../components/ui';
import { sessionActions, useSession } from '../../lib/session';
import { errorText } from '../../lib/toast';
import { CodeDialog } from './CodeDialog';
import { NotificationDigestSetting } from './NotificationDigestSetting';
import { RecoveryCodesPanel } from './RecoveryCodesPanel';
import { TwoFactorSetupPanel } from './TwoFactorSetupPanel';
import { signOutEverywhere, useDisableTwoFactor, useRenewRecoveryCodes, useTwoFactorStatus } from './api';

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="flex flex-col gap-4 rounded-lg bg-white p-6 shadow-sm">
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

/**
 * The admin's own security: two-factor authentication (set up, turn off, new recovery codes), the
 * daily digest of unread notifications, and signing out every session. When the owners require 2FA
 * and this admin has none, it is the only screen open (AuthGuard) and shows the set-up only.
 */
export function SecurityPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mustEnrol = useSession((session) => session.user?.mustEnrolTwoFactor === true);
  const status = useTwoFactorStatus();
  const disable = useDisableTwoFactor();
  const renew = useRenewRecoveryCodes();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [openDialog, setOpenDialog] = useState<'disable' | 'renew' | null>(null);
  const [isSigningOut, setIsSigningOut] = useState(false);

  const handleSignOutEverywhere = async () => {
    setIsSigningOut(true);
    // Signed out here whatever the server said: the token is forgotten either way.
    await signOutEverywhere().catch(() => undefined);
    sessionActions.clear();
    queryClient.clear();
    void navigate('/sign-in', { replace: true });
  };

  const handleEnabled = (codes: string[]) => setRecoveryCodes(codes);
  const handleCodesSaved = () => {
    setRecoveryCodes(null);
    // The enrolment is complete: every screen opens again.
    sessionActions.updateUser({ twoFactorEnabled: true, mustEnrolTwoFactor: false });
  };

  const signOutButton = (
    <Button variant="secondary" onClick={() => void handleSignOutEverywhere()} disabled={isSigningOut}>
      {isSigningOut ? 'Signing out...' : 'Sign out everywhere'}
    </Button>
  );

  if (recoveryCodes) {
    return (
      <section className="flex max-w-2xl flex-col gap-5">
        <PageHeader title="Security" />
        <RecoveryCodesPanel codes={recoveryCodes} onDone={handleCodesSaved} />
      </section>
    );
  }

  if (mustEnrol) {
    return (
      <section className="flex max-w-2xl flex-col gap-5">
        <PageHeader title="Security">{signOutButton}</PageHeader>
        <p role="status" className="rounded-md border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-900">
          The owners require two-factor authentication for every admin. Set it up to continue.
        </p>
        <Card title="Two-factor authentication">
          <TwoFactorSetupPanel onEnabled={handleEnabled} />
        </Card>
      </section>
    );
  }

  const data = status.data;
  return (
    <section className="flex max-w-2xl flex-col gap-5">
      <PageHeader title="Security" />
      <Card title="Two-factor authentication">
        {status.isPending && <Spinner label="Loading" />}
        {status.isError && (
          <p role="alert" className="text-sm text-red-700">
            {errorText(status.error)}
          </p>
        )}
        {data && (
          <>
            <div className="flex flex-wrap items-center gap-3 text-sm text-slate-800">
              <span>Status:</span>
              <StatusBadge label={data.enabled ? 'On' : 'Off'} tone={data.enabled ? 'green' : 'grey'} />
              {data.enabled && <span>{data.recoveryCodesLeft} of 10 recovery codes left</span>}
            </div>
            {data.enabled ? (
              <div className="flex flex-col gap-3">
                <div className="flex flex-wrap gap-2">
                  <Button variant="secondary" onClick={() => setOpenDialog('renew')}>
                    New recovery codes
                  </Button>
                  <Button variant="danger" onClick={() => setOpenDialog('disable')} disabled={data.required}>
                    Turn off
                  </Button>
                </div>
                {data.required && <p className="text-sm text-slate-700">The owners require two-factor authentication: it cannot be turned off.</p>}
              </div>
            ) : (
              <TwoFactorSetupPanel onEnabled={handleEnabled} />
            )}
          </>
        )}
      </Card>
      <Card title="Notification digest">
        <NotificationDigestSetting />
      </Card>
      <Card title="Sessions">
        <p className="text-sm text-slate-700">Signs you out on every device and browser, this one too.</p>
        <div>{signOutButton}</div>
      </Card>
      {openDialog === 'renew' && (
        <CodeDialog
          open
          title="New recovery codes"
          description="Your old recovery codes stop working. Enter a code to confirm."
          confirmLabel="Make new codes"
          isPending={renew.isPending}
          onClose={() => setOpenDialog(null)}
          onConfirm={(code) =>
            renew.mutate(code, {
              onSuccess: (result) => {
                setOpenDialog(null);
                setRecoveryCodes(result.recoveryCodes);
              },
            })
          }
        />
      )}
      {openDialog === 'disable' && (
        <CodeDialog
          open
          title="Turn off two-factor authentication"
          description="Sign-in will ask for your password only, and your recovery codes stop working. Enter a code to confirm."
          confirmLabel="Turn off"
          variant="danger"
          isPending={disable.isPending}
          onClose={() => setOpenDialog(null)}
          onConfirm={(code) => disable.mutate(code, { onSuccess: () => setOpenDialog(null) })}
        />
      )}
    </section>
  );
}
