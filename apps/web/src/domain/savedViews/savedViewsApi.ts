import { useQuery } from '@tanstack/react-query';
import type { RouteResponse, SavedViewCreateBody, SavedViewList, SavedViewUpdateBody } from '@ute/contract';
import { filterValuesOf, type FilterDefaults, type FilterValues } from '../../config/urlFilters';
import { api } from '../../lib/apiClient';
import { queryKeys } from '../../lib/queryKeys';
import type { RecordRef } from '../../lib/recordRef';
import { useAdminMutation, type MutationCallbacks } from '../../lib/useAdminMutation';

/** GET saved-views/:list: mine and the shared ones, oldest first. */
export function useSavedViews(list: SavedViewList) {
  return useQuery({
    queryKey: queryKeys.savedViews.list(list),
    queryFn: ({ signal }) => api.call('savedViews', { params: { list }, signal }),
    select: (response) => response.data,
  });
}

type ViewResult = RouteResponse<'createSavedView'>;

export function useCreateSavedView(list: SavedViewList, options?: MutationCallbacks<SavedViewCreateBody, ViewResult>) {
  return useAdminMutation(
    { mutationFn: (body: SavedViewCreateBody) => api.call('createSavedView', { params: { list }, body }), invalidates: [queryKeys.savedViews.list(list)] },
    options,
  );
}

export type SavedViewChange = RecordRef & SavedViewUpdateBody;

export function useUpdateSavedView(list: SavedViewList, options?: MutationCallbacks<SavedViewChange, ViewResult>) {
  return useAdminMutation(
    {
      mutationFn: ({ id, version, ...body }: SavedViewChange) => api.call('updateSavedView', { params: { id }, body, ifMatch: version }),
      invalidates: [queryKeys.savedViews.list(list)],
      rowIdOf: ({ id }) => id,
    },
    options,
  );
}

export function useDeleteSavedView(list: SavedViewList, options?: MutationCallbacks<RecordRef, RouteResponse<'deleteSavedView'>>) {
  return useAdminMutation(
    {
      mutationFn: ({ id, version }: RecordRef) => api.call('deleteSavedView', { params: { id }, ifMatch: version }),
      invalidates: [queryKeys.savedViews.list(list)],
      rowIdOf: ({ id }) => id,
    },
    options,
  );
}

/**
 * A list's URL filters as its page reads them (lib/useListParams), from a view's query string: what
 * the tab's count asks the list's own call for.
 */
export function filtersOfQuery<F extends FilterDefaults>(defaults: F, query: string): FilterValues<F> {
  return filterValuesOf(defaults, new URLSearchParams(query));
}

/** The address of a view on its list: its query, and `view=<id>` so its tab shows selected. */
export function savedViewHref(pathname: string, query: string, id: string): string {
  const params = new URLSearchParams(query);
  params.set('view', id);
  return `${pathname}?${params.toString()}`;
}
