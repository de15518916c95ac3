import { useQuery } from '@tanstack/react-query';
import type { FaqBody } from '@ute/contract';
import { api } from '../../lib/apiClient';
import { queryKeys } from '../../lib/queryKeys';
import { useAdminMutation } from '../../lib/useAdminMutation';

export function useFaqs() {
  return useQuery({
    queryKey: queryKeys.faq,
    queryFn: ({ signal }) => api.call('faqs', { signal }),
    select: (response) => response.data,
  });
}

/** docs/product.md §2.4: FAQ failures show the server's message; add/update failures are also logged. */
const logFailure = (action: string) => (error: unknown) => console.error(`FAQ ${action} failed`, error);

export function useCreateFaq(onSuccess?: () => void) {
  return useAdminMutation({
    mutationFn: (body: FaqBody) => api.call('createFaq', { body }),
    invalidates: [queryKeys.faq],
    onSuccess: () => onSuccess?.(),
    onError: logFailure('add'),
  });
}

export function useUpdateFaq(onSuccess?: () => void) {
  return useAdminMutation({
    mutationFn: ({ id, question, answer }: FaqBody & { id: string }) => api.call('updateFaq', { params: { id }, body: { id, question, answer } }),
    invalidates: [queryKeys.faq],
    onSuccess: () => onSuccess?.(),
    onError: logFailure('update'),
  });
}

export function useDeleteFaq(onSuccess?: () => void) {
  return useAdminMutation({
    mutationFn: (id: string) => api.call('deleteFaq', { params: { id } }),
    invalidates: [queryKeys.faq],
    rowIdOf: (id) => id,
    onSuccess: () => onSuccess?.(),
  });
}
