import type { DesignEvent, EventReminders, MatrixCell } from '@dcap/core';
import type { EventRow } from '../../db/schema.js';

/** An event's own settings, as its audit rows record them and its wire shape carries them. */
export function eventSettings(row: EventRow) {
  return {
    name: row.name,
    nameEn: row.name_en,
    type: row.type,
    sort: row.sort,
    offsetDays: row.offset_days,
    windowBefore: row.window_before,
    windowAfter: row.window_after,
    repeatable: row.repeatable,
    reminders: (row.reminders ?? null) as EventReminders | null,
  };
}

/** An event on the wire, with the instruments the matrix assigns to it. */
export function presentEvent(row: EventRow, cells: readonly MatrixCell[]): DesignEvent {
  return {
    id: row.id,
    projectId: row.project_id,
    ...eventSettings(row),
    instrumentIds: cells.filter((cell) => cell.eventId === row.id).map((cell) => cell.instrumentId),
  };
}
