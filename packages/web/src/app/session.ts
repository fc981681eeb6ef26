import type { LoginResponse } from '@dcap/core';
import { SESSION_KEYS, storageKey } from './storage';

export type LoginInfo = LoginResponse['user'];

/**
 * Why the last session ended. After an expiry the user is brought back to the page they were on once
 * signed in again; after signing out on purpose the next sign-in (perhaps by someone else) starts afresh.
 */
export type SessionEnd = 'signedOut' | 'expired';

/**
 * The signed-in session as kept in local storage, with change notification so the route guard re-renders
 * when the token appears or disappears (sign-in, sign-out, a 401, or another tab signing out).
 */
export interface SessionStore {
  getToken: () => string | null;
  getLoginInfo: () => LoginInfo | null;
  /** How the previous session in this tab ended; null while signed in or before any session. */
  getEnd: () => SessionEnd | null;
  signIn: (token: string, user: LoginInfo) => void;
  /**
   * Records whether the signed-in user must replace a password an administrator reset (docs/decisions.md):
   * set when the server says so, cleared once the user has chosen their own.
   */
  setMustChangePassword: (must: boolean) => void;
  clear: (reason: SessionEnd) => void;
  subscribe: (listener: () => void) => () => void;
}

function parseLoginInfo(raw: string | null): LoginInfo | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value === 'object' && value !== null && 'id' in value && 'username' in value && 'name' in value) {
      const { id, username, name } = value;
      const mustChangePassword = 'mustChangePassword' in value && value.mustChangePassword === true;
      if (typeof id === 'number' && typeof username === 'string' && typeof name === 'string') {
        return { id, username, name, mustChangePassword };
      }
    }
  } catch {
    // A value written by an older version or by hand is treated as absent rather than breaking the page.
  }
  return null;
}

export function createSessionStore(storage: Storage, eventTarget?: Pick<Window, 'addEventListener'>): SessionStore {
  const listeners = new Set<() => void>();
  let end: SessionEnd | null = null;
  const emit = () => {
    for (const listener of listeners) listener();
  };
  // Another tab signing in or out changes the same storage; follow it so this tab does not keep a dead token.
  eventTarget?.addEventListener('storage', (event) => {
    if (event.key === null || event.key === storageKey('token')) emit();
  });

  return {
    getToken: () => storage.getItem(storageKey('token')) || null,
    getLoginInfo: () => parseLoginInfo(storage.getItem(storageKey('loginInfo'))),
    getEnd: () => end,
    signIn(token, user) {
      end = null;
      storage.setItem(storageKey('token'), token);
      storage.setItem(storageKey('loginInfo'), JSON.stringify(user));
      emit();
    },
    setMustChangePassword(must) {
      const user = parseLoginInfo(storage.getItem(storageKey('loginInfo')));
      if (!user || user.mustChangePassword === must) return;
      storage.setItem(storageKey('loginInfo'), JSON.stringify({ ...user, mustChangePassword: must }));
      emit();
    },
    clear(reason) {
      end = reason;
      for (const key of SESSION_KEYS) storage.removeItem(storageKey(key));
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
