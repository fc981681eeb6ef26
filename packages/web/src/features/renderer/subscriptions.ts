/**
 * Listeners by key, so a change notifies only the components that read that one value (a field, a table
 * cell, a visibility flag, an error or a lab level), never the whole form.
 */
export class Subscriptions {
  private readonly listeners = new Map<string, Set<() => void>>();

  subscribe(key: string, listener: () => void): () => void {
    let set = this.listeners.get(key);
    if (!set) {
      set = new Set();
      this.listeners.set(key, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(key);
    };
  }

  emit(key: string): void {
    const set = this.listeners.get(key);
    if (set) for (const listener of [...set]) listener();
  }
}

export const valueKey = (model: string) => `v:${model}`;
export const cellKey = (table: string, rowId: number, column: string) => `c:${table}:${String(rowId)}:${column}`;
export const rowsKey = (table: string) => `r:${table}`;
export const visibleKey = (widgetKey: string) => `h:${widgetKey}`;
export const errorKey = (path: string) => `e:${path}`;
export const levelKey = (table: string, rowId: number) => `l:${table}:${String(rowId)}`;
/** Any change at all, for `onValuesChange`. */
export const ANY_CHANGE = '*';

