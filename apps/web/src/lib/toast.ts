import { createElement } from 'react';
import { ApiError } from './apiClient';
import { isTwoFactorRequired, SecurityPageLink } from './twoFactorRequired';

export const TOAST_SUCCESS_MS = 2000;
export const TOAST_ERROR_MS = 4000;
export const TOAST_LIMIT = 20;
export const UNEXPECTED_ERROR = 'An unexpected error occurred';

// Loaded on first use, so the sign-in page does not carry the toast library up front.
const loadToast = () => import('sonner').then((module) => module.toast);

export function notifySuccess(message: string): void {
  void loadToast().then((toast) => toast.success(message, { duration: TOAST_SUCCESS_MS }));
}

/**
 * The error text of docs/product.md §2.4: the server's message, else the error's own message (a
 * failure with no server answer still says what happened: time-out, network, status), else
 * 'An unexpected error occurred'.
 */
export function errorText(error: unknown): string {
  const serverMessage = error instanceof ApiError ? error.serverMessage : null;
  if (serverMessage) return serverMessage;
  if (error instanceof Error && error.message) return error.message;
  return UNEXPECTED_ERROR;
}

export function notifyError(error: unknown): void {
  const text = errorText(error);
  // The one refusal the admin fixes themselves: the toast says where.
  const action = isTwoFactorRequired(error) ? createElement(SecurityPageLink) : undefined;
  void loadToast().then((toast) => toast.error(text, { duration: TOAST_ERROR_MS, action }));
}

/** Something worked only in part (a reply saved whose mail is still waiting to go). */
export function notifyWarning(message: string): void {
  void loadToast().then((toast) => toast.warning(message, { duration: TOAST_ERROR_MS }));
}
