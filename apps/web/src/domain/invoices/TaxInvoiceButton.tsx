import { useCallback } from 'react';
import { FileText } from 'lucide-react';
import { apiPaths, type BookingKind } from '@ute/contract';
import { Button } from '../../components/ui';
import { downloadFile } from '../../lib/apiClient';
import { notifyError } from '../../lib/toast';
import { useAsyncAction } from '../../lib/useAsyncAction';

const downloadTaxInvoice = ({ kind, bookingId }: { kind: BookingKind; bookingId: string }) =>
  downloadFile(apiPaths.taxInvoicePdf(kind, bookingId), {}, () => {});

/**
 * Downloads the tax invoice for a booking's platform fee (a PDF; the api issues it, with the next
 * invoice number, on the first download). Why there is none (no fee, no business details) is toasted.
 */
export function TaxInvoiceButton({ kind, bookingId, reference }: { kind: BookingKind; bookingId: string; reference: string }) {
  const { run, isPending } = useAsyncAction(downloadTaxInvoice, notifyError);
  const onClick = useCallback(() => void run({ kind, bookingId }, () => {}), [run, kind, bookingId]);
  return (
    <Button size="sm" variant="secondary" onClick={onClick} disabled={isPending} aria-label={`Tax invoice of ${reference}`}>
      <FileText className="h-3.5 w-3.5" aria-hidden="true" />
      {isPending ? 'Downloading…' : 'Tax invoice'}
    </Button>
  );
}
