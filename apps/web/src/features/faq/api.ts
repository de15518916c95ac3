import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FaqBody, RouteResponse } from '@ute/contract';
import { api } from '../../lib/apiClient';
import type { RecordRef } from '../../lib/recordRef';
import { selectWholeList } from '../../lib/listQuery';
import { queryKeys } from '../../lib/queryKeys';
import { useAdminMutation, type MutationCallbacks } from '../../lib/useAdminMutation';

export const faqListOptions = () =>
  queryOptions({
    queryKey: queryKeys.faq.list(),
    queryFn: ({ signal }) => api.call('faqs', { signal }),
    select: selectWholeList,
  });

export const useFaqs = () => useQuery(faqListOptions());

/** docs/product.md §2.4: FAQ failures show the server's message; add/update failures are also logged. */
const logFailure = (action: string) => (error: unknown) => console.error(`FAQ ${action} failed`, error);

export function useCreateFaq(options?: MutationCallbacks<FaqBody, RouteResponse<'createFaq'>>) {
  return useAdminMutation(
    {
      mutationFn: (body: FaqBody) => api.call('createFaq', { body }),
      invalidates: [queryKeys.faq.all],
      onError: logFailure('add'),
    },
    options,
  );
}

type FaqChange = FaqBody & RecordRef;

export function useUpdateFaq(options?: MutationCallbacks<FaqChange, RouteResponse<'updateFaq'>>) {
  return useAdminMutation(
    {
      mutationFn: ({ id, question, answer, version }: FaqChange) => api.call('updateFaq', { params: { id }, body: { id, question, answer }, ifMatch: version }),
      invalidates: [queryKeys.faq.all],
      onError: logFailure('update'),
    },
    options,
  );
}

export function useDeleteFaq(options?: MutationCallbacks<RecordRef, RouteResponse<'deleteFaq'>>) {
  return useAdminMutation(
    {
      mutationFn: ({ id, version }: RecordRef) => api.call('deleteFaq', { params: { id }, ifMatch: version }),
      invalidates: [queryKeys.faq.all],
      rowIdOf: ({ id }) => id,
    },
    options,
  );
}
