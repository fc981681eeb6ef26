import type { EventType, InstrumentKind, Panel } from '@dcap/core';
import type { DesignVersionRow } from '../../db/schema.js';
import type { Executor } from '../audit/repo.js';
import * as repo from './repo.js';

/**
 * What a design version holds: every instrument with its panel, every event and the matrix, exactly as the
 * draft was when it was published. Rows keep their draft ids so a version can be matched to the draft;
 * names identify them across versions (an instrument by abbreviation, an event by name).
 */
export interface SnapshotInstrument {
  id: number;
  kind: InstrumentKind;
  name: string;
  nameEn: string | null;
  nameAbbr: string;
  description: string | null;
  sort: number;
  revision: number;
  panel: Panel;
}

export interface SnapshotEvent {
  id: number;
  name: string;
  nameEn: string | null;
  type: EventType;
  sort: number;
  offsetDays: number | null;
  windowBefore: number;
  windowAfter: number;
  repeatable: boolean;
}

export interface DesignSnapshot {
  instruments: SnapshotInstrument[];
  events: SnapshotEvent[];
  matrix: { eventId: number; instrumentId: number }[];
}

/** The development draft of a project as a snapshot. */
export async function loadDraft(db: Executor, projectId: number): Promise<DesignSnapshot> {
  const { instruments, events, matrix } = await repo.draftRows(db, projectId);
  return {
    instruments: instruments.map((row) => ({
      id: row.id,
      kind: row.kind,
      name: row.name,
      nameEn: row.name_en,
      nameAbbr: row.name_abbr,
      description: row.description,
      sort: row.sort,
      revision: row.revision,
      panel: row.panel as Panel,
    })),
    events: events.map((row) => ({
      id: row.id,
      name: row.name,
      nameEn: row.name_en,
      type: row.type,
      sort: row.sort,
      offsetDays: row.offset_days,
      windowBefore: row.window_before,
      windowAfter: row.window_after,
      repeatable: row.repeatable,
    })),
    matrix: matrix.map((cell) => ({ eventId: cell.event_id, instrumentId: cell.instrument_id })),
  };
}

/** The snapshot column of a version; it was written from `loadDraft`. */
export function snapshotOf(row: Pick<DesignVersionRow, 'snapshot'>): DesignSnapshot {
  return row.snapshot as DesignSnapshot;
}

/** The versions other modules read (the instrument preview): through this module, not its repository. */
export { findVersion, latestVersion, listVersions, versionOfEnv } from './repo.js';

/** Equality of JSON values regardless of key order (jsonb does not keep the order keys were written in). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => sameJson(item, b[index]));
  const left = Object.entries(a as Record<string, unknown>).filter(([, value]) => value !== undefined);
  const right = b as Record<string, unknown>;
  const rightKeys = Object.keys(right).filter((key) => right[key] !== undefined);
  return left.length === rightKeys.length && left.every(([key, value]) => key in right && sameJson(value, right[key]));
}
