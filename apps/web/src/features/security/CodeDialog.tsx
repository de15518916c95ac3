import { useState, type FormEvent } from 'react';
import { twoFactorCodeError } from '@ute/contract';
import { Button, Modal } from '../../components/ui';
import { CodeInput } from './CodeInput';

export interface CodeDialogProps {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  isPending: boolean;
  variant?: 'primary' | 'danger';
  onConfirm: (code: string) => void;
  onClose: () => void;
}

/** Asks for a current code (or a recovery code) before a change to the admin's 2FA. */
export function CodeDialog({ open, title, description, confirmLabel, isPending, variant = 'primary', onConfirm, onClose }: CodeDialogProps) {
  const [code, setCode] = useState('');
  const [wasSubmitted, setWasSubmitted] = useState(false);
  const error = wasSubmitted ? twoFactorCodeError(code) : null;

  const close = () => {
    setCode('');
    setWasSubmitted(false);
    onClose();
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setWasSubmitted(true);
    if (!twoFactorCodeError(code)) onConfirm(code);
  };

  return (
    <Modal open={open} onOpenChange={(isOpen) => !isOpen && close()} title={title} description={description} size="sm">
      <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
        <CodeInput value={code} onChange={setCode} error={error} hint="The 6-digit code from your authenticator app, or a recovery code." autoFocus />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" variant={variant} disabled={isPending}>
            {isPending ? 'Processing' : confirmLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
