import type { Widget } from '../panels/schema.js';
import { walkWidgets } from '../panels/walk.js';

/**
 * What an audit row records about a change (COMPLIANCE AT-1, AT-6): for each field that differs, its value
 * before and after. Compared with SQL's IS DISTINCT FROM in mind, made explicit for JSON values:
 *  - a missing field (undefined) and null both mean "no value" and are not distinct from each other;
 *  - the empty string is a value, distinct from null (a cleared text and an empty one are not the same);
 *  - objects and arrays compare by content, objects regardless of key order (jsonb keeps no order);
 *  - dates compare by instant.
 * A field that changed to or from "no value" records null on that side, never undefined.
 */
export type FieldChange = { old: unknown; new: unknown };
export type ChangeSet = Record<string, FieldChange>;

function normal(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  return value;
}

/** Whether two values differ under the rules above. */
export function isDistinct(a: unknown, b: unknown): boolean {
  const left = normal(a);
  const right = normal(b);
  if (left === right) return false;
  if (left === null || right === null || typeof left !== 'object' || typeof right !== 'object') return true;
  if (Array.isArray(left) !== Array.isArray(right)) return true;
  if (Array.isArray(left) && Array.isArray(right)) {
    return left.length !== right.length || left.some((item, index) => isDistinct(item, right[index]));
  }
  const l = left as Record<string, unknown>;
  const r = right as Record<string, unknown>;
  for (const key of new Set([...Object.keys(l), ...Object.keys(r)])) if (isDistinct(l[key], r[key])) return true;
  return false;
}

/**
 * Stores a value under a key as an own property. Keys come from stored JSON, so a key such as `__proto__`
 * must become a field of the record, never the record's prototype (which would drop it from the audit row).
 */
function setOwn<V>(target: Record<string, V>, key: string, value: V): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** The fields of `before` and `after` that differ, each with its old and new value. */
export function changeSet(before: Readonly<Record<string, unknown>>, after: Readonly<Record<string, unknown>>): ChangeSet {
  const changes: ChangeSet = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (isDistinct(before[key], after[key])) setOwn(changes, key, { old: normal(before[key]), new: normal(after[key]) });
  }
  return changes;
}

export function hasChanges(changes: ChangeSet): boolean {
  return Object.keys(changes).length > 0;
}

/** A change set as the audit row's two columns: old values of the changed fields, and their new values. */
export function auditValues(changes: ChangeSet): { oldValue: Record<string, unknown>; newValue: Record<string, unknown> } {
  const oldValue: Record<string, unknown> = {};
  const newValue: Record<string, unknown> = {};
  for (const [key, change] of Object.entries(changes)) {
    setOwn(oldValue, key, change.old);
    setOwn(newValue, key, change.new);
  }
  return { oldValue, newValue };
}

/**
 * A widget's own settings, without the widgets nested in it: a grid or table counts as changed only when
 * its own layout changes, while a changed child is reported under the child's key.
 */
export function ownWidgetSettings(widget: Widget): Record<string, unknown> {
  const { options, ...rest } = widget;
  const { columns, ...ownOptions } = options as Record<string, unknown> & { columns?: unknown };
  if (!Array.isArray(columns)) return { ...rest, options: ownOptions };
  const shallowColumns = (columns as Record<string, unknown>[]).map((column) => {
    const { list: _list, widget: _widget, widgetMap: _widgetMap, ...own } = column;
    return own;
  });
  return { ...rest, options: { ...ownOptions, columns: shallowColumns } };
}

function settingsByKey(list: readonly Widget[]): Map<string, Record<string, unknown>> {
  const widgets = new Map<string, Record<string, unknown>>();
  for (const { widget } of walkWidgets(list)) widgets.set(widget.key, ownWidgetSettings(widget));
  return widgets;
}

/**
 * The per-widget record of a panel save: for each widget key added, removed or changed, its own settings
 * before and after (null on the side where it does not exist), and the panel's layout settings if changed.
 */
export function panelChanges(
  before: { list: readonly Widget[]; config?: unknown },
  after: { list: readonly Widget[]; config?: unknown },
): { widgets: ChangeSet; config: FieldChange | null } {
  const old = settingsByKey(before.list);
  const now = settingsByKey(after.list);
  const widgets: ChangeSet = {};
  for (const key of new Set([...old.keys(), ...now.keys()])) {
    const a = old.get(key) ?? null;
    const b = now.get(key) ?? null;
    if (isDistinct(a, b)) setOwn<FieldChange>(widgets, key, { old: a, new: b });
  }
  const config = isDistinct(before.config, after.config) ? { old: normal(before.config), new: normal(after.config) } : null;
  return { widgets, config };
}
