import { STORAGE_PREFIX } from '@dcap/core';

/**
 * Spec 000 §4.4: "An environment-list dialog may open once per session." The projects for which the shell
 * opened it by itself are kept for the signed-in session (every window of it), and forgotten when the
 * session ends, so a reload does not open it again and the next sign-in may.
 */
export const ENV_DIALOG_SEEN_KEY = `${STORAGE_PREFIX}ENV_DIALOG_SEEN`;

function seenProjects(storage: Storage): number[] {
  try {
    const value: unknown = JSON.parse(storage.getItem(ENV_DIALOG_SEEN_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((id): id is number => typeof id === 'number') : [];
  } catch {
    return [];
  }
}

export function envDialogSeen(storage: Storage, projectId: number): boolean {
  return seenProjects(storage).includes(projectId);
}

export function markEnvDialogSeen(storage: Storage, projectId: number): void {
  const seen = seenProjects(storage);
  if (!seen.includes(projectId)) storage.setItem(ENV_DIALOG_SEEN_KEY, JSON.stringify([...seen, projectId]));
}

export function forgetEnvDialogs(storage: Storage): void {
  storage.removeItem(ENV_DIALOG_SEEN_KEY);
}
