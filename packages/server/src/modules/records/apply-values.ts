import type { ChangeReason, FormEvaluation, Locale } from '@dcap/core';
import { AppError, assignRowKeys, evaluateForm, fieldRowsFromValues, fieldTableRowId, hiddenModelsOf, panelValueCounts, parsePath, reasonText, ruleDrivenPath, stateAfterValueChange, studyToday, valueChanged } from '@dcap/core';
import type { Transaction } from 'kysely';
import type { Database, PanelInstanceRow } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import type { ProjectCaller } from '../../http/context.js';
import type { ProjectAuditor } from '../../http/project-write.js';
import { deferredAuditor } from '../../http/project-write.js';
import { deleteRowAttachments } from '../attachments/cells.js';
import type { CachedDesign } from '../publishing/snapshot-cache.js';
import { autoCloseQueries } from '../queries/service.js';
import type { DataScope } from '../subjects/scope.js';
import { breakSignaturesOver } from '../workflow/service.js';
import { tellIfReadyToSign } from '../workflow/signature-due.js';
import type { StoredField } from './design.js';
import * as repo from './repo.js';
import { refuseEngineMismatch, refuseInvalidValues, refuseReadOnlyOrUnreasoned, refuseUncheckedWithValues, refuseValuesOutsideOptions } from './save-checks.js';
import { panelStatusOf } from './status.js';

/**
 * Who a save is by: a signed-in user, or a subject entering through a questionnaire link, who has no user id
 * (docs/decisions.md "Subject questionnaires"); the name is what the entry page shows as the last changer.
 */
export interface EntryAuthor {
  userId: number | null;
  username: string;
  locale: Locale;
}

export const authorOf = (caller: ProjectCaller): EntryAuthor => ({ userId: caller.actor.userId, username: caller.actor.username, locale: caller.meta.locale });

export interface ApplyOptions {
  /** Submitted by a browser: refuse when its computed or hidden values differ from the engine's. */
  compareWithEngine: boolean;
  reasons: Record<string, ChangeReason>;
  /** The reason for every change of the save, when one reason covers all (copying). */
  reasonForAll?: ChangeReason | undefined;
  unchecked?: boolean | undefined;
  action: 'record.save' | 'record.copy';
  extraAudit?: Record<string, unknown>;
  /** The server's clock at the write: the time stamps and the study's today (COMPLIANCE TS-1). */
  now: Date;
}

/**
 * Runs one save of a panel instance (docs/decisions.md, "Panel entry"), the row already locked: the engine's
 * values for the submitted ones (refused when a browser's differ), the checks of every changed path
 * (options, read-only states, reasons), then the writes with one audit row per changed path, rows added
 * and deleted, signatures broken and queries auto-closed over the changed paths, the version bumped and the
 * status recomputed; a status that became the one signing starts from tells the study (signature due).
 * Nothing is written unless everything passes.
 */
