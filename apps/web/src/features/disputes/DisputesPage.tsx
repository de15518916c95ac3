import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { DISPUTE_MESSAGES, formatCentsAud, WORK_QUEUE_LABELS, type DisputeSummary } from '@ute/contract';
import { ActiveFilter, Button, EmptyState, Field, fieldClass, PagedListView, PageHeader, StatusBadge } from '../../components/ui';
import { canOpen, screens } from '../../config/screens';
import { WorkItemCell, WorkItemFilters } from '../../domain/workItems';
import { queryKeys } from '../../lib/queryKeys';
import { useSession } from '../../lib/session';
import { useKeepPageInRange } from '../../lib/useKeepPageInRange';
import { useListParams } from '../../lib/useListParams';
import { DISPUTES_PAGE_SIZE, useDisputes } from './api';
import { DisputeDialog } from './DisputeDialog';
import {
  asDisputeStatusFilter,
  daysLeftText,
  disputeReasonLabel,
  disputeStatusLabel,
  disputeStatusTone,
  DISPUTE_STATUS_OPTIONS,
  dueDateText,
  lossRecoveryText,
} from './disputeView';

const linkClass = 'font-medium text-brand-700 underline-offset-2 hover:underline';

function EvidenceDue({ dispute }: { dispute: DisputeSummary }) {
  const left = daysLeftText(dispute);
  return (
    <span className="block whitespace-nowrap">
      {dueDateText(dispute.evidenceDueBy)}
      {left && <span className={`block text-xs ${left.isOverdue ? 'font-semibold text-red-700' : 'text-slate-600'}`}>{left.text}</span>}
    </span>
  );
}

/**
 * Disputes: Stripe's chargebacks and inquiries as its webhooks told the api, open ones by evidence
 * due date (soonest first). Build evidence gathers the booking's record into Stripe's evidence
 * fields to edit and submit; a lost dispute waits for finance to say who bears the money.
 */
