import { Link, useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordSchema, type ForgotPassword } from '@ute/contract';
import { AuthCard, Button } from '../../components/ui';
import { sessionActions } from '../../lib/session';
import { notifySuccess } from '../../lib/toast';
import { FormField } from './FormField';
import { useForgotPassword } from './api';

export function ForgetPasswordPage() {
  const navigate = useNavigate();
  const forgot = useForgotPassword();
  const form = useForm<ForgotPassword>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: '' } });
  const handleSubmit = form.handleSubmit(
    (values) =>
      void forgot.run(values, (result) => {
        notifySuccess(result.message);
        sessionActions.setEmail(result.email);
        void navigate('/otp');
      }),
  );
  return (
    <AuthCard title="Forgot password" subtitle="Enter your email and we will send you a code">
      <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
        <FormField label="Email" type="email" autoComplete="email" error={form.formState.errors.email?.message} {...form.register('email')} />
        <Button type="submit" disabled={forgot.isPending}>
          {forgot.isPending ? '...Loading' : 'Send Code'}
        </Button>
        <Link to="/sign-in" className="text-center text-sm font-medium text-brand-700 hover:underline">
          Back to login
        </Link>
      </form>
    </AuthCard>
  );
}
