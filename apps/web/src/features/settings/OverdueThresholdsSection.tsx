import { useState } from 'react';
import { canCall, WORK_ITEM_QUEUES, WORK_QUEUE_LABELS, type WorkItemQueue, type WorkQueueThresholds, type WorkQueueThresholdsWithVersion } from '@ute/contract';
import { Button, fieldClass, Spinner } from '../../components/ui';
import { useSession } from '../../lib/session';
import { useUpdateWorkQueueThresholds, useWorkQueueThresholds } from './api';

/** A threshold in words: "24 hours", "4 business hours". */
export const thresholdText = ({ hours, isBusinessHours }: WorkQueueThresholds[WorkItemQueue]) =>
  `${hours} ${isBusinessHours ? 'business ' : ''}hour${hours === 1 ? '' : 's'}`;

/**
 * Settings: how long each work queue's items may wait before they are marked overdue (docs/design.md
 * §15), in hours or business hours (Monday to Friday, 09:00 to 17:00 in Sydney). Everyone who opens
 * Settings reads them; an owner changes them (a step-up call).
 */
export function OverdueThresholdsSection() {
  const thresholds = useWorkQueueThresholds();
  const roles = useSession((session) => session.user?.roles ?? []);
  const canEdit = canCall(roles, 'updateWorkQueueThresholds');
  const [draft, setDraft] = useState<WorkQueueThresholdsWithVersion | null>(null);
  const update = useUpdateWorkQueueThresholds({ onSuccess: () => setDraft(null) });
  const shown = draft ?? thresholds.data;
  const change = (queue: WorkItemQueue, value: Partial<WorkQueueThresholds[WorkItemQueue]>) =>
    shown && setDraft({ ...shown, [queue]: { ...shown[queue], ...value } });

  return (
    <section aria-labelledby="overdue-thresholds" className="mb-6 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="overdue-thresholds" className="text-base font-semibold text-slate-900">
        Overdue thresholds
      </h2>
      <p className="mb-3 text-sm text-slate-600">
        How long an item may wait in its queue before it is marked overdue. Business hours: Monday to Friday, 9 am to 5 pm in Sydney.
      </p>
      {!shown ? (
        <Spinner />
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (draft) update.mutate(draft);
          }}
        >
          <ul className="divide-y divide-slate-100 text-sm">
            {WORK_ITEM_QUEUES.map((queue) => {
              const label = WORK_QUEUE_LABELS[queue];
              return (
                <li key={queue} className="flex flex-wrap items-center gap-3 py-1.5">
                  <span className="min-w-64 text-slate-900">{label}</span>
                  {canEdit ? (
                    <>
                      <input
                        type="number"
                        min={1}
                        max={2160}
                        step={1}
                        className={`${fieldClass} w-24`}
                        aria-label={`Hours before overdue: ${label}`}
                        value={shown[queue].hours}
                        onChange={(event) => change(queue, { hours: Number(event.target.value) })}
                      />
                      <label className="flex items-center gap-1.5 text-slate-700">
                        <input
                          type="checkbox"
                          aria-label={`Count business hours only: ${label}`}
                          checked={shown[queue].isBusinessHours}
                          onChange={(event) => change(queue, { isBusinessHours: event.target.checked })}
                        />
                        Business hours
                      </label>
                    </>
                  ) : (
                    <span className="text-slate-700">{thresholdText(shown[queue])}</span>
                  )}
                </li>
              );
            })}
          </ul>
          {canEdit && (
            <div className="mt-3 flex gap-2">
              <Button type="submit" disabled={!draft || update.isPending}>
                {update.isPending ? 'Saving' : 'Save thresholds'}
              </Button>
              {draft && (
                <Button variant="secondary" onClick={() => setDraft(null)}>
                  Cancel
                </Button>
              )}
            </div>
          )}
        </form>
      )}
    </section>
  );
}
