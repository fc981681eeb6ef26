import { STORAGE_PREFIX } from '@dcap/core';

/** The project and environment a window works in, as success envelopes carry them (spec 000 §7). */
export interface EnvMarker {
  projectId: number | null;
  env: string | null;
}

/**
 * Spec 000 §4.4, spec 002 §8: "If the stored environment marker differs from the session's, a warning modal
 * asks the user to confirm the current operating environment." The marker is kept per window in session
 * storage (every tab has its own), while the server session is shared by every window of the browser.
 */
export const ENV_MARKER_KEY = `${STORAGE_PREFIX}ENV_MARKER`;

export interface EnvMarkerWatch {
  /** A stamp to take when a call is sent; an answer to a call sent before the window changed its own marker is not compared. */
  stamp(): number;
  /** This window now works in `marker`: the initialisation loaded, or the window switched itself. */
  adopt(marker: EnvMarker): void;
  /** Compares the marker of a success envelope with the window's own; a difference is reported once. */
  observe(seen: EnvMarker, stamp: number): void;
  /** Forgets the marker (OK on the warning, signing out); comparisons wait for the next initialisation. */
  clear(): void;
  current(): EnvMarker | null;
}

function read(storage: Storage): EnvMarker | null {
  const raw = storage.getItem(ENV_MARKER_KEY);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { projectId, env } = value as Record<string, unknown>;
    if ((typeof projectId === 'number' || projectId === null) && (typeof env === 'string' || env === null)) return { projectId, env };
  } catch {
    // A value written by hand or by an older version counts as no marker.
  }
  return null;
}

export function sameMarker(a: EnvMarker, b: EnvMarker): boolean {
  return a.projectId === b.projectId && a.env === b.env;
}

/**
 * Reads the marker fields of a success envelope. A server that sends the id as text is read the same way;
 * an envelope without the fields (calls before sign-in) gives null.
 */
export function markerOf(envelope: Record<string, unknown>): EnvMarker | null {
  if (!('consistencyProjectId' in envelope) && !('consistencyProjectCurrEnv' in envelope)) return null;
  const rawId = envelope.consistencyProjectId;
  const rawEnv = envelope.consistencyProjectCurrEnv;
  let projectId: number | null = null;
  if (typeof rawId === 'number' && Number.isFinite(rawId)) projectId = rawId;
  else if (typeof rawId === 'string' && /^\d+$/.test(rawId)) projectId = Number(rawId);
  const env = typeof rawEnv === 'string' && rawEnv !== '' ? rawEnv : null;
  return { projectId, env };
}

/**
 * The window compares only after it has adopted a marker in this page load, so answers that arrive while a
 * reloaded page is still initialising never raise the warning; after the warning the window waits for OK.
 */
export function createEnvMarkerWatch(storage: Storage, onMismatch: (stored: EnvMarker, seen: EnvMarker) => void): EnvMarkerWatch {
  let generation = 0;
  let armed = false;
  let warned = false;
  return {
    stamp: () => generation,
    adopt(marker) {
      generation += 1;
      armed = true;
      warned = false;
      storage.setItem(ENV_MARKER_KEY, JSON.stringify(marker));
    },
    observe(seen, stamp) {
      if (!armed || warned || stamp !== generation) return;
      const stored = read(storage);
      if (!stored || sameMarker(stored, seen)) return;
      warned = true;
      onMismatch(stored, seen);
    },
    clear() {
      generation += 1;
      armed = false;
      storage.removeItem(ENV_MARKER_KEY);
    },
    current: () => read(storage),
  };
}
