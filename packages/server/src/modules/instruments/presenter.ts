import type { Instrument, Panel, PanelData } from '@dcap/core';
import { DEFAULT_LABEL_COL, isDataWidget, walkWidgets } from '@dcap/core';
import type { InstrumentRow } from '../../db/schema.js';
import type { SnapshotInstrument } from '../publishing/snapshot.js';

/** The draft of a new instrument: no widgets, labels right-aligned in a third of the row (spec 001 §3.1). */
export function emptyPanel(): Panel {
  return { list: [], config: { labelWidth: DEFAULT_LABEL_COL, labelPosition: 'right' } };
}

/** Value-holding widgets, counting a table column's cell template once and not its per-row overrides. */
export function countFields(panel: Panel): number {
  let count = 0;
  for (const { widget, place } of walkWidgets(panel.list)) {
    if (isDataWidget(widget) && !(place.kind === 'table' && place.row !== null)) count += 1;
  }
  return count;
}

/** The stored draft; the column only ever receives panels that passed `panelSchema`. */
export function draftPanel(row: InstrumentRow): Panel {
  return row.panel as Panel;
}

/** Whether the draft differs from what the latest design version holds for this instrument. */
export function changedSince(row: InstrumentRow, published: SnapshotInstrument | undefined): boolean {
  if (!published) return true;
  return (
    published.revision !== row.revision ||
    published.name !== row.name ||
    published.nameEn !== row.name_en ||
    published.nameAbbr !== row.name_abbr ||
    published.description !== row.description ||
    published.kind !== row.kind
  );
}

export function presentInstrument(row: InstrumentRow, published: SnapshotInstrument | undefined): Instrument {
  return {
    id: row.id,
    projectId: row.project_id,
    kind: row.kind,
    name: row.name,
    nameEn: row.name_en,
    nameAbbr: row.name_abbr,
    description: row.description,
    sort: row.sort,
    fieldCount: row.field_count,
    draftRevision: row.revision,
    updatedAt: row.updated_at.toISOString(),
    updatedBy: row.updated_by,
    changedSincePublish: changedSince(row, published),
  };
}

export function presentDraft(row: InstrumentRow): PanelData {
  return {
    instrumentId: row.id,
    name: row.name,
    nameEn: row.name_en,
    nameAbbr: row.name_abbr,
    kind: row.kind,
    panel: draftPanel(row),
    revision: row.revision,
  };
}

/** The metadata an audit row records for an instrument. */
export function auditedInstrument(row: InstrumentRow): Record<string, unknown> {
  return {
    kind: row.kind,
    name: row.name,
    nameEn: row.name_en,
    nameAbbr: row.name_abbr,
    description: row.description,
    sort: row.sort,
    revision: row.revision,
    fieldCount: row.field_count,
  };
}
