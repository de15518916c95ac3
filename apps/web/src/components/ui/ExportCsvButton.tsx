import { useRef, useState } from 'react';
import { Download, X } from 'lucide-react';
import { formatCount } from '../../lib/format';
import { notifyError } from '../../lib/toast';
import { Button } from './Button';

type ExportQuery = Record<string, string | number | boolean | undefined>;

/**
 * Fetches `path` under `query` as it streams, reporting the lines received so far (the header
 * included), and saves the file; rejects with an AbortError once `signal` aborts. lib/apiClient's
 * downloadFile is one.
 */
export type DownloadCsv = (path: string, query: ExportQuery, onProgress: (progress: { lines: number }) => void, signal: AbortSignal) => Promise<void>;

export interface ExportCsvButtonProps {
  /** The export's api path (the contract's apiPaths.<list>Export). */
  path: string;
  /** The list's current query (search, filter, sort, tab) without its page. */
  query: ExportQuery;
  /** Fetches and saves the file: the kit makes no call itself. */
  download: DownloadCsv;
  /** How many rows the list holds under that query, when known: the progress then shows a share. */
  totalRows?: number;
  /** After the file is saved (a list whose export is audited refreshes its log). */
  onDone?: () => void;
  /** The button's text, when the screen has more than one export. */
  label?: string;
}

/**
 * "Export CSV" of a list: the whole list under its current query, however long, streamed. While it
 * runs it shows the rows received (of how many) as a progress bar, and offers to cancel.
 */
export function ExportCsvButton({ path, query, download, totalRows, onDone, label: buttonLabel = 'Export CSV' }: ExportCsvButtonProps) {
  const [receivedRows, setReceivedRows] = useState<number | null>(null);
  const controller = useRef<AbortController | null>(null);

  const handleExport = async () => {
    controller.current = new AbortController();
    setReceivedRows(0);
    try {
      // The first line is the header.
      await download(path, query, ({ lines }) => setReceivedRows(Math.max(lines - 1, 0)), controller.current.signal);
      onDone?.();
    } catch (error) {
      if ((error as Error).name !== 'AbortError') notifyError(error);
    } finally {
      controller.current = null;
      setReceivedRows(null);
    }
  };

  if (receivedRows === null) {
    return (
      <Button variant="secondary" onClick={() => void handleExport()}>
        <Download className="h-4 w-4" aria-hidden="true" />
        {buttonLabel}
      </Button>
    );
  }
  const total = totalRows && totalRows > 0 ? totalRows : undefined;
  const label = total ? `Exporting… ${formatCount(receivedRows)} of ${formatCount(total)} rows` : `Exporting… ${formatCount(receivedRows)} rows`;
  return (
    <div className="flex items-center gap-2" role="status">
      <div className="flex min-w-44 flex-col gap-1">
        <span className="text-xs text-slate-700">{label}</span>
        <progress
          className="h-1.5 w-full accent-brand-600"
          aria-label="Export progress"
          value={total ? Math.min(receivedRows, total) : undefined}
          max={total}
        />
      </div>
      <Button variant="ghost" size="sm" aria-label="Cancel export" onClick={() => controller.current?.abort()}>
        <X className="h-4 w-4" aria-hidden="true" />
      </Button>
    </div>
  );
}
