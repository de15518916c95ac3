import { useState } from 'react';
import { Button } from '../../components/ui';
import { notifyError, notifySuccess } from '../../lib/toast';

export interface RecoveryCodesPanelProps {
  codes: string[];
  /** The admin confirmed they saved the codes: they are not shown again. */
  onDone: () => void;
}

const FILE_NAME = 'ute-back-office-recovery-codes.txt';

const textOf = (codes: string[]) => `Ute Back-office recovery codes\nEach code signs you in once if you lose your authenticator app.\n\n${codes.join('\n')}\n`;

/** The recovery codes, shown once: copy, download, and a confirmation that they are saved. */
export function RecoveryCodesPanel({ codes, onDone }: RecoveryCodesPanelProps) {
  const [isSaved, setIsSaved] = useState(false);

  const handleCopy = async () => {
    try {
      await navigator.clipboard.writeText(textOf(codes));
      notifySuccess('Recovery codes copied');
    } catch (error) {
      notifyError(error);
    }
  };
  const handleDownload = () => {
    const url = URL.createObjectURL(new Blob([textOf(codes)], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = FILE_NAME;
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <section aria-labelledby="recovery-codes-title" className="flex flex-col gap-4 rounded-lg bg-white p-6 shadow-sm">
      <h2 id="recovery-codes-title" className="text-lg font-semibold text-slate-900">
        Your recovery codes
      </h2>
      <p className="text-sm text-slate-700">
        Keep these codes somewhere safe. Each one signs you in once if you lose your authenticator app. They are shown only now.
      </p>
      <ol aria-label="Recovery codes" className="grid grid-cols-2 gap-2 rounded-md bg-slate-50 p-4 font-mono text-sm text-slate-900">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void handleCopy()}>
          Copy
        </Button>
        <Button variant="secondary" onClick={handleDownload}>
          Download
        </Button>
      </div>
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input type="checkbox" checked={isSaved} onChange={(event) => setIsSaved(event.target.checked)} className="h-4 w-4" />I have saved these codes
      </label>
      <div>
        <Button disabled={!isSaved} onClick={onDone}>
          Done
        </Button>
      </div>
    </section>
  );
}