export function DisputesPage() {
  const [params, setParams] = useListParams(screens.disputes);
  const status = asDisputeStatusFilter(params.status);
  const disputes = useDisputes({ status, page: params.page, assigned: params.assigned, waitSort: params.waitSort });
  const isQueue = status === 'needs_response';
  const roles = useSession((session) => session.user?.roles ?? []);
  const canOpenUsers = canOpen(roles, screens.user);
  const [openId, setOpenId] = useState<string | null>(null);

  useKeepPageInRange(disputes, params.page, DISPUTES_PAGE_SIZE, setParams);

  const columns = useMemo<ColumnDef<DisputeSummary, unknown>[]>(
    () => [
      // The wait, holder and Assign menu (docs/design.md §15): on the disputesNeedingEvidence queue's list.
      ...(isQueue
        ? [
            {
              id: 'workItem',
              header: 'Waiting',
              cell: ({ row }: { row: { original: DisputeSummary } }) => (
                <WorkItemCell
                  queue="disputesNeedingEvidence"
                  recordId={row.original.id}
                  item={row.original.workItem}
                  label={`dispute ${row.original.stripeDisputeId}`}
                  invalidates={[queryKeys.disputes.all]}
                />
              ),
            },
          ]
        : []),
      {
        id: 'amount',
        header: 'Amount',
        cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatCentsAud(row.original.amountCents)}</span>,
      },
      { id: 'reason', header: 'Reason', cell: ({ row }) => <span className="whitespace-nowrap">{disputeReasonLabel(row.original.reason)}</span> },
      {
        id: 'status',
        header: 'Status',
        cell: ({ row }) => {
          const recovery = lossRecoveryText(row.original);
          return (
            <span className="flex flex-col items-start gap-1">
              <StatusBadge label={disputeStatusLabel(row.original.status)} tone={disputeStatusTone(row.original)} />
              {row.original.evidenceSubmittedAt && row.original.statusGroup !== 'closed' && <span className="text-xs text-slate-600">Evidence submitted</span>}
              {recovery && <span className="text-xs text-slate-600">{recovery}</span>}
            </span>
          );
        },
      },
      { id: 'evidenceDueBy', header: 'Evidence due', cell: ({ row }) => <EvidenceDue dispute={row.original} /> },
      {
        id: 'booking',
        header: 'Booking',
        cell: ({ row }) => {
          const { booking } = row.original;
          if (!booking) return <span className="text-slate-600">Not linked</span>;
          const href = booking.kind === 'ute' ? screens.uteBookings.href({ open: booking.id }) : screens.jobBookings.href({ open: booking.id });
          return (
            <Link to={href} className={`${linkClass} whitespace-nowrap`}>
              {booking.reference}
            </Link>
          );
        },
      },
      {
        id: 'customer',
        header: 'Customer',
        cell: ({ row }) => {
          const { customer } = row.original;
          if (!customer) return <span className="text-slate-600">Unknown</span>;
          return canOpenUsers ? (
            <Link to={screens.user.href({ id: customer.id })} className={linkClass}>
              {customer.name}
            </Link>
          ) : (
            <span>{customer.name}</span>
          );
        },
      },
      {
        id: 'owner',
        header: 'Owner',
        cell: ({ row }) => {
          const { owner } = row.original;
          if (!owner) return <span className="text-slate-600">Unknown</span>;
          return (
            <Link to={screens.ownerLedger.href({ id: owner.id })} className={linkClass}>
              {owner.name}
            </Link>
          );
        },
      },
      {
        id: 'actions',
        header: 'Actions',
        cell: ({ row }) => {
          const isAwaiting = row.original.statusGroup === 'needs_response';
          const label = isAwaiting ? 'Build evidence' : row.original.status === 'lost' && !row.original.lossRecovery ? 'Recover the loss' : 'Details';
          return (
            <Button
              size="sm"
              variant={isAwaiting ? 'primary' : 'secondary'}
              aria-label={`${label} for ${row.original.stripeDisputeId}`}
              onClick={() => setOpenId(row.original.id)}
            >
              {label}
            </Button>
          );
        },
      },
    ],
    [canOpenUsers, isQueue],
  );

  return (
    <section>
      <PageHeader title="Disputes" />
      <div className="mb-4 flex flex-wrap items-end gap-4 rounded-lg border border-slate-200 bg-white p-4" role="group" aria-label="Filters">
        <Field label="Status">
          {(id) => (
            <select id={id} className={fieldClass} value={status ?? ''} onChange={(event) => setParams({ status: event.target.value })}>
              {DISPUTE_STATUS_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <p className="max-w-2xl text-xs text-slate-600">
          Chargebacks and inquiries on customers&apos; payments, as Stripe reports them. Stripe holds the disputed amount until the card network decides; answer
          before the evidence due date.
        </p>
      </div>
      {isQueue && <ActiveFilter label={WORK_QUEUE_LABELS.disputesNeedingEvidence} onClear={() => setParams({ status: '', assigned: '', waitSort: '' })} />}
      {isQueue && <WorkItemFilters values={params} onChange={setParams} />}
      <PagedListView
        list={disputes}
        columns={columns}
        getRowId={(dispute) => dispute.id}
        caption="Disputes, the soonest evidence due date first"
        empty={
          status ? (
            <EmptyState title={DISPUTE_MESSAGES.emptyFilteredTitle} />
          ) : (
            <EmptyState title={DISPUTE_MESSAGES.emptyTitle} description={DISPUTE_MESSAGES.emptyDescription} />
          )
        }
        paging={{ page: params.page, pageSize: DISPUTES_PAGE_SIZE, onPageChange: (page) => setParams({ page }) }}
      />
      {openId && <DisputeDialog disputeId={openId} onClose={() => setOpenId(null)} />}
    </section>
  );
}
