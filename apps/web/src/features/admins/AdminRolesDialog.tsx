import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { updateAdminRolesSchema, type AdminListItem } from '@ute/contract';
import { Button, Modal } from '../../components/ui';
import { RecordNotes } from '../../domain';
import { RoleCheckboxes } from './RoleCheckboxes';
import { useUpdateAdminRoles } from './api';

type RolesForm = z.input<typeof updateAdminRolesSchema>;
type RolesValues = z.output<typeof updateAdminRolesSchema>;

/** "Change roles" of one admin; the server keeps at least one active owner (its 409 is a toast). */
export function AdminRolesDialog({ admin, onClose }: { admin: AdminListItem | null; onClose: () => void }) {
  return (
    <Modal
      open={admin !== null}
      onOpenChange={(next) => !next && onClose()}
      title="Change roles"
      description={admin ? `${admin.name} (${admin.email})` : undefined}
    >
      {admin && <RolesForm key={admin._id} admin={admin} onClose={onClose} />}
      {/* The only view of one admin: their notes (owners') sit under the roles. */}
      {admin && <RecordNotes recordType="admin" recordId={admin._id} />}
    </Modal>
  );
}

function RolesForm({ admin, onClose }: { admin: AdminListItem; onClose: () => void }) {
  const update = useUpdateAdminRoles({ onSuccess: onClose });
  const form = useForm<RolesForm, unknown, RolesValues>({ resolver: zodResolver(updateAdminRolesSchema), defaultValues: { roles: admin.roles } });
  const { errors } = form.formState;
  const handleSubmit = form.handleSubmit((values) => {
    if (!update.isPending) update.mutate({ id: admin._id, version: admin.version, roles: values.roles });
  });
  return (
    <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
      <RoleCheckboxes registration={form.register('roles')} error={errors.roles?.message ?? errors.roles?.root?.message} />
      <div className="mt-2 flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save roles'}
        </Button>
      </div>
    </form>
  );
}
