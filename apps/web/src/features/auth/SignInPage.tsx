import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import Cookies from 'js-cookie';
import { signInSchema, type SignIn, type SignInSuccess } from '@ute/contract';
import { AuthCard, Button } from '../../components/ui';
import { sessionActions } from '../../lib/session';
import { FormField } from './FormField';
import { TwoFactorCodeStep } from './TwoFactorCodeStep';
import { useSignIn } from './api';

export const REMEMBER_COOKIE = 'rememberedEmail';
const REMEMBER_DAYS = 30;

/**
 * The first message of each invalid field. The sign-in page checks its two fields with the
 * contract's schema directly: react-hook-form would add 10 kB gzip to the first page load.
 */
function fieldErrorsOf(values: SignIn): Partial<Record<keyof SignIn, string>> {
  const errors: Partial<Record<keyof SignIn, string>> = {};
  for (const issue of signInSchema.safeParse(values).error?.issues ?? []) {
    const field = issue.path[0] as keyof SignIn;
    errors[field] ??= issue.message;
  }
  return errors;
}

export function SignInPage() {
  const navigate = useNavigate();
  const rememberedEmail = Cookies.get(REMEMBER_COOKIE) ?? '';
  const [isRemembered, setIsRemembered] = useState(Boolean(rememberedEmail));
  const signIn = useSignIn();
  const [values, setValues] = useState<SignIn>({
    email: rememberedEmail,
    password: '',
  });
  const [wasSubmitted, setWasSubmitted] = useState(false);
  /** Set when the password was right and the admin has 2FA on: the code step shows. */
  const [challenge, setChallenge] = useState<string | null>(null);
  // Like the other forms: nothing is said before the first submit, then every change re-checks.
  const errors = wasSubmitted ? fieldErrorsOf(values) : {};
  const setField = (field: keyof SignIn) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value }));

  const completeSignIn = (result: SignInSuccess) => {
    sessionActions.setToken(result.token);
    sessionActions.setUserRole(result.user.userRole);
    sessionActions.updateUser(result.user);
    sessionActions.setIsAuthorized(true);
    void navigate('/', { replace: true });
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setWasSubmitted(true);
    const [firstInvalid] = Object.keys(fieldErrorsOf(values));
    if (firstInvalid) {
      (event.currentTarget as HTMLFormElement).querySelector<HTMLInputElement>(`input[name="${firstInvalid}"]`)?.focus();
      return;
    }
    void signIn.run(values, (result) => {
      if (isRemembered)
        Cookies.set(REMEMBER_COOKIE, values.email, {
          expires: REMEMBER_DAYS,
          sameSite: 'strict',
        });
      else Cookies.remove(REMEMBER_COOKIE);
      if ('twoFactorRequired' in result) setChallenge(result.challenge);
      else completeSignIn(result);
    });
  };

  if (challenge) {
    return (
      <AuthCard title="Two-factor authentication" subtitle={values.email}>
        <TwoFactorCodeStep
          challenge={challenge}
          onSignedIn={completeSignIn}
          onCancel={() => {
            setChallenge(null);
            setValues((current) => ({ ...current, password: '' }));
          }}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Sign in" subtitle="Administrators only">
      <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
        <FormField label="Email" type="email" autoComplete="username" name="email" value={values.email} onChange={setField('email')} error={errors.email} />
        <FormField
          label="Password"
          type="password"
          autoComplete="current-password"
          canReveal
          name="password"
          value={values.password}
          onChange={setField('password')}
          error={errors.password}
        />
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
