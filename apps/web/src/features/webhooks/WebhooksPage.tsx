import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { RotateCcw } from 'lucide-react';
import { canCall, type WebhookEvent } from '@ute/contract';
import { Button, EmptyState, Field, fieldClass, PagedListView, PageHeader, StatusBadge } from '../../components/ui';
import { screens } from '../../config/screens';
import { formatDateTime, orNA } from '../../lib/format';
import { useSession } from '../../lib/session';
import { useKeepPageInRange } from '../../lib/useKeepPageInRange';
import { useListParams } from '../../lib/useListParams';
import { useReplayWebhookEvent, useWebhookEvents, WEBHOOK_EVENTS_PAGE_SIZE } from './api';
import { asWebhookState, WEBHOOK_STATE_OPTIONS, WEBHOOK_STATE_TONES } from './webhookView';

/**
 * Webhooks: Stripe's events as they arrived, newest first. Each is verified, stored once and applied
 * by a job; its state says how that went, its note why it failed or was ignored. Replay applies one
 * again now (safe: every transition it makes is idempotent).
 */
export function WebhooksPage() {
  const [params, setParams] = useListParams(screens.webhooks);
  const state = asWebhookState(params.state);
  const events = useWebhookEvents({ state, page: params.page });
  const roles = useSession((session) => session.user?.roles ?? []);
  const canReplay = canCall(roles, 'replayWebhookEvent');
  const replay = useReplayWebhookEvent();

  useKeepPageInRange(events, params.page, WEBHOOK_EVENTS_PAGE_SIZE, setParams);

  const columns = useMemo<ColumnDef<WebhookEvent, unknown>[]>(
    () => [
      { id: 'id', header: 'Event', cell: ({ row }) => <span className="block break-all font-mono text-xs">{row.original.id}</span> },
      { id: 'type', header: 'Type', cell: ({ row }) => <span className="whitespace-nowrap">{row.original.type}</span> },
      { id: 'account', header: 'Account', cell: ({ row }) => <span className="break-all font-mono text-xs">{orNA(row.original.account)}</span> },
      { id: 'state', header: 'State', cell: ({ row }) => <StatusBadge label={row.original.state} tone={WEBHOOK_STATE_TONES[row.original.state]} /> },
      {
        id: 'attempts',
        header: 'Attempts',
        cell: ({ row }) => (
          <span className="whitespace-nowrap tabular-nums">
            {row.original.attempts}
            {row.original.attempts > 1 && <span className="ml-1 text-xs text-slate-600">(retried)</span>}
          </span>
        ),
      },
      { id: 'note', header: 'Note', cell: ({ row }) => <span className="block min-w-48 max-w-sm break-words">{orNA(row.original.note)}</span> },
      { id: 'receivedAt', header: 'Received', cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(row.original.receivedAt)}</span> },
      {
        id: 'processedAt',
        header: 'Processed',
        cell: ({ row }) => <span className="whitespace-nowrap">{row.original.processedAt ? formatDateTime(row.original.processedAt) : 'N/A'}</span>,
      },
      ...(canReplay
        ? [
            {
              id: 'actions',
              header: 'Actions',
              cell: ({ row }) => {
                const isPending = replay.isRowPending(row.original.id);
                return (
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={`Replay ${row.original.id}`}
                    disabled={replay.isPending}
                    onClick={() => replay.mutate(row.original.id)}
                  >
                    <RotateCcw className={`h-3.5 w-3.5 ${isPending ? 'animate-spin' : ''}`} aria-hidden="true" />
                    {isPending ? 'Replaying...' : 'Replay'}
                  </Button>
                );
              },
            } satisfies ColumnDef<WebhookEvent, unknown>,
          ]
        : []),
    ],
    [canReplay, replay],
  );

  return (
    <section>
      <PageHeader title="Webhooks" />
      <div className="mb-4 flex flex-wrap items-end gap-4 rounded-lg border border-slate-200 bg-white p-4" role="group" aria-label="Filters">
        <Field label="State">
          {(id) => (
            <select id={id} className={fieldClass} value={state ?? ''} onChange={(event) => setParams({ state: event.target.value })}>
              {WEBHOOK_STATE_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <p className="max-w-2xl text-xs text-slate-600">
          Stripe&apos;s events, newest first: each is verified, stored once and applied by a job. A failed one is retried; Replay applies an event again now,
          which is safe whatever its state.
        </p>
      </div>
      <PagedListView
        list={events}
        columns={columns}
        getRowId={(event) => event.id}
        caption="Stripe's webhook events, newest first"
        empty={
          state ? (
            <EmptyState title={`No ${state} events`} />
          ) : (
            <EmptyState title="No Stripe events yet" description="Events appear here as Stripe sends them to the api's webhook endpoint." />
          )
        }
        paging={{ page: params.page, pageSize: WEBHOOK_EVENTS_PAGE_SIZE, onPageChange: (page) => setParams({ page }) }}
      />
    </section>
  );
}
