import { useState, type FormEvent } from 'react';
import { totpCodeError, twoFactorTexts, type TwoFactorEnable } from '@ute/contract';
import { Button, Field, fieldClass } from '../../components/ui';
import { ApiError } from '../../lib/apiClient';
import { notifyError } from '../../lib/toast';
import { CodeInput } from './CodeInput';
import { useEnableTwoFactor, useSetUpTwoFactor } from './api';

type FieldErrors = Partial<Record<keyof TwoFactorEnable, string>>;

const passwordError = (password: string) => (password ? null : twoFactorTexts.passwordRequired);

/** The server's messages for this form's fields (a wrong code, a wrong password), from a 400. */
function fieldErrorsOf(error: unknown): FieldErrors {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  const errors: FieldErrors = {};
  for (const { path, message } of error.errors ?? []) {
    if (path === 'code' || path === 'password') errors[path] = message;
  }
  return errors;
}

export interface TwoFactorSetupPanelProps {
  /** 2FA is on: the recovery codes of the answer are to be shown once. */
  onEnabled: (recoveryCodes: string[]) => void;
}

/** Enrolment: a new secret as a QR code (drawn by the api, no outside service) and as text, then a first code and the password again. */
export function TwoFactorSetupPanel({ onEnabled }: TwoFactorSetupPanelProps) {
  const setUp = useSetUpTwoFactor();
  const enable = useEnableTwoFactor();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [wasSubmitted, setWasSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const codeError = (wasSubmitted ? totpCodeError(code) : null) ?? serverErrors.code;
  const shownPasswordError = (wasSubmitted ? passwordError(password) : null) ?? serverErrors.password;
  const setup = setUp.data;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setWasSubmitted(true);
    setServerErrors({});
    if (totpCodeError(code) || passwordError(password)) return;
    // Not mutate's own onSuccess: turning 2FA on refreshes the status, which replaces this panel
    // before the list refresh ends, and an unmounted mutate never calls back, so the recovery codes
    // would never show. The promise settles either way.
    enable.mutateAsync({ code, password }).then(
      (result) => onEnabled(result.recoveryCodes),
      (error: unknown) => {
        const fieldErrors = fieldErrorsOf(error);
        if (fieldErrors.code || fieldErrors.password) setServerErrors(fieldErrors);
        else notifyError(error);
      },
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
      <CodeInput
        value={code}
        onChange={(value) => {
          setCode(value);
          setServerErrors((errors) => ({ ...errors, code: undefined }));
        }}
        error={codeError}
        autoFocus
      />
      <PasswordInput
        value={password}
        onChange={(value) => {
          setPassword(value);
          setServerErrors((errors) => ({ ...errors, password: undefined }));
        }}
        error={shownPasswordError}
      />
      <div className="flex flex-col items-start gap-2">
        <Button type="submit" disabled={enable.isPending}>
          {enable.isPending ? 'Processing' : 'Turn on'}
        </Button>
        <p className="text-sm text-slate-600">Your other sessions will be signed out.</p>
      </div>
    </form>
  );
}

/** The admin's current password, asked again so that a borrowed session cannot bind its own authenticator. */
function PasswordInput({ value, onChange, error }: { value: string; onChange: (value: string) => void; error?: string | null }) {
  return (
    <Field label="Password">
      {(id) => (
        <>
          <input
            id={id}
            name="password"
            type="password"
            autoComplete="current-password"
            value={value}
            onChange={(event) => onChange(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className={`${fieldClass} max-w-xs ${error ? 'border-red-600' : ''}`}
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
