import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

type Defaults = Record<string, string | number>;
type ParamsOf<D extends Defaults> = { [K in keyof D]: D[K] extends number ? number : string };

/**
 * List state (page, search, sort, filter, tab) kept in the URL query string, so a reload, the
 * back button and a shared link show the same view. Values equal to their default stay out of the URL.
 * Changing anything but the page goes back to page 1.
 */
export function useListParams<D extends Defaults>(defaults: D) {
  const [searchParams, setSearchParams] = useSearchParams();

  const params = useMemo(() => {
    const result: Record<string, string | number> = {};
    for (const [key, fallback] of Object.entries(defaults)) {
      const raw = searchParams.get(key);
      if (typeof fallback === 'number') {
        const parsed = raw === null ? NaN : Number.parseInt(raw, 10);
        result[key] = Number.isFinite(parsed) && parsed >= 1 ? parsed : fallback;
      } else {
        result[key] = raw ?? fallback;
      }
    }
    return result as ParamsOf<D>;
    // defaults is a literal per screen; its content is what matters
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [searchParams, JSON.stringify(defaults)]);

  const setParams = useCallback(
    (patch: Partial<ParamsOf<D>>, options: { replace?: boolean } = {}) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          const resetsPage = Object.keys(patch).some((key) => key !== 'page') && 'page' in defaults && !('page' in patch);
          for (const [key, value] of Object.entries({ ...patch, ...(resetsPage ? { page: defaults.page } : {}) })) {
            if (value === undefined || value === '' || value === defaults[key]) next.delete(key);
            else next.set(key, String(value));
          }
          return next;
        },
        { replace: options.replace ?? false },
      );
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [setSearchParams, JSON.stringify(defaults)],
  );

  return [params, setParams] as const;
}
