import { useState } from 'react';
import { DropdownMenu } from 'radix-ui';
import type { QueryKey } from '@tanstack/react-query';
import type { WorkItemQueue, WorkItemSummary } from '@ute/contract';
import { useSession } from '../../lib/session';
import { AssignDialog } from './AssignDialog';
import { initialsOf, isOverdue, waitText } from './workItemView';
import { useWorkItemActions, useWorkItemAdmins } from './workItemsApi';

export interface WorkItemCellProps {
  queue: WorkItemQueue;
  recordId: string;
  /** The row's item, null when the row is not waiting in the queue (then the cell is empty). */
  item: WorkItemSummary | null | undefined;
  /** The row in words, for the menu's and the dialog's names ("UTE Hilux 2019"). */
  label: string;
  /** The list's query key: refreshed after an assignment. */
  invalidates: QueryKey[];
  /** The clock (tests fix it). */
  now?: number;
}

const MENU_ITEM =
  'cursor-pointer rounded px-3 py-1.5 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100 data-[disabled]:cursor-default data-[disabled]:text-slate-400';

/**
 * A queue row's wait, overdue mark and holder, with its Assign menu (docs/design.md §15): Assign to
 * me, Assign to… (an admin whose roles open the list) and Release.
 */
export function WorkItemCell({ queue, recordId, item, label, invalidates, now = Date.now() }: WorkItemCellProps) {
  const myId = useSession((session) => session.user?._id ?? null);
  const { all, assignable } = useWorkItemAdmins(queue, Boolean(item));
  const actions = useWorkItemActions(invalidates);
  const [isPicking, setIsPicking] = useState(false);
  if (!item) return null;
  const holder = item.assigneeId ? all.find((admin) => admin.id === item.assigneeId) : undefined;
  const holderName = holder?.name ?? (item.assigneeId ? 'another admin' : null);
  const overdue = isOverdue(item, now);
  const ref = { queue, recordId, expectedAssigneeId: item.assigneeId };
  const isMine = item.assigneeId !== null && item.assigneeId === myId;

  return (
    <div className="flex items-center gap-2 whitespace-nowrap">
      <span className={overdue ? 'font-semibold text-red-700' : 'text-slate-700'} title={`Waiting since ${new Date(item.enteredAt).toLocaleString()}`}>
        {waitText(item.enteredAt, now)}
        {overdue && <span className="ml-1 rounded bg-red-100 px-1 text-xs font-semibold text-red-800">Overdue</span>}
      </span>
      {holderName ? (
        <span
          className="inline-flex h-6 min-w-6 items-center justify-center rounded-full bg-brand-100 px-1 text-xs font-semibold text-brand-700"
          title={`Assigned to ${holderName}`}
          aria-label={`Assigned to ${holderName}`}
          role="img"
        >
          {holder ? initialsOf(holder.name) : '?'}
        </span>
      ) : (
        <span className="text-xs text-slate-500">Unassigned</span>
      )}
      <DropdownMenu.Root>
        <DropdownMenu.Trigger
          className="rounded border border-slate-300 px-2 py-0.5 text-xs text-slate-700 hover:bg-slate-50 disabled:opacity-50"
          aria-label={`Assign ${label}`}
          disabled={actions.isPending}
        >
          Assign
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content align="end" className="z-50 min-w-40 rounded-md border border-slate-200 bg-white p-1 shadow-lg">
            <DropdownMenu.Item className={MENU_ITEM} disabled={isMine} onSelect={() => actions.take.mutate(ref)}>
              Assign to me
            </DropdownMenu.Item>
            <DropdownMenu.Item className={MENU_ITEM} onSelect={() => setIsPicking(true)}>
              Assign to…
            </DropdownMenu.Item>
            <DropdownMenu.Item className={MENU_ITEM} disabled={!item.assigneeId} onSelect={() => actions.release.mutate(ref)}>
              Release
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <AssignDialog
        open={isPicking}
        label={label}
        admins={assignable.filter((admin) => admin.id !== item.assigneeId)}
        isPending={actions.assign.isPending}
        onClose={() => setIsPicking(false)}
        onAssign={(assigneeId) => actions.assign.mutate({ ...ref, assigneeId }, { onSuccess: () => setIsPicking(false) })}
      />
    </div>
  );
}
