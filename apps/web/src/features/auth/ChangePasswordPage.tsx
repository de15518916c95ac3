import { useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordSchema, type ChangePassword } from '@ute/contract';
import { Button, PageHeader } from '../../components/ui';
import { sessionActions } from '../../lib/session';
import { notifySuccess } from '../../lib/toast';
import { FormField } from './FormField';
import { useChangePassword } from './api';

export function ChangePasswordPage() {
  const navigate = useNavigate();
  const change = useChangePassword();
  const form = useForm<ChangePassword>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { oldPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const handleSubmit = form.handleSubmit(
    (values) =>
      void change.run(values, (result) => {
        notifySuccess(result.message);
        // The server has already revoked the old token; forget it here too.
        sessionActions.clear();
        void navigate('/sign-in', { replace: true });
      }),
  );
  return (
    <section className="max-w-lg">
      <PageHeader title="Change Password" />
      <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4 rounded-lg bg-white p-6 shadow-sm">
        <FormField
          label="Current Password"
          type="password"
          autoComplete="current-password"
          canReveal
          error={errors.oldPassword?.message}
          {...form.register('oldPassword')}
        />
        <FormField
          label="New Password"
          type="password"
          autoComplete="new-password"
          canReveal
          error={errors.newPassword?.message}
          {...form.register('newPassword')}
        />
        <FormField
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          canReveal
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? '...Loading' : 'Change Password'}
        </Button>
      </form>
    </section>
  );
}
