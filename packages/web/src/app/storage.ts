import { STORAGE_KEYS, STORAGE_PREFIX } from '@dcap/core';
import type { StorageKey } from '@dcap/core';

/** The full local-storage name of one of the spec's keys, e.g. `pro__Token` (spec 000 §3). */
export function storageKey(key: StorageKey): string {
  return `${STORAGE_PREFIX}${STORAGE_KEYS[key]}`;
}

/**
 * Keys that belong to a signed-in session. Preferences (language, login mode) outlive a session and
 * stay when the user signs out, and so does the stored bulletin (`SET_ARTICLE`): it names its user, so the
 * next user sees it and the same user signing in again does not (spec 000 §4.5).
 */
export const SESSION_KEYS: readonly StorageKey[] = [
  'token',
  'userKey',
  'projectRoleList',
  'currentProjectRole',
  'uiConfig',
  'loginInfo',
];
