import { useState } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import type { BulkResponse } from '@ute/contract';
import { useAdminMutation } from './useAdminMutation';
import type { RowSelection } from './useRowSelection';

/** What a bulk action did, to show row by row: which action, each row's result, and each row's name as it was picked. */
export interface BulkOutcome {
  action: string;
  response: BulkResponse;
  names: Record<string, string>;
}

/**
 * A bulk call on the picked rows: when it answers, the picked rows are let go and `outcome` holds
 * each row's result (done, or skipped and why) for the results dialog; the lists refresh.
 */
export function useBulkAction<TBody extends { ids: string[] }>(options: {
  mutationFn: (body: TBody) => Promise<BulkResponse>;
  invalidates: QueryKey[];
  selection: RowSelection;
  /** A picked row's name on the page (read when the action starts: a deleted row leaves the page). */
  nameOf: (id: string) => string;
}) {
  const [outcome, setOutcome] = useState<BulkOutcome | null>(null);
  const mutation = useAdminMutation<{ action: string; body: TBody; names: Record<string, string> }, BulkResponse>({
    mutationFn: ({ body }) => options.mutationFn(body),
    invalidates: options.invalidates,
    onSuccess: (response, { action, names }) => {
      setOutcome({ action, response, names });
      options.selection.clear();
    },
  });
  return {
    /** Runs the call; `action` names it in the results ('Approve'). */
    run: (action: string, body: TBody) => mutation.mutate({ action, body, names: Object.fromEntries(body.ids.map((id) => [id, options.nameOf(id)])) }),
    isPending: mutation.isPending,
    outcome,
    closeOutcome: () => setOutcome(null),
  };
}

export type BulkAction<TBody extends { ids: string[] }> = ReturnType<typeof useBulkAction<TBody>>;
