import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AUDIT_PAGE_SIZE, type AuditEntry, type AuditFilter, type AuditListResponse, type RouteResponse } from '@ute/contract';
import { api } from '../../lib/apiClient';
import type { ListPage } from '../../lib/listQuery';
import { queryKeys } from '../../lib/queryKeys';
import { useAdminMutation, type MutationCallbacks } from '../../lib/useAdminMutation';

export type AuditListParams = Required<{ [K in keyof AuditFilter]: string }> & { page: number };

/** The filters as the api takes them: empty ones left out. */
export function auditQueryOf(params: Omit<AuditListParams, 'page'>): Record<string, string | undefined> {
  const { adminId, action, targetType, targetId, from, to } = params;
  return { adminId, action, targetType, targetId: targetId.trim(), from, to };
}

/** A page of the log, and the filters' choices (the actions, target types and admins in it). */
export type AuditPage = ListPage<AuditEntry> & Pick<AuditListResponse, 'filters'>;

const selectAuditPage = ({ data, totalCount, filters }: AuditListResponse): AuditPage => ({ rows: data, totalCount, filters });

export const auditListOptions = (params: AuditListParams) =>
  queryOptions({
    queryKey: queryKeys.audit.list(params),
    queryFn: ({ signal }) => api.call('auditLog', { query: { page: params.page, limit: AUDIT_PAGE_SIZE, ...auditQueryOf(params) }, signal }),
    select: selectAuditPage,
    placeholderData: keepPreviousData,
  });

export const useAuditLog = (params: AuditListParams) => useQuery(auditListOptions(params));

/** Checks the log's hash chain; verifying is itself logged, so the list refreshes. */
export function useVerifyAudit(options?: MutationCallbacks<void, RouteResponse<'auditVerify'>>) {
  return useAdminMutation({ mutationFn: () => api.call('auditVerify'), invalidates: [queryKeys.audit.all] }, options);
}
