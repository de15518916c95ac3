import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { acceptInvitationFormSchema, adminTexts, type AcceptInvitationForm, type Invitation } from '@ute/contract';
import { AuthCard, Button, Field, fieldClass, Spinner } from '../../components/ui';
import { ApiError } from '../../lib/apiClient';
import { errorText, notifyError, notifySuccess } from '../../lib/toast';
import { fetchInvitation, useAcceptInvitation } from './api';

/** The token of `/accept-invite#token=...`: in the fragment, so it never reaches a server log or a Referer. */
function readTokenFromFragment(): string {
  return new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';
}

type InvitationState = { kind: 'loading' } | { kind: 'invalid'; message: string } | { kind: 'valid'; invitation: Invitation };

/** Where an invited admin chooses a password; then they sign in as usual. */
export function AcceptInvitePage() {
  const [token] = useState(readTokenFromFragment);
  const [state, setState] = useState<InvitationState>(() => (token ? { kind: 'loading' } : { kind: 'invalid', message: adminTexts.invitationInvalid }));

  useEffect(() => {
    // The link is single use: keep it out of the history and the address bar once read.
    if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname);
    if (!token) return;
    let isCurrent = true;
    fetchInvitation(token).then(
      (invitation) => isCurrent && setState({ kind: 'valid', invitation }),
      (error: unknown) => isCurrent && setState({ kind: 'invalid', message: errorText(error) }),
    );
    return () => {
      isCurrent = false;
    };
  }, [token]);

  if (state.kind === 'loading') {
    return (
      <AuthCard title="Accept invitation">
        <Spinner label="Checking your invitation" />
      </AuthCard>
    );
  }
  if (state.kind === 'invalid') {
    return (
      <AuthCard title="Accept invitation">
        <p role="alert" className="mb-4 text-center text-sm text-red-700">
          {state.message}
        </p>
        <p className="text-center text-sm text-slate-700">
          Ask an owner for a new invitation, or{' '}
          <Link to="/sign-in" className="font-medium text-brand-700 underline-offset-2 hover:underline">
            go to sign in
          </Link>
          .
        </p>
      </AuthCard>
    );
  }
  return <ChoosePasswordForm token={token} invitation={state.invitation} onInvalid={(message) => setState({ kind: 'invalid', message })} />;
}

function ChoosePasswordForm({ token, invitation, onInvalid }: { token: string; invitation: Invitation; onInvalid: (message: string) => void }) {
  const navigate = useNavigate();
  const handleError = useCallback(
    (error: unknown) => {
      if (error instanceof ApiError && error.status === 404) onInvalid(errorText(error));
      else notifyError(error);
    },
    [onInvalid],
  );
  const accept = useAcceptInvitation(handleError);
  const form = useForm<AcceptInvitationForm>({ resolver: zodResolver(acceptInvitationFormSchema), defaultValues: { password: '', confirmPassword: '' } });
  const handleSubmit = form.handleSubmit(
    (values) =>
      void accept.run({ ...values, token }, (result) => {
        notifySuccess(result.message);
        void navigate('/sign-in', { replace: true });
      }),
  );
  return (
    <AuthCard title={`Welcome, ${invitation.name}`} subtitle={`Choose a password for ${invitation.email}`}>
      <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
        {/* Lets a password manager save the new password under the right account. */}
        <input type="email" name="email" value={invitation.email} autoComplete="username" readOnly hidden />
        <PasswordField label="Password" error={form.formState.errors.password?.message} registration={form.register('password')} />
        <PasswordField label="Confirm Password" error={form.formState.errors.confirmPassword?.message} registration={form.register('confirmPassword')} />
        <Button type="submit" disabled={accept.isPending}>
          {accept.isPending ? 'Saving...' : 'Set password'}
        </Button>
      </form>
    </AuthCard>
  );
}

function PasswordField({ label, error, registration }: { label: string; error?: string; registration: UseFormRegisterReturn }) {
  return (
    <Field label={label}>
      {(id) => (
        <>
          <input
            id={id}
            type="password"
            autoComplete="new-password"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className={`${fieldClass} ${error ? 'border-red-600' : ''}`}
            {...registration}
          />
          {error && (
            <p id={`${id}-error`} role="alert" className="text-xs text-red-700">
              {error}
            </p>
          )}
        </>
      )}
    </Field>
  );
}
