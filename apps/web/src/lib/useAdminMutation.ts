import { useState } from 'react';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { queryKeys } from './queryKeys';
import { notifyError, notifySuccess } from './toast';

/**
 * What a screen may hang on a mutation hook, the one signature of them all: `useDeleteUte(options?)`.
 * They run after the hook's own (its toasts, its logging), before the lists refresh; `onSettled`
 * after either outcome (closing the dialog that started it).
 */
export interface MutationCallbacks<TVariables, TResult> {
  onSuccess?: (result: TResult, variables: TVariables) => void;
  onError?: (error: unknown, variables: TVariables) => void;
  onSettled?: () => void;
}

export interface AdminMutationOptions<TVariables, TResult extends object> extends Omit<MutationCallbacks<TVariables, TResult>, 'onSettled'> {
  mutationFn: (variables: TVariables) => Promise<TResult>;
  /** Query keys to refresh after success (prefix match). */
  invalidates: QueryKey[];
  /** Which row is pending, to show 'Processing' on that row only. */
  rowIdOf?: (variables: TVariables) => string;
  /** Skip the default toasts (the screen shows its own texts). */
  silent?: boolean;
}

/**
 * The one mutation helper: success toast with the server's message, error toast with docs/product.md's
 * fallback chain (`errorText`), a pending row id, and a refresh of the lists it touches, of the
 * sidebar's work queues (any change may add or clear work) and of the header's notifications (a note
 * may mention someone). `callbacks` are the screen's (a feature hook passes its `options` through).
 */
export function useAdminMutation<TVariables, TResult extends object>(
  options: AdminMutationOptions<TVariables, TResult>,
  callbacks: MutationCallbacks<TVariables, TResult> = {},
) {
  const queryClient = useQueryClient();
  const [pendingRowId, setPendingRowId] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: options.mutationFn,
    onMutate: (variables) => {
      if (options.rowIdOf) setPendingRowId(options.rowIdOf(variables));
    },
    onSuccess: async (result, variables) => {
      // A result with a message (most calls) says it; a bulk result shows its own dialog.
      const message = (result as { message?: unknown } | undefined)?.message;
      if (!options.silent && typeof message === 'string' && message) notifySuccess(message);
      options.onSuccess?.(result, variables);
      callbacks.onSuccess?.(result, variables);
      callbacks.onSettled?.();
      await Promise.all([...options.invalidates, queryKeys.workQueues, queryKeys.notifications].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error, variables) => {
      if (!options.silent) notifyError(error);
      options.onError?.(error, variables);
      callbacks.onError?.(error, variables);
      callbacks.onSettled?.();
    },
    onSettled: () => setPendingRowId(null),
  });
  return {
    ...mutation,
    pendingRowId,
    isRowPending: (rowId: string) => mutation.isPending && pendingRowId === rowId,
  };
}
