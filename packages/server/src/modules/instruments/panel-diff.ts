import type { Panel, Widget } from '@dcap/core';
import { ownWidgetSettings, walkWidgets } from '@dcap/core';
import { sameJson } from '../publishing/snapshot.js';

/** How a widget is named in a difference: its labels and type. */
export interface WidgetSummary {
  name: string;
  nameEn: string | null;
  type: string;
}

export interface WidgetChange {
  key: string;
  change: 'added' | 'removed' | 'changed';
  before: WidgetSummary | null;
  after: WidgetSummary | null;
  /** For a changed widget: the properties that differ, such as `name` or `options.required`. */
  properties: string[];
}

function summary(widget: Widget): WidgetSummary {
  return { name: widget.name, nameEn: widget.nameEn ?? null, type: widget.type };
}

function changedProperties(before: Widget, after: Widget): string[] {
  const a = ownWidgetSettings(before);
  const b = ownWidgetSettings(after);
  const names: string[] = [];
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (key === 'options') continue;
    if (!sameJson(a[key], b[key])) names.push(key);
  }
  const optionsA = a.options as Record<string, unknown>;
  const optionsB = b.options as Record<string, unknown>;
  for (const key of new Set([...Object.keys(optionsA), ...Object.keys(optionsB)])) {
    if (!sameJson(optionsA[key], optionsB[key])) names.push(`options.${key}`);
  }
  return names.sort();
}

function widgetsByKey(panel: Panel | null): Map<string, Widget> {
  const widgets = new Map<string, Widget>();
  if (panel) for (const { widget } of walkWidgets(panel.list)) widgets.set(widget.key, widget);
  return widgets;
}

/** The widgets added, removed and changed between two panels, matched by key, in the order they appear. */
export function diffPanels(before: Panel | null, after: Panel | null): WidgetChange[] {
  const old = widgetsByKey(before);
  const now = widgetsByKey(after);
  const changes: WidgetChange[] = [];
  for (const [key, widget] of now) {
    const previous = old.get(key);
    if (!previous) {
      changes.push({ key, change: 'added', before: null, after: summary(widget), properties: [] });
      continue;
    }
    const properties = changedProperties(previous, widget);
    if (properties.length > 0) changes.push({ key, change: 'changed', before: summary(previous), after: summary(widget), properties });
  }
  for (const [key, widget] of old) {
    if (!now.has(key)) changes.push({ key, change: 'removed', before: summary(widget), after: null, properties: [] });
  }
  return changes;
}

/** The compact record of a draft save for the audit trail: which widget keys were added, removed, changed. */
export function panelChangeSummary(before: Panel, after: Panel): { added: string[]; removed: string[]; changed: string[]; config: boolean } {
  const changes = diffPanels(before, after);
  const keys = (kind: WidgetChange['change']) => changes.filter((change) => change.change === kind).map((change) => change.key);
  return { added: keys('added'), removed: keys('removed'), changed: keys('changed'), config: !sameJson(before.config, after.config) };
}
