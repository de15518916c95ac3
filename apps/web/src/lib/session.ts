import { useSyncExternalStore } from 'react';
import type { Admin } from '@ute/contract';

/** The one key for the bearer token (docs/design.md decision 3). */
export const TOKEN_KEY = 'auth_token';
export const USER_ROLE_KEY = 'userRole';
const RESET_EMAIL_KEY = 'reset_email';
const RESET_TOKEN_KEY = 'reset_token';

export interface SessionState {
  user: Admin | null;
  token: string;
  isAuthorized: boolean;
  userRole: string;
  email: string;
  passwordChangeToken: string;
}

function readStorage(storage: () => Storage, key: string): string {
  try {
    return storage().getItem(key) ?? '';
  } catch {
    return '';
  }
}

function writeStorage(storage: () => Storage, key: string, value: string): void {
  try {
    if (value) storage().setItem(key, value);
    else storage().removeItem(key);
  } catch {
    // storage may be unavailable (private mode); the in-memory state still works
  }
}

const local = () => window.localStorage;
const sessionStore = () => window.sessionStorage;

let state: SessionState = {
  user: null,
  token: readStorage(local, TOKEN_KEY),
  isAuthorized: false,
  userRole: readStorage(local, USER_ROLE_KEY),
  // The reset flow survives a reload of /otp or /reset-password within the tab.
  email: readStorage(sessionStore, RESET_EMAIL_KEY),
  passwordChangeToken: readStorage(sessionStore, RESET_TOKEN_KEY),
};
const listeners = new Set<() => void>();

function setState(patch: Partial<SessionState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

/** The session actions of docs/product.md §2.1. */
export const sessionActions = {
  updateUser(user: Partial<Admin>) {
    setState({ user: { ...(state.user ?? ({} as Admin)), ...user } });
  },
  setToken(token: string) {
    writeStorage(local, TOKEN_KEY, token);
    setState({ token });
  },
  removeUser() {
    setState({ user: null });
  },
  setIsAuthorized(isAuthorized: boolean) {
    setState({ isAuthorized });
  },
  setUserRole(userRole: string) {
    writeStorage(local, USER_ROLE_KEY, userRole);
    setState({ userRole });
  },
  setEmail(email: string) {
    writeStorage(sessionStore, RESET_EMAIL_KEY, email);
    setState({ email });
  },
  setPasswordChangeToken(passwordChangeToken: string) {
    writeStorage(sessionStore, RESET_TOKEN_KEY, passwordChangeToken);
    setState({ passwordChangeToken });
  },
  /** Forgets the signed-in admin: token, user and the authorised flag. */
  clear() {
    writeStorage(local, TOKEN_KEY, '');
    writeStorage(sessionStore, TOKEN_KEY, '');
    setState({ user: null, token: '', isAuthorized: false });
  },
};

export function getSession(): SessionState {
  return state;
}

/** The bearer token: local storage first, then session storage (docs/product.md §2.1). */
export function readToken(): string {
  return readStorage(local, TOKEN_KEY) || readStorage(sessionStore, TOKEN_KEY);
}

export function useSession<T>(select: (session: SessionState) => T): T {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => select(state),
  );
}
