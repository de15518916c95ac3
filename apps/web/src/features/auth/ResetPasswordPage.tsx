import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { resetPasswordFormSchema, type ResetPasswordForm } from '@ute/contract';
import { AuthCard, Button } from '../../components/ui';
import { getSession, sessionActions } from '../../lib/session';
import { notifySuccess } from '../../lib/toast';
import { FormField } from './FormField';
import { useResetPassword } from './api';

export function ResetPasswordPage() {
  const navigate = useNavigate();
  // Read once: clearing it after success must not bounce this screen to /forget-password.
  const [token] = useState(() => getSession().passwordChangeToken);
  const reset = useResetPassword();
  const form = useForm<ResetPasswordForm>({ resolver: zodResolver(resetPasswordFormSchema), defaultValues: { newPassword: '', confirmPassword: '' } });
  if (!token) return <Navigate to="/forget-password" replace />;
  const handleSubmit = form.handleSubmit(
    (values) =>
      void reset.run({ ...values, token }, (result) => {
        notifySuccess(result.message);
        void navigate('/sign-in', { replace: true });
        sessionActions.setEmail('');
        sessionActions.setPasswordChangeToken('');
      }),
  );
  return (
    <AuthCard title="Reset password" subtitle="Choose a new password">
      <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
        <FormField
          label="New Password"
          type="password"
          autoComplete="new-password"
          canReveal
          error={form.formState.errors.newPassword?.message}
          {...form.register('newPassword')}
        />
        <FormField
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          canReveal
          error={form.formState.errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        <Button type="submit" disabled={reset.isPending}>
          {reset.isPending ? 'Resetting...' : 'Reset Password'}
        </Button>
      </form>
    </AuthCard>
  );
}
