import { useState, type FormEvent } from 'react';
import { twoFactorCodeError, type SignInSuccess } from '@ute/contract';
import { Button } from '../../components/ui';
import { FormField } from './FormField';
import { useSignInTwoFactor } from './api';

export interface TwoFactorCodeStepProps {
  /** The password step's challenge: proof of the password, good for 5 minutes. */
  challenge: string;
  onSignedIn: (result: SignInSuccess) => void;
  /** Back to the password (a new challenge), e.g. after the challenge expired. */
  onCancel: () => void;
}

/** The second step of a sign-in with 2FA: a code from the authenticator app, or a recovery code. */
export function TwoFactorCodeStep({ challenge, onSignedIn, onCancel }: TwoFactorCodeStepProps) {
  const signIn = useSignInTwoFactor();
  const [code, setCode] = useState('');
  const [wasSubmitted, setWasSubmitted] = useState(false);
  const error = wasSubmitted ? (twoFactorCodeError(code) ?? undefined) : undefined;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setWasSubmitted(true);
    if (twoFactorCodeError(code)) {
      (event.currentTarget as HTMLFormElement).querySelector<HTMLInputElement>('input[name="code"]')?.focus();
      return;
    }
    void signIn.run({ challenge, code }, onSignedIn);
  };

  return (
    <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">Enter the 6-digit code from your authenticator app. Lost your phone? Enter one of your recovery codes.</p>
      <FormField
        label="Authentication code"
        name="code"
        autoComplete="one-time-code"
        autoFocus
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={error}
      />
      <Button type="submit" disabled={signIn.isPending}>
        {signIn.isPending ? '...Loading' : 'Verify'}
      </Button>
      <Button variant="ghost" onClick={onCancel}>
        Back to sign in
      </Button>
    </form>
  );
}
