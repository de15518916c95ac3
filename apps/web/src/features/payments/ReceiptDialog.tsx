import { useState } from 'react';
import { Modal } from '../../components/ui';

/** 'Payment Receipt': the receipt image behind its short-lived signed URL. */
export function ReceiptDialog({ src, onClose }: { src: string | null; onClose: () => void }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  return (
    <Modal open={src !== null} onOpenChange={(open) => !open && onClose()} title="Payment Receipt" size="md">
      {src && failedSrc !== src ? (
        <img src={src} alt="Payment receipt" className="mx-auto max-h-[70vh] w-auto rounded border border-slate-200" onError={() => setFailedSrc(src)} />
      ) : (
        <p role="alert" className="text-sm text-red-700">
          The receipt could not be loaded. Close this window and open it again.
        </p>
      )}
    </Modal>
  );
}
