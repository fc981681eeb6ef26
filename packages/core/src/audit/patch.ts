/**
 * Partial-update semantics of every update call: a field left out of the request (undefined) keeps the
 * stored value, an explicit null clears it, any other value replaces it. Request schemas in core declare
 * optional fields `.optional()` and clearable ones `.nullable().optional()` so the three cases reach here
 * distinct (docs/api.md, "Updates").
 */
export type Patch<T> = { [K in keyof T]?: T[K] | undefined };

export function applyPatch<T extends object>(stored: T, patch: Patch<T>): T {
  const next = { ...stored };
  for (const key of Object.keys(stored) as (keyof T)[]) {
    const value = patch[key];
    if (value !== undefined) next[key] = value;
  }
  return next;
}

/** One field under the same rule, for values derived from others (undefined keeps, null clears). */
export function patched<V>(stored: V, value: V | undefined): V {
  return value === undefined ? stored : value;
}

/** The same rule for a text column that stores "none" as the empty text (the platform libraries). */
export function patchedText(stored: string, value: string | null | undefined): string {
  return value === undefined ? stored : (value ?? '');
}
