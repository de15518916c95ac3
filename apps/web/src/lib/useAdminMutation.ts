import { useState } from 'react';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { queryKeys } from './queryKeys';
import { notifyError, notifySuccess } from './toast';

export interface AdminMutationOptions<TVariables, TResult extends object> {
  mutationFn: (variables: TVariables) => Promise<TResult>;
  /** Query keys to refresh after success (prefix match). */
  invalidates: QueryKey[];
  /** Which row is pending, to show 'Processing' on that row only. */
  rowIdOf?: (variables: TVariables) => string;
  onSuccess?: (result: TResult, variables: TVariables) => void;
  onError?: (error: unknown, variables: TVariables) => void;
  /** Skip the default toasts (the screen shows its own texts). */
  silent?: boolean;
}

/**
 * The one mutation helper: success toast with the server's message, error toast with docs/product.md's
 * fallback chain (`errorText`), a pending row id, and a refresh of the lists it touches and of the
 * sidebar's work queues (any change may add or clear work).
 */
export function useAdminMutation<TVariables, TResult extends object>(options: AdminMutationOptions<TVariables, TResult>) {
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
      await Promise.all([...options.invalidates, queryKeys.workQueues].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error, variables) => {
      if (!options.silent) notifyError(error);
      options.onError?.(error, variables);
    },
    onSettled: () => setPendingRowId(null),
  });
  return {
    ...mutation,
    pendingRowId,
    isRowPending: (rowId: string) => mutation.isPending && pendingRowId === rowId,
  };
}
