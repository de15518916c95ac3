import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { apiPaths, totalPagesOf, WORK_QUEUE_LABELS, type Shipment } from '@ute/contract';
import { ActiveFilter, Button, ConfirmDialog, EmptyState, ExportCsvButton, PagedListView, PageHeader, StatusBadge, TruncatedText } from '../../components/ui';
import { screens } from '../../config/screens';
import { SavedViewTabs } from '../../domain';
import { WorkItemCell, WorkItemFilters } from '../../domain/workItems';
import { queryKeys } from '../../lib/queryKeys';
import { downloadFile } from '../../lib/apiClient';
import { formatDateTime, orNA } from '../../lib/format';
import { useKeepPageInRange } from '../../lib/useKeepPageInRange';
import { useListParams } from '../../lib/useListParams';
import { countQuotes, QUOTES_PAGE_SIZE, quoteListQuery, useAcceptQuote, useQuotes, useRejectQuote, useSendQuotePrice } from './api';
import { QuotePager } from './QuotePager';
import { isOpenQuote, isQuotePagerShown, NOT_AVAILABLE, quoteView, shipmentTone } from './quoteView';
import { SendPriceDialog } from './SendPriceDialog';

export function QuotesPage() {
  const navigate = useNavigate();
  const [params, setParams] = useListParams(screens.quotes);
  const listParams = { isAwaitingPrice: params.awaitingPrice === 'true', assigned: params.assigned, waitSort: params.waitSort };
  const quotes = useQuotes({ ...listParams, page: params.page });
  const [toReject, setToReject] = useState<Shipment | null>(null);
  const [toPrice, setToPrice] = useState<Shipment | null>(null);
  const openShipment = (id: string) => void navigate(screens.shipment.href({ id }));
  const acceptQuote = useAcceptQuote({ onSuccess: (_result, { id }) => openShipment(id) });
  // docs/product.md §2.4: a failed send or reject closes the dialog; the error toast still says why.
  const rejectQuote = useRejectQuote({ onSettled: () => setToReject(null) });
  const sendPrice = useSendQuotePrice({ onSettled: () => setToPrice(null) });

  const totalCount = quotes.data?.totalCount ?? 0;
  const totalPages = totalPagesOf(totalCount, QUOTES_PAGE_SIZE);
  // After a reject empties the last page, step back to the new last page.
  useKeepPageInRange(quotes, params.page, QUOTES_PAGE_SIZE, setParams);

  const columns: ColumnDef<Shipment, unknown>[] = [
    // The wait, holder and Assign menu (docs/design.md §15): on the quotesAwaitingPrice queue's list.
    ...(listParams.isAwaitingPrice
      ? [
          {
            id: 'workItem',
            header: 'Waiting',
            cell: ({ row }: { row: { original: Shipment } }) => (
              <WorkItemCell
                queue="quotesAwaitingPrice"
                recordId={row.original._id}
                item={row.original.workItem}
                label={`quote ${row.original.shipmentId}`}
                invalidates={[queryKeys.quotes.all]}
              />
            ),
          },
        ]
      : []),
    {
      id: 'id',
      header: 'Id',
      cell: ({ row }) => (
        <div className="flex flex-col items-start gap-1">
          <span className="whitespace-nowrap font-mono text-xs">{row.original.shipmentId}</span>
          <StatusBadge label={row.original.status} tone={shipmentTone(row.original.status)} />
        </div>
      ),
    },
    { id: 'email', header: 'Email', cell: ({ row }) => <TruncatedText text={quoteView(row.original).email} className="max-w-[16rem]" /> },
    { id: 'vehicleType', header: 'Vehicle Type', cell: ({ row }) => orNA(row.original.vehicleType) },
    { id: 'orderDate', header: 'Order Date & Time', cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(row.original.orderDate)}</span> },
    {
      id: 'pickUp',
      header: 'Pickup Date & Time',
      cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(row.original.pickUpDateAndTime)}</span>,
    },
    { id: 'from', header: 'From', cell: ({ row }) => <TruncatedText text={quoteView(row.original).from} className="min-w-40 max-w-xs" /> },
    { id: 'to', header: 'To', cell: ({ row }) => <TruncatedText text={quoteView(row.original).to} className="min-w-40 max-w-xs" /> },
    { id: 'notes', header: 'Note', cell: ({ row }) => <TruncatedText text={orNA(row.original.notes)} className="max-w-xs" /> },
    {
      id: 'actions',
      header: 'Actions',
      cell: ({ row }) => {
        const quote = row.original;
        const isOpen = isOpenQuote(quote.status);
        const isAccepting = acceptQuote.isRowPending(quote._id);
        return (
          <div className="flex flex-wrap gap-1.5">
            {isOpen ? (
              <Button
                size="sm"
                variant="success"
                disabled={isAccepting}
                onClick={() => !acceptQuote.isPending && acceptQuote.mutate({ id: quote._id, version: quote.version })}
              >
                {isAccepting ? 'Processing...' : 'Accept'}
              </Button>
            ) : (
              <Button size="sm" variant="secondary" onClick={() => openShipment(quote._id)}>
                View
              </Button>
            )}
            <Button size="sm" variant="danger" disabled={!isOpen} onClick={() => setToReject(quote)}>
              Reject
            </Button>
            <Button size="sm" variant="primary" disabled={!isOpen} onClick={() => setToPrice(quote)}>
              Send Price
            </Button>
          </div>
        );
      },
    },
  ];

  const handleSendPrice = (price: string) => {
    if (!toPrice || sendPrice.isPending) return;
    const email = quoteView(toPrice).email;
    sendPrice.mutate({ id: toPrice._id, version: toPrice.version, price, email: email === NOT_AVAILABLE ? undefined : email });
  };

  return (
    <section>
      <PageHeader title="Quotes">
        <ExportCsvButton path={apiPaths.quotesExport} query={quoteListQuery(listParams)} download={downloadFile} totalRows={quotes.data?.totalCount} />
      </PageHeader>
      <SavedViewTabs
        list="quotes"
        filters={screens.quotes.filters}
        countKey={queryKeys.quotes.all}
        countOf={(filters, signal) => countQuotes({ isAwaitingPrice: filters.awaitingPrice === 'true' }, signal)}
      />
      {listParams.isAwaitingPrice && (
        <ActiveFilter label={WORK_QUEUE_LABELS.quotesAwaitingPrice} onClear={() => setParams({ awaitingPrice: '', assigned: '', waitSort: '' })} />
      )}
      {listParams.isAwaitingPrice && <WorkItemFilters values={params} onChange={setParams} />}
      <PagedListView
        list={quotes}
        columns={columns}
        getRowId={(quote) => quote._id}
        caption="Quote requests"
        empty={<EmptyState title="No requests available" />}
        pager={
          isQuotePagerShown(totalCount) && (
            <QuotePager page={Math.min(params.page, totalPages)} totalPages={totalPages} onPageChange={(page) => setParams({ page })} />
          )
        }
      />
      <ConfirmDialog
        open={toReject !== null}
        onOpenChange={(open) => !open && setToReject(null)}
        title="Reject Quote"
        message="Are you sure you want to reject this quote?"
        confirmLabel="Confirm"
        cancelLabel="Cancel"
        isPending={rejectQuote.isPending}
        onConfirm={() => toReject && !rejectQuote.isPending && rejectQuote.mutate({ id: toReject._id, version: toReject.version })}
      />
      <SendPriceDialog open={toPrice !== null} isPending={sendPrice.isPending} onSubmit={handleSendPrice} onClose={() => setToPrice(null)} />
    </section>
  );
}
