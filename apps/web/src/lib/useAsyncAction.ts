import { useCallback, useRef, useState } from 'react';

/**
 * A pending flag around one async call, for the auth screens: they load before the data layer
 * (TanStack Query), so the sign-in page stays small.
 */
export function useAsyncAction<TInput, TResult>(action: (input: TInput) => Promise<TResult>, onError?: (error: unknown) => void) {
  const [isPending, setIsPending] = useState(false);
  const inFlight = useRef(false);
  const run = useCallback(
    async (input: TInput, onSuccess: (result: TResult) => void) => {
      if (inFlight.current) return;
      inFlight.current = true;
      setIsPending(true);
      try {
        onSuccess(await action(input));
      } catch (error) {
        onError?.(error);
      } finally {
        inFlight.current = false;
        setIsPending(false);
      }
    },
    [action, onError],
  );
  return { run, isPending };
}
