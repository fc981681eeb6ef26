import type { DiffChange, DiffEntity, EventType, InstrumentKind, PublishTarget } from '@dcap/core';

export const INSTRUMENT_KIND_LABEL_KEYS: Record<InstrumentKind, string> = {
  form: 'design.kind.form',
  derived: 'design.kind.derived',
  external: 'design.kind.external',
};

export const EVENT_TYPE_LABEL_KEYS: Record<EventType, string> = {
  SCREENING: 'design.eventType.SCREENING',
  BASELINE: 'design.eventType.BASELINE',
  TREATMENT: 'design.eventType.TREATMENT',
  FOLLOW_UP: 'design.eventType.FOLLOW_UP',
  UNSCHEDULED: 'design.eventType.UNSCHEDULED',
  LOG: 'design.eventType.LOG',
};

export const EVENT_TYPE_COLORS: Record<EventType, string> = {
  SCREENING: 'purple',
  BASELINE: 'blue',
  TREATMENT: 'green',
  FOLLOW_UP: 'cyan',
  UNSCHEDULED: 'orange',
  LOG: 'default',
};

export const TARGET_LABEL_KEYS: Record<PublishTarget, string> = {
  uat: 'design.publish.target.uat',
  prd: 'design.publish.target.prd',
};

export const DIFF_ENTITY_LABEL_KEYS: Record<DiffEntity, string> = {
  instrument: 'design.diff.entity.instrument',
  event: 'design.diff.entity.event',
  matrix: 'design.diff.entity.matrix',
};

export const DIFF_CHANGE_LABEL_KEYS: Record<DiffChange, string> = {
  added: 'design.diff.change.added',
  removed: 'design.diff.change.removed',
  changed: 'design.diff.change.changed',
};

export const DIFF_CHANGE_COLORS: Record<DiffChange, string> = {
  added: 'success',
  removed: 'error',
  changed: 'warning',
};

/** Chinese name, or the English one in English when there is one. */
export function localName(item: { name: string; nameEn: string | null }, english: boolean): string {
  return english && item.nameEn ? item.nameEn : item.name;
}

/** The ids in a new order with the item at `index` moved one place up (-1) or down (+1). */
export function moveId(ids: readonly number[], index: number, delta: -1 | 1): number[] {
  const target = index + delta;
  if (index < 0 || index >= ids.length || target < 0 || target >= ids.length) return [...ids];
  const next = [...ids];
  const [moved] = next.splice(index, 1);
  if (moved !== undefined) next.splice(target, 0, moved);
  return next;
}
