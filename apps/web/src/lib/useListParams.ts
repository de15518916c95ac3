import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { ScreenId } from '../config/screens';
import { filterValuesOf, type FilterDefaults, type FilterValues } from '../config/urlFilters';

/** A screen row of config/screens, as far as its list state goes: `useListParams(screens.utes)`. */
export interface ListScreen<F extends FilterDefaults> {
  readonly id: ScreenId;
  readonly filters: F;
}

/**
 * List state (page, search, sort, filter, tab) kept in the URL query string, so a reload, the
 * back button and a shared link show the same view. A page reads exactly the filters of its screen
 * row, the ones that row's `href` writes, so every link to it can set them. Values equal to their
 * default stay out of the URL. Changing anything but the page goes back to page 1.
 */
export function useListParams<F extends FilterDefaults>(screen: ListScreen<F>) {
  const defaults = screen.filters;
  const [searchParams, setSearchParams] = useSearchParams();

  const params = useMemo(() => filterValuesOf(defaults, searchParams), [searchParams, defaults]);

  const setParams = useCallback(
    (patch: Partial<FilterValues<F>>, options: { replace?: boolean } = {}) => {
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
    [setSearchParams, defaults],
  );

  return [params, setParams] as const;
}
