import { useState, type FormEvent } from 'react';
import { totpCodeError } from '@ute/contract';
import { Button } from '../../components/ui';
import { CodeInput } from './CodeInput';
import { useEnableTwoFactor, useSetUpTwoFactor } from './api';

export interface TwoFactorSetupPanelProps {
  /** 2FA is on: the recovery codes of the answer are to be shown once. */
  onEnabled: (recoveryCodes: string[]) => void;
}

/** Enrolment: a new secret as a QR code (drawn by the api, no outside service) and as text, then a first code. */
export function TwoFactorSetupPanel({ onEnabled }: TwoFactorSetupPanelProps) {
  const setUp = useSetUpTwoFactor();
  const enable = useEnableTwoFactor();
  const [code, setCode] = useState('');
  const [wasSubmitted, setWasSubmitted] = useState(false);
  const error = wasSubmitted ? totpCodeError(code) : null;
  const setup = setUp.data;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setWasSubmitted(true);
    if (totpCodeError(code)) return;
    // Not mutate's own onSuccess: turning 2FA on refreshes the status, which replaces this panel
    // before the list refresh ends, and an unmounted mutate never calls back, so the recovery codes
    // would never show. The promise resolves either way (errors are toasted by the mutation).
    enable.mutateAsync(code).then(
      (result) => onEnabled(result.recoveryCodes),
      () => undefined,
    );
  };

  if (!setup) {
    return (
      <div className="flex flex-col items-start gap-3">
        <p className="text-sm text-slate-700">
          Two-factor authentication asks for a code from an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password...) after your password,
          and before money is paid out or bank details are shown.
        </p>
        <Button onClick={() => setUp.mutate(undefined)} disabled={setUp.isPending}>
          {setUp.isPending ? 'Processing' : 'Set up two-factor authentication'}
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
      <ol className="flex list-decimal flex-col gap-4 pl-5 text-sm text-slate-800">
        <li>
          Scan this QR code with your authenticator app.
          <img
            src={setup.qrCodeDataUrl}
            alt="QR code for your authenticator app"
            width={200}
            height={200}
            className="mt-2 rounded border border-slate-200 bg-white"
          />
        </li>
        <li>
          Or type this key into the app:
          <code data-testid="totp-secret" className="mt-1 block break-all rounded bg-slate-100 px-2 py-1 font-mono text-slate-900">
            {setup.secret}
          </code>
        </li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <CodeInput value={code} onChange={setCode} error={error} autoFocus />
      <div>
        <Button type="submit" disabled={enable.isPending}>
          {enable.isPending ? 'Processing' : 'Turn on'}
        </Button>
      </div>
    </form>
  );
}
