import type { FormEvaluation, FormIndex, Panel, PanelFieldInput, PanelStatus } from '@dcap/core';
import { AppError, derivePanelStatus, evaluateForm, fieldCellPath, panelValueCounts, rowKeyOf, studyToday, valuesFromFieldRows } from '@dcap/core';
import type { Transaction } from 'kysely';
import type { Database, FieldValueRow, PanelInstanceRow } from '../../db/schema.js';
import type { Executor } from '../audit/repo.js';
import type { SnapshotInstrument } from '../publishing/snapshot.js';
import { snapshotOf } from '../publishing/snapshot.js';
import * as repo from './repo.js';

/** The instrument (with its panel) a panel instance is entered with: from its own design version's snapshot. */
export async function panelDefinition(db: Executor, panel: Pick<PanelInstanceRow, 'design_version_id' | 'instrument_id'>): Promise<SnapshotInstrument> {
  const version = await repo.findDesignVersion(db, panel.design_version_id);
  const instrument = version ? snapshotOf(version).instruments.find((candidate) => candidate.id === panel.instrument_id) : undefined;
  if (!instrument) throw new AppError('record.design_missing');
  return instrument;
}

const ERROR_CELL = /^(.+)\[(\d+)\]\.(.+)$/;

/**
 * The field path (core records/paths.ts) of an engine complaint path: a model stays, a cell `TABLE[3].COL`
 * becomes `TABLE#rN.COL` with the key of that row in the evaluated values; a row without a key (not saved yet)
 * keeps the engine's path.
 */
export function errorFieldPath(errorPath: string, values: Readonly<Record<string, unknown>>): string {
  const cell = ERROR_CELL.exec(errorPath);
  if (!cell) return errorPath;
  const [, table, index, column] = cell as unknown as [string, string, string, string];
  const rows = values[table];
  const key = Array.isArray(rows) ? rowKeyOf(rows[Number(index)]) : undefined;
  return key === undefined ? errorPath : fieldCellPath(table, key, column);
}

/** The field inputs of `derivePanelStatus`: every stored field, and every visible required field left blank. */
export function statusInputs(rows: readonly FieldValueRow[], evaluation: FormEvaluation): PanelFieldInput[] {
  const byPath = new Map(rows.map((row) => [row.path, row]));
  const inputs: PanelFieldInput[] = rows.map((row) => ({
    status: row.status,
    frozen: row.frozen,
    inactiveType: row.inactive_type,
    value: row.value,
  }));
  for (const [path, error] of Object.entries(evaluation.errors)) {
    if (error.code !== 'form.required') continue;
    const stored = byPath.get(errorFieldPath(path, evaluation.values));
    inputs.push({ status: '', frozen: stored?.frozen ?? false, inactiveType: (stored?.inactive_type ?? null), value: null, required: true });
  }
  return inputs;
}

/** The status of a panel instance from its stored fields (core records/panel-status.ts). */
export function panelStatusOf(definition: Pick<Panel, 'list'>, rows: readonly FieldValueRow[], unchecked: boolean, today: string, index?: FormIndex): PanelStatus {
  const evaluation = evaluateForm(definition, valuesFromFieldRows(rows), { today: () => today }, index);
  return derivePanelStatus(statusInputs(rows, evaluation), unchecked);
}

/**
 * Recomputes `panel_instances.status` from the panel instance's stored field values (core
 * records/panel-status.ts `derivePanelStatus`), with its counts of entered and verified values (core
 * analytics `panelValueCounts`), and returns the status. Called by every write that changes a value or a
 * field's workflow state: the records save, and workflow's verify, review, sign, lock, freeze and inactivate.
 * Exported by records/service.ts; workflow imports it from here, so the save (which calls workflow) and
 * workflow (which calls this) form no import cycle.
 */
export async function refreshPanelStatus(trx: Transaction<Database>, panelInstanceId: number, now: Date): Promise<string> {
  const panel = await repo.findPanel(trx, panelInstanceId);
  if (!panel) return 'EXPIRED';
  const definition = await panelDefinition(trx, panel);
  const rows = await repo.fieldValues(trx, panelInstanceId);
  const status = panelStatusOf(definition.panel, rows, panel.unchecked, studyToday(now));
  const counts = panelValueCounts(rows);
  if (status !== panel.status || counts.entered !== panel.values_entered || counts.verified !== panel.values_verified) {
    await repo.updatePanel(trx, panelInstanceId, { status, values_entered: counts.entered, values_verified: counts.verified });
  }
  return status;
}

