import { useMemo, useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { UserPlus } from 'lucide-react';
import { ADMIN_ROLE_LABELS, type AdminListItem, type AdminStatus } from '@ute/contract';
import { Button, ConfirmDialog, EmptyState, PagedListView, PageHeader, SettingSwitch, StatusBadge, TruncatedText, type BadgeTone } from '../../components/ui';
import { formatDateTime } from '../../lib/format';
import { useSession } from '../../lib/session';
import { AdminRolesDialog } from './AdminRolesDialog';
import { InviteAdminDialog, type InviteAdminDialogProps } from './InviteAdminDialog';
import { useAdminAction, useAdminSettings, useAdmins, useUpdateAdminSettings, type AdminAction } from './api';

const STATUS_TONES: Record<AdminStatus, BadgeTone> = {
  Active: 'green',
  Inactive: 'red',
  Invited: 'blue',
  'Invite expired': 'yellow',
};

interface PendingAction {
  admin: AdminListItem;
  action: AdminAction;
}

/** The confirmation of each row action: its title, question and button. */
function confirmationOf({ admin, action }: PendingAction): { title: string; message: string; confirmLabel: string; tone: 'danger' | 'primary' } {
  const who = `${admin.name} (${admin.email})`;
  switch (action) {
    case 'deactivate':
      return admin.status === 'Invited'
        ? { title: 'Withdraw invitation', message: `Withdraw the invitation of ${who}? Their link stops working.`, confirmLabel: 'Withdraw', tone: 'danger' }
        : {
            title: 'Deactivate admin',
            message: `Deactivate ${who}? Every session of theirs ends at once and they can no longer sign in.`,
            confirmLabel: 'Deactivate',
            tone: 'danger',
          };
    case 'reactivate':
      return { title: 'Reactivate admin', message: `Reactivate ${who}? They can sign in again.`, confirmLabel: 'Reactivate', tone: 'primary' };
    case 'reset-two-factor':
      return {
        title: 'Reset two-factor authentication',
        message: `Reset two-factor authentication of ${who}? Their authenticator and recovery codes stop working and they are signed out.`,
        confirmLabel: 'Reset 2FA',
        tone: 'danger',
      };
    case 'sign-out':
      return {
        title: 'Sign out everywhere',
        message: `Sign ${who} out everywhere? Every session of theirs ends at once.`,
        confirmLabel: 'Sign out',
        tone: 'danger',
      };
  }
}

/** The owners' screen of the admin team: who may do what, invitations, status, 2FA and sessions. */
export function AdminsPage() {
  const admins = useAdmins();
  const [isInviting, setIsInviting] = useState(false);
  const [reinvite, setReinvite] = useState<InviteAdminDialogProps['initial']>(undefined);
  const [editingRoles, setEditingRoles] = useState<AdminListItem | null>(null);
  const [pending, setPending] = useState<PendingAction | null>(null);
  const action = useAdminAction({ onSettled: () => setPending(null) });
  const ownId = useSession((session) => session.user?._id);

  const columns = useMemo<ColumnDef<AdminListItem, unknown>[]>(
    () => [
      { id: 'name', header: 'Name', cell: ({ row }) => <TruncatedText text={row.original.name} className="font-medium" /> },
      { id: 'email', header: 'Email', cell: ({ row }) => <TruncatedText text={row.original.email} className="max-w-[16rem]" /> },
      {
        id: 'roles',
        header: 'Roles',
        cell: ({ row }) => (
          <div className="flex flex-wrap gap-1">
            {row.original.roles.map((role) => (
              <StatusBadge key={role} label={ADMIN_ROLE_LABELS[role]} tone={role === 'owner' ? 'blue' : 'grey'} />
            ))}
          </div>
        ),
      },
      { id: 'twoFactor', header: '2FA', cell: ({ row }) => (row.original.twoFactorEnabled ? 'On' : 'Off') },
      {
        id: 'lastSignInAt',
        header: 'Last sign-in',
        cell: ({ row }) => <span className="whitespace-nowrap">{row.original.lastSignInAt ? formatDateTime(row.original.lastSignInAt) : 'Never'}</span>,
      },
      { id: 'status', header: 'Status', cell: ({ row }) => <StatusBadge label={row.original.status} tone={STATUS_TONES[row.original.status]} /> },
      {
        id: 'actions',
        header: 'Actions',
        cell: ({ row }) => {
          const admin = row.original;
          const isPending = action.isRowPending(admin._id);
          const isInvitee = admin.status === 'Invited' || admin.status === 'Invite expired';
          return (
            <div className="flex flex-wrap items-center gap-1">
              <Button size="sm" variant="secondary" disabled={isPending} onClick={() => setEditingRoles(admin)}>
                Roles
              </Button>
              {admin.status === 'Invite expired' ? (
                <Button size="sm" variant="secondary" onClick={() => setReinvite({ email: admin.email, name: admin.name, roles: admin.roles })}>
                  Invite again
                </Button>
              ) : admin.isActive || admin.status === 'Invited' ? (
                <Button size="sm" variant="secondary" disabled={isPending} onClick={() => setPending({ admin, action: 'deactivate' })}>
                  {admin.status === 'Invited' ? 'Withdraw' : 'Deactivate'}
                </Button>
              ) : (
                <Button size="sm" variant="success" disabled={isPending} onClick={() => setPending({ admin, action: 'reactivate' })}>
                  Reactivate
                </Button>
              )}
              {/* One's own 2FA goes off on the Security screen, with a code (the api refuses it here). */}
              {admin.twoFactorEnabled && admin._id !== ownId && (
                <Button size="sm" variant="ghost" disabled={isPending} onClick={() => setPending({ admin, action: 'reset-two-factor' })}>
                  Reset 2FA
                </Button>
              )}
              {!isInvitee && admin.isActive && (
                <Button size="sm" variant="ghost" disabled={isPending} onClick={() => setPending({ admin, action: 'sign-out' })}>
                  Sign out everywhere
                </Button>
              )}
            </div>
          );
        },
      },
    ],
    [action, ownId],
  );

  const confirmation = pending ? confirmationOf(pending) : null;
  return (
    <section>
      <PageHeader title="Admins">
        <Button onClick={() => setIsInviting(true)}>
          <UserPlus className="h-4 w-4" aria-hidden="true" />
          Invite admin
        </Button>
      </PageHeader>
      <RequireTwoFactorSetting />
      <PagedListView list={admins} columns={columns} getRowId={(admin) => admin._id} caption="Admins" empty={<EmptyState title="No admins yet" />} />
      <InviteAdminDialog
        open={isInviting || reinvite !== undefined}
        initial={reinvite}
        onClose={() => {
          setIsInviting(false);
          setReinvite(undefined);
        }}
      />
      <AdminRolesDialog admin={editingRoles} onClose={() => setEditingRoles(null)} />
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={confirmation?.title}
        message={confirmation?.message ?? ''}
        confirmLabel={confirmation?.confirmLabel}
        tone={confirmation?.tone}
        isPending={action.isPending}
        onConfirm={() => pending && !action.isPending && action.mutate({ id: pending.admin._id, version: pending.admin.version, action: pending.action })}
      />
    </section>
  );
}

/** The owners' "everybody uses 2FA" switch, saved as soon as it changes, on the version it loaded (If-Match). */
function RequireTwoFactorSetting() {
  const settings = useAdminSettings();
  const update = useUpdateAdminSettings();
  return (
    <div className="mb-5 rounded-lg border border-slate-200 bg-white p-4">
      <SettingSwitch
        label="Require two-factor authentication for every admin"
        description="An admin without it is sent to set it up after signing in and can do nothing else until they have."
        isChecked={update.isPending ? update.variables.requireTwoFactor : (settings.data?.requireTwoFactor ?? false)}
        isDisabled={settings.isPending || settings.isError || update.isPending}
        loadError={settings.error}
        onChange={(requireTwoFactor) => settings.data && update.mutate({ ...settings.data, requireTwoFactor })}
      />
    </div>
  );
}
