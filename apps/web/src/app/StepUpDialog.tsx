import { useEffect, useRef, useState, type FormEvent } from 'react';
import { accessTexts, twoFactorCodeError } from '@ute/contract';
import { Button, Modal } from '../components/ui';
import { ApiError, api, setStepUpHandler } from '../lib/apiClient';
import { sessionActions } from '../lib/session';
import { errorText } from '../lib/toast';

/**
 * The step-up of money calls, in place: when a call answers 403 STEP_UP_REQUIRED, apiClient asks
 * this dialog for a code (TOTP or recovery code), it gets a token with a fresh second factor and the
 * call is sent again, so the screen that made it carries on. Calls that need it while the dialog is
 * open wait for the same answer. Mounted once, in the signed-in shell.
 */
export function StepUpDialog() {
  const [isOpen, setIsOpen] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isPending, setIsPending] = useState(false);
  const pending = useRef<{ promise: Promise<boolean>; resolve: (isDone: boolean) => void } | null>(null);

  useEffect(() => {
    setStepUpHandler(() => {
      if (!pending.current) {
        let resolve: (isDone: boolean) => void = () => {};
        const promise = new Promise<boolean>((settle) => (resolve = settle));
        pending.current = { promise, resolve };
        setIsOpen(true);
      }
      return pending.current.promise;
    });
    return () => {
      setStepUpHandler(async () => false);
      pending.current?.resolve(false);
      pending.current = null;
    };
  }, []);

  const finish = (isDone: boolean) => {
    pending.current?.resolve(isDone);
    pending.current = null;
    setIsOpen(false);
    setCode('');
    setError(null);
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = twoFactorCodeError(code);
    if (invalid) {
      setError(invalid);
      return;
    }
    setIsPending(true);
    try {
      const result = await api.call('stepUp', { body: { code } });
      sessionActions.setToken(result.token);
      finish(true);
    } catch (failure) {
      // A 401 has already ended the session (apiClient); anything else is said under the field.
      if (failure instanceof ApiError && failure.status === 401) finish(false);
      else setError(errorText(failure));
    } finally {
      setIsPending(false);
    }
  };

  return (
    <Modal
      open={isOpen}
      onOpenChange={(open) => {
        if (!open) finish(false);
      }}
      title="Confirm it is you"
      description={accessTexts.stepUpRequired}
      size="sm"
    >
      <form onSubmit={(event) => void handleSubmit(event)} noValidate className="flex flex-col gap-4">
        <div className="flex flex-col gap-1">
          <label htmlFor="step-up-code" className="text-sm font-medium text-slate-800">
            Authentication code
          </label>
          <input
            id="step-up-code"
            name="code"
            autoComplete="one-time-code"
            inputMode="text"
            autoFocus
            value={code}
            onChange={(event) => setCode(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'step-up-code-error step-up-code-hint' : 'step-up-code-hint'}
            className={`rounded-md border px-3 py-2 text-sm focus:outline-none focus:ring-2 focus:ring-brand-100 ${error ? 'border-red-600' : 'border-slate-300 focus:border-brand-600'}`}
          />
          <p id="step-up-code-hint" className="text-xs text-slate-600">
            The 6-digit code from your authenticator app, or one of your recovery codes.
          </p>
          {error && (
            <p id="step-up-code-error" role="alert" className="text-xs text-red-700">
              {error}
            </p>
          )}
        </div>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => finish(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={isPending}>
            {isPending ? 'Checking...' : 'Confirm'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