export async function applyValues(
  deps: ServiceDeps,
  trx: Transaction<Database>,
  writeAudit: ProjectAuditor,
  author: EntryAuthor,
  scope: DataScope,
  panel: PanelInstanceRow,
  design: CachedDesign,
  submitted: Record<string, unknown>,
  options: ApplyOptions,
): Promise<{ panel: PanelInstanceRow; fields: StoredField[] }> {
  const locale = author.locale;
  const userId = author.userId;
  const instrument = design.instrument(panel.instrument_id);
  const index = design.index(panel.instrument_id);
  if (!instrument || !index) throw new AppError('record.design_missing');
  // The save's audit rows go out together as its last statement, so the project's audit chain lock is held
  // from there to the commit only (http/project-write.ts `deferredAuditor`).
  const audit = deferredAuditor(writeAudit);
  const tables = new Set(index.tables.keys());
  const storedRows: StoredField[] = await repo.fieldValuesWithUsers(trx, panel.id);
  const stored = new Map(storedRows.map((row) => [row.path, row]));
  const knownRows = new Set<string>();
  for (const row of storedRows) {
    const parsed = parsePath(row.path);
    if (parsed.row !== undefined) knownRows.add(fieldTableRowId(parsed.model, parsed.row));
  }

  // Only the panel's own models are read; anything else in the submission is refused.
  for (const model of Object.keys(submitted)) {
    if (!index.fields.has(model) && !tables.has(model)) throw new AppError('record.unknown_path', { path: model });
  }

  const keyed = assignRowKeys(submitted, tables, panel.next_row_key, knownRows);
  const today = studyToday(options.now);
  const evaluation: FormEvaluation = evaluateForm(instrument.panel, keyed.values, { today: () => today }, index);
  const hiddenModels = hiddenModelsOf(index, evaluation.hidden);

  if (options.compareWithEngine) refuseEngineMismatch(keyed.values, evaluation, index, hiddenModels, locale);
  refuseInvalidValues(evaluation, locale);

  const next = fieldRowsFromValues(evaluation.values, tables);

  const unchecked = options.unchecked ?? panel.unchecked;
  if (unchecked) refuseUncheckedWithValues(instrument.panel, index, next, today);

  // Table rows that disappeared were deleted.
  const liveRows = new Set<string>();
  for (const path of next.keys()) {
    const parsed = parsePath(path);
    if (parsed.row !== undefined) liveRows.add(fieldTableRowId(parsed.model, parsed.row));
  }
  const deletedRows = [...knownRows].filter((row) => !liveRows.has(row));

  // What changed, and what every change needs.
  const changed: string[] = [];
  const newRowCells: string[] = [];
  for (const [path, value] of next) {
    const before = stored.get(path);
    const parsed = parsePath(path);
    const isNewRow = parsed.row !== undefined && !knownRows.has(fieldTableRowId(parsed.model, parsed.row));
    if (valueChanged(before?.value ?? null, value)) changed.push(path);
    else if (isNewRow && !before) newRowCells.push(path);
  }
  const formulas = new Set(index.formulas.keys());
  const reasonFor = (path: string): ChangeReason | undefined => options.reasonForAll ?? options.reasons[path];
  refuseValuesOutsideOptions(changed, index, evaluation.values, stored, { formulas, hiddenModels }, locale);
  refuseReadOnlyOrUnreasoned({ changed, deletedRows, stored, storedRows, values: evaluation.values }, index, { formulas, hiddenModels }, reasonFor, locale);

  // The writes. Rule-driven changes take the first reason given in this save.
  const now = options.now;
  const firstReason = options.reasonForAll ?? Object.values(options.reasons)[0];
  const env = scope.env.key;
  // The fields as stored after this save, kept in memory for the panel's status below.
  const after = new Map<string, StoredField>(stored);
  const upserts = [...changed, ...newRowCells].map((path) => {
    const before = stored.get(path);
    const value = next.get(path) ?? null;
    const state = stateAfterValueChange(
      before ? { status: before.status, frozen: before.frozen, inactiveType: before.inactive_type } : { status: '', frozen: false, inactiveType: null },
      value,
    );
    after.set(path, {
      panel_instance_id: panel.id,
      path,
      value,
      status: state.status,
      frozen: before?.frozen ?? false,
      inactive_type: before?.inactive_type ?? null,
      inactive_note: before?.inactive_note ?? null,
      saved: true,
      updated_by: userId,
      updated_at: now,
      username: author.username,
    });
    return { path, value: JSON.stringify(value), status: state.status };
  });
  await repo.upsertFieldValues(trx, panel.id, userId, now, upserts);
  for (const path of changed) {
    const before = stored.get(path);
    const reason = reasonFor(path) ?? (ruleDrivenPath(path, formulas, hiddenModels) ? firstReason : undefined);
    await audit({
      action: 'record.value',
      entityType: 'field',
      entityId: `${String(panel.id)}:${path}`,
      siteId: panel.site_id,
      env,
      oldValue: before ? { value: before.value, status: before.status } : null,
      newValue: { value: next.get(path) ?? null, status: stateAfterValueChange({ status: before?.status ?? '', frozen: false, inactiveType: null }, next.get(path)).status },
      reason: reason ? reasonText(reason) : null,
    });
  }
  for (const row of deletedRows) {
    const cells = storedRows.filter((candidate) => candidate.path.startsWith(`${row}.`));
    for (const cell of cells) after.delete(cell.path);
    const reason = options.reasonForAll ?? options.reasons[row] ?? firstReason;
    await repo.deleteFieldValues(
      trx,
      panel.id,
      cells.map((cell) => cell.path),
    );
    await audit({
      action: 'record.rowDelete',
      entityType: 'tableRow',
      entityId: `${String(panel.id)}:${row}`,
      siteId: panel.site_id,
      env,
      oldValue: Object.fromEntries(cells.map((cell) => [cell.path.slice(row.length + 1), cell.value])),
      newValue: null,
      reason: reason ? reasonText(reason) : null,
    });
    // The row's images go with it, under the same reason (docs/decisions.md, "Attachments").
    await deleteRowAttachments(trx, audit, { panel, rows: [row], userId, env, at: now, reason: reason ? reasonText(reason) : null });
  }

  const touched = [...changed, ...deletedRows];
  if (touched.length > 0) {
    await breakSignaturesOver(trx, audit, panel, touched, userId, now);
    await autoCloseQueries(trx, audit, panel, touched, userId, now);
  }
  const version = panel.version + 1;
  // The status from the fields as now stored (records/status.ts): from memory, unless a broken signature
  // may have returned fields of this panel from SIGNED, which only the database knows.
  const signed = touched.length > 0 && storedRows.some((row) => row.status === 'SIGNED');
  const rows = signed ? await repo.fieldValuesWithUsers(trx, panel.id) : [...after.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const status = panelStatusOf(instrument.panel, rows, unchecked, studyToday(now), index);
  const counts = panelValueCounts(rows);
  const updated = await repo.updatePanel(trx, panel.id, {
    version,
    next_row_key: keyed.next,
    unchecked,
    status,
    values_entered: counts.entered,
    values_verified: counts.verified,
    first_saved_at: panel.first_saved_at ?? now,
    updated_by: userId,
    updated_at: now,
  });
  await audit({
    action: options.action,
    entityType: 'panel',
    entityId: panel.id,
    siteId: panel.site_id,
    env,
    oldValue: { version: panel.version, status: panel.status, unchecked: panel.unchecked },
    newValue: { version, status, unchecked, paths: touched, ...options.extraAudit },
    reason: firstReason ? reasonText(firstReason) : null,
  });
  // A process without verify and review steps is ready to sign once a save completes the panel.
  await tellIfReadyToSign(deps, trx, { panel, statusAfter: status, env, actorId: userId });
  await audit.flush();
  return { panel: updated, fields: rows };
}
