import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Cookies from 'js-cookie';
import { signInSchema, type SignIn } from '@ute/contract';
import { Button } from '../../components/ui';
import { sessionActions } from '../../lib/session';
import { AuthCard } from './AuthCard';
import { FormField } from './FormField';
import { useSignIn } from './api';

export const REMEMBER_COOKIE = 'rememberedEmail';
const REMEMBER_DAYS = 30;

export function SignInPage() {
  const navigate = useNavigate();
  const rememberedEmail = Cookies.get(REMEMBER_COOKIE) ?? '';
  const [isRemembered, setIsRemembered] = useState(Boolean(rememberedEmail));
  const signIn = useSignIn();
  const form = useForm<SignIn>({ resolver: zodResolver(signInSchema), defaultValues: { email: rememberedEmail, password: '' } });

  const handleSubmit = form.handleSubmit((values) => {
    void signIn.run(values, (result) => {
        if (isRemembered) Cookies.set(REMEMBER_COOKIE, values.email, { expires: REMEMBER_DAYS, sameSite: 'strict' });
        else Cookies.remove(REMEMBER_COOKIE);
        sessionActions.setToken(result.token);
        sessionActions.setUserRole(result.user.role);
        sessionActions.updateUser(result.user);
        sessionActions.setIsAuthorized(true);
        void navigate('/', { replace: true });
    });
  });

  return (
    <AuthCard title="Sign in" subtitle="Administrators only">
      <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
        <FormField label="Email" type="email" autoComplete="username" error={form.formState.errors.email?.message} {...form.register('email')} />
        <FormField label="Password" type="password" autoComplete="current-password" canReveal error={form.formState.errors.password?.message} {...form.register('password')} />
        <div className="flex items-center justify-between text-sm">
          <label className="flex items-center gap-2 text-slate-800">
            <input type="checkbox" checked={isRemembered} onChange={(event) => setIsRemembered(event.target.checked)} className="h-4 w-4" />
            Remember me
          </label>
          <Link to="/forget-password" className="font-medium text-brand-700 underline-offset-2 hover:underline">
            Forgot password?
          </Link>
        </div>
        <Button type="submit" disabled={signIn.isPending}>
          {signIn.isPending ? '...Loading' : 'Sign In'}
        </Button>
      </form>
    </AuthCard>
  );
}
