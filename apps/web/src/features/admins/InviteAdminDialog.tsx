import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { inviteAdminSchema, type AdminRole } from '@ute/contract';
import { Button, Field, fieldClass, Modal } from '../../components/ui';
import { RoleCheckboxes } from './RoleCheckboxes';
import { useInviteAdmin } from './api';

type InviteForm = z.input<typeof inviteAdminSchema>;
type InviteValues = z.output<typeof inviteAdminSchema>;

export interface InviteAdminDialogProps {
  open: boolean;
  onClose: () => void;
  /** Filled in when inviting someone again (their invitation expired). */
  initial?: { email: string; name: string; roles: AdminRole[] };
}

/** "Invite admin": name, email and roles, checked with the contract's schema before it is sent. */
export function InviteAdminDialog({ open, onClose, initial }: InviteAdminDialogProps) {
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title="Invite admin"
      description="They get a link by email, valid for 48 hours, to choose a password."
    >
      <InviteForm key={initial?.email ?? 'new'} initial={initial} onClose={onClose} />
    </Modal>
  );
}

function InviteForm({ initial, onClose }: { initial?: InviteAdminDialogProps['initial']; onClose: () => void }) {
  const invite = useInviteAdmin({ onSuccess: onClose });
  const form = useForm<InviteForm, unknown, InviteValues>({
    resolver: zodResolver(inviteAdminSchema),
    defaultValues: { name: initial?.name ?? '', email: initial?.email ?? '', roles: initial?.roles ?? [] },
  });
  const { errors } = form.formState;
  const handleSubmit = form.handleSubmit((values) => {
    if (!invite.isPending) invite.mutate(values);
  });
  return (
    <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
      <Field label="Name">
        {(id) => (
          <>
            <input id={id} autoComplete="off" className={fieldClass} aria-invalid={errors.name ? true : undefined} {...form.register('name')} />
            {errors.name && (
              <p role="alert" className="text-xs text-red-700">
                {errors.name.message}
              </p>
            )}
          </>
        )}
      </Field>
      <Field label="Email">
        {(id) => (
          <>
            <input id={id} type="email" autoComplete="off" className={fieldClass} aria-invalid={errors.email ? true : undefined} {...form.register('email')} />
            {errors.email && (
              <p role="alert" className="text-xs text-red-700">
                {errors.email.message}
              </p>
            )}
          </>
        )}
      </Field>
      <RoleCheckboxes registration={form.register('roles')} error={errors.roles?.message ?? errors.roles?.root?.message} />
      <div className="mt-2 flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={invite.isPending}>
          {invite.isPending ? 'Sending...' : 'Send invitation'}
        </Button>
      </div>
    </form>
  );
}
