import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { API_BASE, AUDIT_PAGE_SIZE, apiPaths, type AuditFilter, type AuditListResponse, type AuditVerifyResponse } from '@ute/contract';
import { ApiError, api, buildQuery } from '../../lib/apiClient';
import { readToken } from '../../lib/session';

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
    queryFn: ({ signal }) => api.get<AuditListResponse>(apiPaths.auditLog, { ...auditQueryOf(params), page: params.page, limit: AUDIT_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useVerifyAudit() {
  return useMutation({
    mutationFn: () => api.post<AuditVerifyResponse>(apiPaths.auditVerify),
  });
}

/**
 * Downloads the filtered log as CSV: fetched with the bearer token (a plain link could not carry
 * it), then saved from a blob under the server's file name.
 */
export async function downloadAuditCsv(filter: Omit<AuditListParams, 'page'>): Promise<void> {
  const token = readToken();
  const response = await fetch(`${API_BASE}${apiPaths.auditExport}${buildQuery(auditQueryOf(filter))}`, {
    headers: { Accept: 'text/csv', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
  if (!response.ok) {
    const payload = (await response.json().catch(() => null)) as { message?: unknown } | null;
    const serverMessage = typeof payload?.message === 'string' ? payload.message : null;
    throw new ApiError(response.status, serverMessage ?? `Request failed with status ${response.status}`, serverMessage);
  }
  const blob = await response.blob();
  const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? 'audit-log.csv';
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export { AUDIT_KEY };
