import { Link, Navigate, useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { otpSchema } from '@ute/contract';
import { AuthCard, Button } from '../../components/ui';
import { sessionActions, useSession } from '../../lib/session';
import { notifySuccess } from '../../lib/toast';
import { FormField } from './FormField';
import { useCheckOtp } from './api';

const otpFormSchema = z.object({ otp: otpSchema.shape.otp });

export function OtpPage() {
  const navigate = useNavigate();
  const email = useSession((session) => session.email);
  const checkOtp = useCheckOtp();
  const form = useForm<{ otp: string }>({ resolver: zodResolver(otpFormSchema), defaultValues: { otp: '' } });
  if (!email) return <Navigate to="/forget-password" replace />;
  const handleSubmit = form.handleSubmit(
    ({ otp }) =>
      void checkOtp.run({ otp, email }, (result) => {
        notifySuccess(result.message);
        sessionActions.setPasswordChangeToken(result.token);
        void navigate('/reset-password');
      }),
  );
  return (
    <AuthCard title="Enter the code" subtitle={`We sent a 6-digit code to ${email}`}>
      <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
        <FormField
          label="Verification code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          error={form.formState.errors.otp?.message}
          {...form.register('otp')}
        />
        <Button type="submit" disabled={checkOtp.isPending}>
          {checkOtp.isPending ? '...Loading' : 'Verify'}
        </Button>
        <div className="flex justify-between text-sm">
          <Link to="/forget-password" className="font-medium text-brand-700 hover:underline">
            Resend
          </Link>
          <Link to="/sign-in" className="font-medium text-brand-700 hover:underline">
            Back to login
          </Link>
        </div>
      </form>
    </AuthCard>
  );
}
