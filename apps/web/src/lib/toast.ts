import { toast } from 'sonner';
import { ApiError } from './apiClient';

export const TOAST_SUCCESS_MS = 2000;
export const TOAST_ERROR_MS = 4000;
export const TOAST_LIMIT = 20;
export const UNEXPECTED_ERROR = 'An unexpected error occurred';

export function notifySuccess(message: string): void {
  toast.success(message, { duration: TOAST_SUCCESS_MS });
}

/**
 * The error texts of SPEC.md section 8. 'chain': the server's message, else the error's message,
 * else 'An unexpected error occurred'. 'server': the server's message only (FAQ, blog, booking,
 * manual payment and auth families).
 */
export function errorText(error: unknown, mode: 'chain' | 'server' = 'chain'): string {
  const serverMessage = error instanceof ApiError ? error.serverMessage : null;
  if (mode === 'server') return serverMessage ?? (error instanceof Error && error.message ? error.message : UNEXPECTED_ERROR);
  if (serverMessage) return serverMessage;
  if (error instanceof Error && error.message) return error.message;
  return UNEXPECTED_ERROR;
}

export function notifyError(error: unknown, mode: 'chain' | 'server' = 'chain'): void {
  toast.error(errorText(error, mode), { duration: TOAST_ERROR_MS });
}
