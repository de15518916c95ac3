import { useQuery } from '@tanstack/react-query';
import { apiPaths, type Faq, type FaqBody, type MessageResponse } from '@ute/contract';
import { api } from '../../lib/apiClient';
import { queryKeys } from '../../lib/queryKeys';
import { useAdminMutation } from '../../lib/useAdminMutation';

type FaqMutationResult = MessageResponse & { data: Faq };

export function useFaqs() {
  return useQuery({
    queryKey: queryKeys.faq,
    queryFn: ({ signal }) => api.get<{ data: Faq[] }>(apiPaths.faqs, undefined, signal),
    select: (response) => response.data,
  });
}

/** docs/product.md §2.4: FAQ failures show the server's message; add/update failures are also logged. */
const logFailure = (action: string) => (error: unknown) => console.error(`FAQ ${action} failed`, error);

export function useCreateFaq(onSuccess?: () => void) {
  return useAdminMutation({
    mutationFn: (body: FaqBody) => api.post<FaqMutationResult>(apiPaths.createFaq, body),
    invalidates: [queryKeys.faq],
    onSuccess: () => onSuccess?.(),
    onError: logFailure('add'),
  });
}

export function useUpdateFaq(onSuccess?: () => void) {
  return useAdminMutation({
    mutationFn: ({ id, question, answer }: FaqBody & { id: string }) => api.put<FaqMutationResult>(apiPaths.updateFaq(id), { id, question, answer }),
    invalidates: [queryKeys.faq],
    onSuccess: () => onSuccess?.(),
    onError: logFailure('update'),
  });
}

export function useDeleteFaq(onSuccess?: () => void) {
  return useAdminMutation({
    mutationFn: (id: string) => api.put<MessageResponse>(apiPaths.deleteFaq(id)),
    invalidates: [queryKeys.faq],
    rowIdOf: (id) => id,
    onSuccess: () => onSuccess?.(),
  });
}
