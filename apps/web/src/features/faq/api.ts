import { useQuery } from '@tanstack/react-query';
import { apiPaths, type Faq, type FaqBody, type MessageResponse } from '@ute/contract';
import { api } from '../../lib/apiClient';
import { useAdminMutation } from '../../lib/useAdminMutation';

export const faqQueryKey = ['faq'] as const;

type FaqMutationResult = MessageResponse & { data: Faq };

export function useFaqs() {
  return useQuery({
    queryKey: faqQueryKey,
    queryFn: ({ signal }) => api.get<{ data: Faq[] }>(apiPaths.faqs, undefined, signal),
    select: (response) => response.data,
  });
}

/** SPEC.md 8: FAQ failures show the server's message; add/update failures are also logged. */
const logFailure = (action: string) => (error: unknown) => console.error(`FAQ ${action} failed`, error);

export function useCreateFaq(onSuccess?: () => void) {
  return useAdminMutation({
    mutationFn: (body: FaqBody) => api.post<FaqMutationResult>(apiPaths.createFaq, body),
    invalidates: [faqQueryKey],
    errorMode: 'server',
    onSuccess: () => onSuccess?.(),
    onError: logFailure('add'),
  });
}

export function useUpdateFaq(onSuccess?: () => void) {
  return useAdminMutation({
    mutationFn: ({ id, question, answer }: FaqBody & { id: string }) => api.put<FaqMutationResult>(apiPaths.updateFaq(id), { id, question, answer }),
    invalidates: [faqQueryKey],
    errorMode: 'server',
    onSuccess: () => onSuccess?.(),
    onError: logFailure('update'),
  });
}

export function useDeleteFaq(onSuccess?: () => void) {
  return useAdminMutation({
    mutationFn: (id: string) => api.put<MessageResponse>(apiPaths.deleteFaq(id)),
    invalidates: [faqQueryKey],
    errorMode: 'server',
    rowIdOf: (id) => id,
    onSuccess: () => onSuccess?.(),
  });
}
