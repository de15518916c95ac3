import { useMemo, useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { apiPaths, refundedLabel, WORK_QUEUE_LABELS, type Payment } from '@ute/contract';
import {
  ActiveFilter,
  Button,
  EmptyState,
  ExportCsvButton,
  PagedListView,
  PageHeader,
  SearchBox,
  StatusBadge,
  TabStrip,
  TruncatedText,
} from '../../components/ui';
import { paymentTone, RefundDialog, SavedViewTabs, type RefundTarget } from '../../domain';
import { screens } from '../../config/screens';
import { WorkItemCell, WorkItemFilters } from '../../domain/workItems';
import type { FilterValues } from '../../config/urlFilters';
import { queryKeys } from '../../lib/queryKeys';
import { downloadFile } from '../../lib/apiClient';
import { formatCentsAud, formatDateTime, orNA } from '../../lib/format';
import { useKeepPageInRange } from '../../lib/useKeepPageInRange';
import { useListParams } from '../../lib/useListParams';
import { userFilterLabel } from '../../lib/useOpenedRow';
import {
  countPayments,
  manualPaymentListQuery,
  PAYMENT_PAGE_SIZE,
  PAYMENT_SEARCH_DELAY_MS,
  stripePaymentListQuery,
  useAcceptPayment,
  useManualPayments,
  useStripePayments,
} from './api';
import {
  MANUAL_PAYMENT_TABS,
  PAYMENT_SORT_OPTIONS,
  PAYMENT_TABS,
  acceptLabel,
  asManualKind,
  asPaymentSort,
  asPaymentTab,
  paymentEmptyText,
} from './paymentView';
import { ReceiptDialog } from './ReceiptDialog';

/** Each tab's list call parameters from the page's URL filters (the page's own, and a saved view's count). */
function paymentListParamsOf(params: FilterValues<typeof screens.payments.filters>) {
  const tab = asPaymentTab(params.tab);
  const kind = asManualKind(params.kind);
  const sort = asPaymentSort(params.sort);
  // The work queue: manual payments of both kinds not accepted yet.
  const isAwaitingAcceptance = tab === 'manual' && params.awaitingAcceptance === 'true';
  const stripeParams = { search: params.search, sort, userId: params.user };
  const manualParams = {
    ...stripeParams,
    kind: isAwaitingAcceptance ? undefined : kind,
    isAwaitingAcceptance,
    assigned: params.assigned,
    waitSort: params.waitSort,
  };
  return { tab, kind, sort, isAwaitingAcceptance, stripeParams, manualParams };
}

const countPaymentsOf = (filters: FilterValues<typeof screens.payments.filters>, signal: AbortSignal) => {
  const { tab, stripeParams, manualParams } = paymentListParamsOf(filters);
  return countPayments(tab === 'stripe' ? { tab, stripe: stripeParams } : { tab, manual: manualParams }, signal);
};

export function PaymentHistoryPage() {
  const [params, setParams] = useListParams(screens.payments);
  const { tab, kind, sort, isAwaitingAcceptance, stripeParams, manualParams } = paymentListParamsOf(params);
  const stripePayments = useStripePayments({ ...stripeParams, page: params.page }, tab === 'stripe');
  const manualPayments = useManualPayments({ ...manualParams, page: params.page }, tab === 'manual');
  const payments = tab === 'stripe' ? stripePayments : manualPayments;
  const accept = useAcceptPayment();
  const [receipt, setReceipt] = useState<string | null>(null);
  const [refundTarget, setRefundTarget] = useState<RefundTarget | null>(null);

  useKeepPageInRange(payments, params.page, PAYMENT_PAGE_SIZE, setParams);

  const columns = useMemo<ColumnDef<Payment, unknown>[]>(() => {
    const common: ColumnDef<Payment, unknown>[] = [
      { id: 'paymentBy', header: 'User', cell: ({ row }) => <TruncatedText text={orNA(row.original.paymentBy)} /> },
      { id: 'amount', header: 'Amount', cell: ({ row }) => formatCentsAud(row.original.amount) },
      { id: 'createdAt', header: 'Date', cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(row.original.createdAt)}</span> },
      {
        id: 'status',
        header: 'Status',
        cell: ({ row }) => {
          const refunded = refundedLabel(row.original.refundedCents, row.original.amount);
          return (
            <div className="flex flex-col items-start gap-1">
              <StatusBadge label={row.original.status} tone={paymentTone(row.original.status)} />
              {refunded && <span className="whitespace-nowrap text-xs text-slate-600">{refunded}</span>}
            </div>
          );
        },
      },
    ];
    /** A succeeded (Stripe) or accepted (manual) payment with something left to refund opens the refund dialog. */
    const refundButton = (payment: Payment, label: string) => (
      <Button
        size="sm"
        variant="secondary"
        aria-label={`${label}: ${payment.paymentBy}, ${formatCentsAud(payment.amount)}`}
        disabled={payment.status !== (payment.isStripe ? 'succeeded' : 'inProgress') || (payment.refundedCents ?? 0) >= payment.amount}
        onClick={() => setRefundTarget({ paymentId: payment._id })}
      >
        {label}
      </Button>
    );
    if (tab === 'stripe') return [...common, { id: 'actions', header: 'Action', cell: ({ row }) => refundButton(row.original, 'Refund') }];
    return [
      // The wait, holder and Assign menu (docs/design.md §15): on the awaiting-acceptance queue's list.
      ...(isAwaitingAcceptance
        ? [
            {
              id: 'workItem',
              header: 'Waiting',
              cell: ({ row }: { row: { original: Payment } }) => (
                <WorkItemCell
                  queue="manualPaymentsAwaitingAcceptance"
                  recordId={row.original._id}
                  item={row.original.workItem}
                  label={`the payment by ${row.original.paymentBy}`}
                  invalidates={[queryKeys.payments.all]}
                />
              ),
            },
          ]
        : []),
      ...common,
      { id: 'transactionId', header: 'Transaction ID', cell: ({ row }) => <span className="whitespace-nowrap">{orNA(row.original.transactionId)}</span> },
      {
        id: 'receipt',
        header: 'Receipt',
        cell: ({ row }) => {
          const image = row.original.paymentImage;
          return image ? (
            <button type="button" className="font-medium text-brand-700 underline hover:text-brand-800" onClick={() => setReceipt(image)}>
              View
            </button>
          ) : (
            <span className="whitespace-nowrap text-slate-600">No receipt</span>
          );
        },
      },
      {
        id: 'actions',
        header: 'Action',
        cell: ({ row }) => {
          const { label, disabled } = acceptLabel(row.original.status, accept.isRowPending(row.original._id));
          return (
            <div className="flex items-start gap-1.5">
              <Button
                size="sm"
                variant={label === 'Accepted' ? 'secondary' : 'success'}
                disabled={disabled || accept.isPending}
                onClick={() => accept.mutate({ id: row.original._id, version: row.original.version })}
              >
                {label}
              </Button>
              {label === 'Accepted' && refundButton(row.original, 'Record refund')}
            </div>
          );
        },
      },
    ];
  }, [tab, accept, isAwaitingAcceptance]);

  return (
    <section>
      <PageHeader title="Payment History">
        <SearchBox value={params.search} onSearch={(search) => setParams({ search })} placeholder="Search by name" delayMs={PAYMENT_SEARCH_DELAY_MS} />
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <span>Sort</span>
          <select
            value={sort}
            onChange={(event) => setParams({ sort: event.target.value })}
            className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-100"
          >
            {PAYMENT_SORT_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        {tab === 'stripe' ? (
          <ExportCsvButton
            path={apiPaths.paymentsExport}
            query={stripePaymentListQuery(stripeParams)}
            download={downloadFile}
            totalRows={stripePayments.data?.totalCount}
          />
        ) : (
          <ExportCsvButton
            path={apiPaths.manualPaymentsExport}
            query={manualPaymentListQuery(manualParams)}
            download={downloadFile}
            totalRows={manualPayments.data?.totalCount}
          />
        )}
      </PageHeader>
      <SavedViewTabs list="payments" filters={screens.payments.filters} countKey={queryKeys.payments.all} countOf={countPaymentsOf} />
      <TabStrip label="Payment type" value={tab} options={PAYMENT_TABS} onChange={(next) => setParams({ tab: next, awaitingAcceptance: '' })} />
      {params.user && <ActiveFilter label={userFilterLabel('payments')} onClear={() => setParams({ user: '' })} />}
      {isAwaitingAcceptance && (
        <ActiveFilter
          label={WORK_QUEUE_LABELS.manualPaymentsAwaitingAcceptance}
          onClear={() => setParams({ awaitingAcceptance: '', assigned: '', waitSort: '' })}
        />
      )}
      {isAwaitingAcceptance && <WorkItemFilters values={params} onChange={setParams} />}
      {tab === 'manual' && !isAwaitingAcceptance && (
        <div>
          <TabStrip label="Manual payment kind" value={kind} options={MANUAL_PAYMENT_TABS} onChange={(next) => setParams({ kind: next })} />
        </div>
      )}
      <PagedListView
        list={payments}
        paging={{ page: params.page, pageSize: PAYMENT_PAGE_SIZE, onPageChange: (page) => setParams({ page }) }}
        columns={columns}
        getRowId={(payment) => payment._id}
        caption={tab === 'stripe' ? 'Stripe payments' : isAwaitingAcceptance ? 'Manual payments awaiting acceptance' : `Manual ${kind} payments`}
        empty={<EmptyState title={paymentEmptyText(tab)} />}
      />
      <ReceiptDialog src={receipt} onClose={() => setReceipt(null)} />
      <RefundDialog target={refundTarget} onClose={() => setRefundTarget(null)} />
    </section>
  );
}
