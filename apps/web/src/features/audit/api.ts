import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { AUDIT_PAGE_SIZE, type AuditFilter } from '@ute/contract';
import { api } from '../../lib/apiClient';

/** The audit log's query keys (prefix `audit`): verifying writes an entry, so it refreshes the list. */
const AUDIT_KEY = ['audit'] as const;

export type AuditListParams = Required<{ [K in keyof AuditFilter]: string }> & { page: number };

/** The filters as the api takes them: empty ones left out. */
export function auditQueryOf(params: Omit<AuditListParams, 'page'>): Record<string, string | undefined> {
  const { adminId, action, targetType, targetId, from, to } = params;
  return { adminId, action, targetType, targetId: targetId.trim(), from, to };
}

export function useAuditLog(params: AuditListParams) {
  return useQuery({
    queryKey: [...AUDIT_KEY, params],
    queryFn: ({ signal }) => api.call('auditLog', { query: { page: params.page, limit: AUDIT_PAGE_SIZE, ...auditQueryOf(params) }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useVerifyAudit() {
  return useMutation({
    mutationFn: () => api.call('auditVerify'),
  });
}

export { AUDIT_KEY };
