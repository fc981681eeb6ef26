import type { DesignChange, DiffDetail } from '@dcap/core';
import { diffPanels } from '../instruments/panel-diff.js';
import type { DesignSnapshot, SnapshotEvent, SnapshotInstrument } from './snapshot.js';
import { sameJson } from './snapshot.js';

/** Names identify rows across versions; abbreviations and event names are unique regardless of case. */
const byName = <T>(rows: readonly T[], name: (row: T) => string) => new Map(rows.map((row) => [name(row).toLowerCase(), row]));

const INSTRUMENT_PROPERTIES = ['name', 'nameEn', 'nameAbbr', 'description', 'kind'] as const;
const EVENT_PROPERTIES = ['name', 'nameEn', 'type', 'offsetDays', 'windowBefore', 'windowAfter', 'repeatable', 'reminders'] as const;

function propertyDetails<T extends object>(before: T, after: T, properties: readonly (keyof T & string)[]): DiffDetail[] {
  return properties.filter((key) => !sameJson(before[key], after[key])).map((key) => ({ path: key, before: before[key] ?? null, after: after[key] ?? null }));
}

function instrumentDetails(before: SnapshotInstrument | null, after: SnapshotInstrument | null): DiffDetail[] {
  const details = before && after ? propertyDetails(before, after, INSTRUMENT_PROPERTIES) : [];
  const configBefore = before?.panel.config;
  const configAfter = after?.panel.config;
  if (before && after && configBefore && configAfter) {
    for (const key of ['labelWidth', 'labelPosition'] as const) {
      if (configBefore[key] !== configAfter[key]) details.push({ path: `config.${key}`, before: configBefore[key], after: configAfter[key] });
    }
  }
  for (const change of diffPanels(before?.panel ?? null, after?.panel ?? null)) {
    const after = change.after && change.change === 'changed' ? { ...change.after, changedProperties: change.properties } : change.after;
    details.push({ path: `widget.${change.key}`, before: change.before, after });
  }
  return details;
}

function diffInstruments(before: DesignSnapshot | null, after: DesignSnapshot): DesignChange[] {
  const old = byName(before?.instruments ?? [], (row) => row.nameAbbr);
  const now = byName(after.instruments, (row) => row.nameAbbr);
  const changes: DesignChange[] = [];
  for (const [key, row] of now) {
    const previous = old.get(key) ?? null;
    const details = instrumentDetails(previous, row);
    if (!previous) changes.push({ entity: 'instrument', change: 'added', key: row.nameAbbr, name: row.name, details });
    else if (details.length > 0) changes.push({ entity: 'instrument', change: 'changed', key: row.nameAbbr, name: row.name, details });
  }
  for (const [key, row] of old) {
    if (!now.has(key)) changes.push({ entity: 'instrument', change: 'removed', key: row.nameAbbr, name: row.name, details: instrumentDetails(row, null) });
  }
  return changes;
}

function diffEvents(before: DesignSnapshot | null, after: DesignSnapshot): DesignChange[] {
  const old = byName(before?.events ?? [], (row) => row.name);
  const now = byName(after.events, (row) => row.name);
  const whole = (row: SnapshotEvent, side: 'before' | 'after'): DiffDetail[] =>
    EVENT_PROPERTIES.map((key) => ({ path: key, before: side === 'before' ? (row[key] ?? null) : null, after: side === 'after' ? (row[key] ?? null) : null }));
  const changes: DesignChange[] = [];
  for (const [key, row] of now) {
    const previous = old.get(key);
    if (!previous) changes.push({ entity: 'event', change: 'added', key: row.name, name: row.name, details: whole(row, 'after') });
    else {
      const details = propertyDetails(previous, row, EVENT_PROPERTIES);
      if (details.length > 0) changes.push({ entity: 'event', change: 'changed', key: row.name, name: row.name, details });
    }
  }
  for (const [key, row] of old) {
    if (!now.has(key)) changes.push({ entity: 'event', change: 'removed', key: row.name, name: row.name, details: whole(row, 'before') });
  }
  return changes;
}

/** Matrix cells by the names of their event and instrument, so cells of renamed ids still line up. */
function namedCells(snapshot: DesignSnapshot | null): Map<string, { key: string; name: string }> {
  const cells = new Map<string, { key: string; name: string }>();
  if (!snapshot) return cells;
  const events = new Map(snapshot.events.map((row) => [row.id, row]));
  const instruments = new Map(snapshot.instruments.map((row) => [row.id, row]));
  for (const cell of snapshot.matrix) {
    const event = events.get(cell.eventId);
    const instrument = instruments.get(cell.instrumentId);
    if (!event || !instrument) continue;
    const key = `${event.name}/${instrument.nameAbbr}`;
    cells.set(key.toLowerCase(), { key, name: `${event.name} / ${instrument.name}` });
  }
  return cells;
}

function diffMatrix(before: DesignSnapshot | null, after: DesignSnapshot): DesignChange[] {
  const old = namedCells(before);
  const now = namedCells(after);
  const changes: DesignChange[] = [];
  for (const [key, cell] of now) {
    if (!old.has(key)) changes.push({ entity: 'matrix', change: 'added', key: cell.key, name: cell.name, details: [] });
  }
  for (const [key, cell] of old) {
    if (!now.has(key)) changes.push({ entity: 'matrix', change: 'removed', key: cell.key, name: cell.name, details: [] });
  }
  return changes;
}

/** What changes when `after` replaces `before` (null: nothing published yet): instruments, events, matrix. */
export function diffDesigns(before: DesignSnapshot | null, after: DesignSnapshot): DesignChange[] {
  return [...diffInstruments(before, after), ...diffEvents(before, after), ...diffMatrix(before, after)];
}
