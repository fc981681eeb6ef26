import type {
  ChangeReason,
  CopyRecordPanelRequest,
  CopySource,
  FieldError,
  FormError,
  FormEvaluation,
  Locale,
  PanelStatus,
  PrepareForQuery,
  RecordFieldState,
  RecordPanel,
  SaveRecordPanelRequest,
  Widget,
} from '@dcap/core';
import {
  AppError,
  ROW_KEY_FIELD,
  assignRowKeys,
  canInProject,
  errorMessage,
  evaluateForm,
  fieldPathLabel,
  fieldRowsFromValues,
  fieldTableRowId,
  hiddenModelsOf,
  lockedReason,
  needsReason,
  parsePath,
  projectIs,
  reasonComplete,
  reasonText,
  ruleDrivenPath,
  stateAfterValueChange,
  valueChanged,
  valuesFromFieldRows,
} from '@dcap/core';
import type { Kysely, Transaction } from 'kysely';
import type { Database, FieldValueRow, PanelInstanceRow } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import type { ProjectCaller } from '../../http/context.js';
import type { ProjectAuditor } from '../../http/project-write.js';
import { deferredAuditor, projectWrite } from '../../http/project-write.js';
import type { Executor } from '../audit/repo.js';
import type { CachedDesign } from '../publishing/snapshot-cache.js';
import { cachedDesign } from '../publishing/snapshot-cache.js';
import { autoCloseQueries } from '../queries/service.js';
import type { DataScope } from '../subjects/scope.js';
import { dataScope, inDataScope, panelInstanceInScope } from '../subjects/scope.js';
import { breakSignaturesOver } from '../workflow/service.js';
import * as repo from './repo.js';
import { errorFieldPath, panelStatusOf, todayOf } from './status.js';

export { panelDefinition, refreshPanelStatus } from './status.js';

// ---------------------------------------------------------------------------------------------------------
// Reading a panel instance for entry

function fieldState(row: FieldValueRow & { username?: string | null }): RecordFieldState {
  return {
    status: row.status,
    frozen: row.frozen,
    inactiveType: row.inactive_type,
    saved: row.saved,
    updatedBy: row.username ?? null,
    updatedAt: row.updated_at.toISOString(),
  };
}

function rightsOf(caller: ProjectCaller): RecordPanel['rights'] {
  const access = caller.project.access;
  const can = (action: Parameters<typeof canInProject>[1]) => canInProject(access, action);
  return {
    view: can('record.view'),
    enter: can('record.enter'),
    verify: can('record.verify'),
    review: can('record.review'),
    sign: can('record.sign'),
    lock: can('record.lock'),
    freeze: can('record.freeze'),
    raiseQuery: can('query.raise'),
    answerQuery: can('query.answer'),
    handleAllQuery: can('query.handleAll'),
    editable: can('record.enter') && projectIs(caller.project.project.status, 'recordEditable'),
  };
}

/** The project flags of spec 000 §3 the entry page follows (core projects/flags.ts, docs/project-flags.md). */
function entryFlags(caller: ProjectCaller): RecordPanel['flags'] {
  const config = caller.project.project.config as Record<string, unknown>;
  return { panelAutoCover: config.panelAutoCover === true, panelAutoSwitch: config.panelAutoSwitch === true };
}

/**
 * The design version of a panel instance, parsed once per database (publishing/snapshot-cache.ts): the cache
 * is keyed by the database (`deps.db`), a miss is read through `reader` (the write's transaction inside one:
 * an embedded database has one connection, which the transaction holds).
 */
async function designOf(db: Kysely<Database>, panel: Pick<PanelInstanceRow, 'design_version_id'>, reader: Executor = db): Promise<CachedDesign> {
  const design = await cachedDesign(db, panel.design_version_id, () => repo.findDesignVersion(reader, panel.design_version_id));
  if (!design) throw new AppError('record.design_missing');
  return design;
}

type StoredField = FieldValueRow & { username: string | null };

/** A panel instance as the entry page shows it; `stored` are its fields when the caller already holds them. */
async function presentPanel(db: Kysely<Database>, caller: ProjectCaller, scope: DataScope, panel: PanelInstanceRow, stored?: readonly StoredField[]): Promise<RecordPanel> {
  const { snapshot, ...design } = await designOf(db, panel);
  const instrument = design.instrument(panel.instrument_id);
  if (!instrument) throw new AppError('record.design_missing');
  const [surroundings, rows] = await Promise.all([repo.panelSurroundings(db, panel), stored ?? repo.fieldValuesWithUsers(db, panel.id)]);
  const { subject, eventInstance, signatures } = surroundings;
  // As subjects/scope.ts `subjectInScope`.
  if (!subject || !inDataScope(scope, subject) || subject.status === 'DEL') throw new AppError('subject.not_found');
  const event = snapshot.events.find((candidate) => candidate.id === eventInstance?.event_id);
  const openQueries = Object.fromEntries(surroundings.openQueries.map((row) => [row.path, row.count]));
  const instrumentOrder = new Map(snapshot.instruments.map((candidate) => [candidate.id, candidate.sort * 1e6 + candidate.id]));
  const visitPanels = surroundings.visitPanels
    .sort((a, b) => (instrumentOrder.get(a.instrument_id) ?? 0) - (instrumentOrder.get(b.instrument_id) ?? 0) || a.seq - b.seq)
    .map((row) => {
      const of = snapshot.instruments.find((candidate) => candidate.id === row.instrument_id);
      return { panelInstanceId: row.id, name: of?.name ?? '', nameEn: of?.nameEn ?? null, status: row.status as PanelStatus };
    });
  return {
    panelInstanceId: panel.id,
    subjectId: panel.subject_id,
    siteId: panel.site_id,
    eventInstanceId: panel.event_instance_id,
    instrumentId: panel.instrument_id,
    seq: panel.seq,
    version: panel.version,
    status: panel.status as PanelStatus,
    unchecked: panel.unchecked,
    firstSavedAt: panel.first_saved_at?.toISOString() ?? null,
    subject: { platformNo: subject.platform_no, subjectCode: subject.subject_code, initials: subject.initials, status: subject.status },
    event: { id: eventInstance?.event_id ?? 0, name: event?.name ?? '', nameEn: event?.nameEn ?? null, seq: eventInstance?.seq ?? 1 },
    instrument: { name: instrument.name, nameEn: instrument.nameEn, nameAbbr: instrument.nameAbbr, panel: instrument.panel },
    values: valuesFromFieldRows(rows),
    fields: Object.fromEntries(rows.map((row) => [row.path, fieldState(row)])),
    openQueries,
    signatures: { active: signatures.length, lastSignedAt: signatures[0]?.signed_at.toISOString() ?? null, lastSigner: signatures[0]?.signer_name ?? null },
    flags: entryFlags(caller),
    rights: rightsOf(caller),
    visitPanels,
  };
}

/** A panel instance for entry: its panel, values, field states, queries, signatures and the caller's rights. */
export async function readRecordPanel(deps: ServiceDeps, caller: ProjectCaller, panelInstanceId: number): Promise<RecordPanel> {
  const scope = await dataScope(deps.db, caller);
  const panel = await panelInstanceInScope(deps.db, scope, panelInstanceId);
  return presentPanel(deps.db, caller, scope, panel);
}

/**
 * Spec 002 §7 `prepareForQuery`: what the query dialog of a panel instance needs (docs/decisions.md, "Panel
 * entry"): every stored field with its label, value and state, whether a query may be raised on it (not on a
 * locked field, spec 002 §4), and its existing queries.
 */
export async function prepareForQuery(deps: ServiceDeps, caller: ProjectCaller, panelInstanceId: number): Promise<PrepareForQuery> {
  const scope = await dataScope(deps.db, caller);
  const panel = await panelInstanceInScope(deps.db, scope, panelInstanceId);
  const design = await designOf(deps.db, panel);
  const instrument = design.instrument(panel.instrument_id);
  const index = design.index(panel.instrument_id);
  if (!instrument || !index) throw new AppError('record.design_missing');
  const rows = await repo.fieldValues(deps.db, panel.id);
  const values = valuesFromFieldRows(rows);
  const queries = await repo.panelQueries(deps.db, panel.id);
  return {
    panelInstanceId: panel.id,
    version: panel.version,
    fields: rows.map((row) => ({
      path: row.path,
      ...fieldPathLabel(instrument.panel, row.path, values, index),
      status: row.status,
      frozen: row.frozen,
      inactiveType: row.inactive_type,
      value: row.value,
      queryable: row.status !== 'LOCKED',
      queries: queries
        .filter((query) => query.path === row.path)
        .map((query) => ({ id: query.id, status: query.status, content: query.content, contentEn: query.content_en, raisedAt: query.raised_at.toISOString() })),
    })),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Saving

function blank(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

/** JSON with sorted keys, so a hand-made request's key order never counts as a difference. */
function canonical(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}

/** A table's rows with every column present (a missing cell is blank), for comparing submitted and evaluated rows. */
function fullRows(rows: unknown, columns: readonly string[]): unknown {
  if (!Array.isArray(rows)) return rows ?? null;
  return rows.map((row) => {
    const cells = (row ?? {}) as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const column of columns) out[column] = cells[column] ?? null;
    if (cells[ROW_KEY_FIELD] !== undefined) out[ROW_KEY_FIELD] = cells[ROW_KEY_FIELD];
    return out;
  });
}

function formErrorMessage(error: FormError, locale: Locale): string {
  const params = error.params as Record<string, string | number>;
  switch (error.code) {
    case 'form.min':
      return errorMessage('record.value_min', locale, params);
    case 'form.max':
      return errorMessage('record.value_max', locale, params);
    case 'form.maxlength':
      return errorMessage('record.value_maxlength', locale, params);
    case 'form.required':
    case 'form.format':
    case 'form.pattern':
      return String((locale === 'en-US' ? (params.messageEn ?? params.message) : params.message) ?? error.code);
  }
}

interface ApplyOptions {
  /** Submitted by a browser: refuse when its computed or hidden values differ from the engine's. */
  compareWithEngine: boolean;
  reasons: Record<string, ChangeReason>;
  /** The reason for every change of the save, when one reason covers all (copying). */
  reasonForAll?: ChangeReason | undefined;
  unchecked?: boolean | undefined;
  action: 'record.save' | 'record.copy';
  extraAudit?: Record<string, unknown>;
}

async function staleError(trx: Executor, panel: PanelInstanceRow, version: number, locale: Locale): Promise<AppError> {
  const saves = await repo.savesAfter(trx, panel.id, version);
  const fields: FieldError[] = [];
  for (const save of saves) {
    const paths = ((save.newValue as { paths?: unknown } | null)?.paths ?? []) as string[];
    for (const path of paths) fields.push({ path, message: errorMessage('record.changed_by', locale, { by: save.by ?? '-', at: save.at.toISOString() }) });
  }
  const who = [...new Set(saves.map((save) => save.by ?? '-'))].join(', ');
  const changes = fields.length > 0 ? `${who}: ${[...new Set(fields.map((field) => field.path))].join(', ')}` : who || '-';
  return new AppError('record.stale', { changes }, fields);
}

/**
 * Runs one save of a panel instance (docs/decisions.md, "Panel entry"), the row already locked: the engine's
 * values for the submitted ones (refused when a browser's differ), the checks of every changed path
 * (read-only states, reasons), then the writes with one audit row per changed path, rows added and deleted,
 * signatures broken and queries auto-closed over the changed paths, the version bumped and the status
 * recomputed. Nothing is written unless everything passes.
 */
async function applyValues(
  trx: Transaction<Database>,
  writeAudit: ProjectAuditor,
  caller: ProjectCaller,
  scope: DataScope,
  panel: PanelInstanceRow,
  design: CachedDesign,
  submitted: Record<string, unknown>,
  options: ApplyOptions,
): Promise<{ panel: PanelInstanceRow; fields: StoredField[] }> {
  const locale = caller.meta.locale;
  const userId = caller.actor.userId;
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
  const today = todayOf(new Date());
  const evaluation: FormEvaluation = evaluateForm(instrument.panel, keyed.values, { today: () => today }, index);
  const hiddenModels = hiddenModelsOf(index, evaluation.hidden);

  // Spec 002 §4 "formulas recomputed and a mismatch refused, hidden fields cleared".
  if (options.compareWithEngine) {
    const mismatches: FieldError[] = [];
    for (const [model, value] of Object.entries(evaluation.values)) {
      const columns = index.tables.get(model)?.columns.map((column) => column.key);
      const sent = Object.hasOwn(keyed.values, model) ? keyed.values[model] : null;
      const same = columns ? canonical(fullRows(sent, columns)) === canonical(fullRows(value, columns)) : canonical(sent) === canonical(value);
      if (same) continue;
      mismatches.push({
        path: model,
        message: hiddenModels.has(model) ? errorMessage('record.value_hidden', locale) : errorMessage('record.value_computed', locale, { expected: canonical(value) }),
      });
    }
    if (mismatches.length > 0) throw new AppError('record.mismatch', { fields: mismatches.map((item) => item.path).join(', ') }, mismatches);
  }

  // Type, range and pattern errors refuse the save; a blank required field does not (the panel is INCOMPLETE).
  const invalid = Object.entries(evaluation.errors)
    .filter(([, error]) => error.code !== 'form.required')
    .map(([path, error]) => ({ path: errorFieldPath(path, evaluation.values), message: formErrorMessage(error, locale) }));
  if (invalid.length > 0) throw new AppError('record.invalid_values', { detail: invalid.map((item) => `${item.path} ${item.message}`).join('; ') }, invalid);

  const next = fieldRowsFromValues(evaluation.values, tables);

  // Spec 002 §5: an unchecked panel cannot be saved with values entered (anything beyond the form's own defaults).
  const unchecked = options.unchecked ?? panel.unchecked;
  if (unchecked) {
    const defaults = fieldRowsFromValues(evaluateForm(instrument.panel, {}, { today: () => today }, index).values, new Set());
    const preset = (model: string) => (index.tables.get(model)?.widget.options.data ?? []) as Record<string, unknown>[];
    const entered = [...next.entries()].some(([path, value]) => {
      if (blank(value)) return false;
      const parsed = parsePath(path);
      if (parsed.row === undefined) return canonical(defaults.get(path)) !== canonical(value);
      return !preset(parsed.model).some((row) => canonical(row[parsed.column ?? '']) === canonical(value));
    });
    if (entered) {
      throw new AppError('record.unchecked_has_values');
    }
  }

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
  const readonly: FieldError[] = [];
  const missingReasons: FieldError[] = [];
  const fieldMessage = { frozen: 'record.field_frozen', locked: 'record.field_locked', inactive: 'record.field_inactive' } as const;
  const reasonFor = (path: string): ChangeReason | undefined => options.reasonForAll ?? options.reasons[path];
  for (const path of changed) {
    const before = stored.get(path);
    const why = lockedReason(before ? { status: before.status, frozen: before.frozen, inactiveType: before.inactive_type } : undefined);
    if (why) readonly.push({ path, message: errorMessage(fieldMessage[why], locale) });
    const parsed = parsePath(path);
    const widget: Widget | undefined = parsed.row === undefined ? index.fields.get(parsed.model) : undefined;
    if (widget?.disabled === true && !formulas.has(parsed.model) && canonical(next.get(path)) !== canonical(widget.options.defaultValue ?? null)) {
      readonly.push({ path, message: errorMessage('record.field_disabled', locale) });
    }
    if (needsReason(before, ruleDrivenPath(path, formulas, hiddenModels)) && !reasonComplete(reasonFor(path))) {
      missingReasons.push({ path, message: errorMessage('record.reason_missing', locale) });
    }
  }
  for (const row of deletedRows) {
    const cells = storedRows.filter((candidate) => candidate.path.startsWith(`${row}.`));
    for (const cell of cells) {
      const why = lockedReason({ status: cell.status, frozen: cell.frozen, inactiveType: cell.inactive_type });
      if (why) readonly.push({ path: cell.path, message: errorMessage(fieldMessage[why], locale) });
    }
    if (cells.some((cell) => needsReason(cell, false)) && !reasonComplete(options.reasonForAll ?? options.reasons[row])) {
      missingReasons.push({ path: row, message: errorMessage('record.reason_missing', locale) });
    }
  }
  if (readonly.length > 0) throw new AppError('record.field_readonly', { fields: readonly.map((item) => item.path).join(', ') }, readonly);
  if (missingReasons.length > 0) throw new AppError('record.reason_required', { fields: missingReasons.map((item) => item.path).join(', ') }, missingReasons);

  // The writes. Rule-driven changes take the first reason given in this save.
  const now = new Date();
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
      username: caller.actor.username,
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
  }

  const touched = [...changed, ...deletedRows];
  if (touched.length > 0) {
    await breakSignaturesOver(trx, audit, panel, touched, userId);
    await autoCloseQueries(trx, audit, panel, touched, userId);
  }
  const version = panel.version + 1;
  // The status from the fields as now stored (records/status.ts): from memory, unless a broken signature
  // may have returned fields of this panel from SIGNED, which only the database knows.
  const signed = touched.length > 0 && storedRows.some((row) => row.status === 'SIGNED');
  const rows = signed ? await repo.fieldValuesWithUsers(trx, panel.id) : [...after.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const status = panelStatusOf(instrument.panel, rows, unchecked, todayOf(now), index);
  const updated = await repo.updatePanel(trx, panel.id, {
    version,
    next_row_key: keyed.next,
    unchecked,
    status,
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
  await audit.flush();
  return { panel: updated, fields: rows };
}

/** Locks the panel instance of a write and refuses a stale version with who changed which fields since. */
async function lockForWrite(trx: Transaction<Database>, caller: ProjectCaller, scope: DataScope, panelInstanceId: number, version: number): Promise<PanelInstanceRow> {
  const panel = await repo.findPanel(trx, panelInstanceId, true);
  // As subjects/scope.ts `panelInstanceInScope`, on the locked row.
  if (!panel || !inDataScope(scope, panel)) throw new AppError('subject.panel_not_found');
  if (panel.version !== version) throw await staleError(trx, panel, version, caller.meta.locale);
  return panel;
}

/** Saves a panel instance (spec 002 §4, §5; docs/decisions.md "Panel entry") and answers it as now stored. */
export async function saveRecordPanel(deps: ServiceDeps, caller: ProjectCaller, body: SaveRecordPanelRequest): Promise<RecordPanel> {
  // Another site's panel answers as missing before anything else is said about it (COMPLIANCE WF-3).
  const scope = await dataScope(deps.db, caller);
  await panelInstanceInScope(deps.db, scope, body.panelInstanceId);
  const saved = await projectWrite(deps, caller, { state: 'recordEditable', right: 'record.enter' }, async (trx, audit) => {
    const panel = await lockForWrite(trx, caller, scope, body.panelInstanceId, body.version);
    return applyValues(trx, audit, caller, scope, panel, await designOf(deps.db, panel, trx), body.values, {
      compareWithEngine: true,
      reasons: body.reasons ?? {},
      unchecked: body.unchecked,
      action: 'record.save',
    });
  });
  // The answer is the panel as this save left it: its row and fields as written, the rest (subject, visit,
  // queries, signatures) read after the commit.
  return presentPanel(deps.db, caller, scope, saved.panel, saved.fields);
}

/** The other instances of the same instrument of the same subject, to copy data from. */
export async function listCopySources(deps: ServiceDeps, caller: ProjectCaller, panelInstanceId: number): Promise<CopySource[]> {
  const scope = await dataScope(deps.db, caller);
  const panel = await panelInstanceInScope(deps.db, scope, panelInstanceId);
  const siblings = await repo.siblingPanels(deps.db, panel);
  const events = (await cachedDesign(deps.db, panel.design_version_id, () => repo.findDesignVersion(deps.db, panel.design_version_id)))?.snapshot.events ?? [];
  const eventRows = new Map((await repo.eventInstances(deps.db, [...new Set(siblings.map((row) => row.event_instance_id))])).map((row) => [row.id, row]));
  return siblings
    .filter((row) => row.first_saved_at !== null)
    .map((row) => {
      const eventRow = eventRows.get(row.event_instance_id);
      const event = events.find((candidate) => candidate.id === eventRow?.event_id);
      return {
        panelInstanceId: row.id,
        eventName: event?.name ?? '',
        eventNameEn: event?.nameEn ?? null,
        eventSeq: eventRow?.seq ?? 1,
        seq: row.seq,
        status: row.status as PanelStatus,
        firstSavedAt: row.first_saved_at?.toISOString() ?? null,
      };
    });
}

/**
 * Copies the values of another instance of the same instrument of the same subject into a panel instance, as
 * a save with its audit rows (docs/decisions.md, "Panel entry"). Fields of the target that may not change
 * (frozen, locked, inactive, signed) keep their values, and so does a table any of whose cells may not; the
 * copied rows are new rows of the target. The engine's results are stored, not compared.
 */
export async function copyRecordPanel(deps: ServiceDeps, caller: ProjectCaller, body: CopyRecordPanelRequest): Promise<RecordPanel> {
  const outside = await dataScope(deps.db, caller);
  await panelInstanceInScope(deps.db, outside, body.panelInstanceId);
  await panelInstanceInScope(deps.db, outside, body.sourcePanelInstanceId);
  const panelId = await projectWrite(deps, caller, { state: 'recordEditable', right: 'record.enter' }, async (trx, audit) => {
    const scope = await dataScope(trx, caller);
    const source = await panelInstanceInScope(trx, scope, body.sourcePanelInstanceId);
    const panel = await lockForWrite(trx, caller, scope, body.panelInstanceId, body.version);
    if (source.id === panel.id || source.subject_id !== panel.subject_id || source.instrument_id !== panel.instrument_id) throw new AppError('record.copy_source_invalid');
    const targetRows = await repo.fieldValues(trx, panel.id);
    const targetValues = valuesFromFieldRows(targetRows);
    const sourceValues = valuesFromFieldRows(await repo.fieldValues(trx, source.id));
    const kept = (row: FieldValueRow) => row.status === 'SIGNED' || lockedReason({ status: row.status, frozen: row.frozen, inactiveType: row.inactive_type }) !== null;
    const keptModels = new Set(targetRows.filter(kept).map((row) => parsePath(row.path).model));
    const values: Record<string, unknown> = {};
    for (const [model, value] of Object.entries(sourceValues)) {
      if (keptModels.has(model)) continue;
      values[model] = Array.isArray(value) ? value.map((row) => Object.fromEntries(Object.entries(row as Record<string, unknown>).filter(([key]) => key !== ROW_KEY_FIELD))) : value;
    }
    for (const model of keptModels) values[model] = targetValues[model];
    // Target fields the source never stored keep their values.
    for (const [model, value] of Object.entries(targetValues)) if (!Object.hasOwn(values, model)) values[model] = value;
    await applyValues(trx, audit, caller, scope, panel, await designOf(deps.db, panel, trx), values, {
      compareWithEngine: false,
      reasons: {},
      reasonForAll: body.reason,
      action: 'record.copy',
      extraAudit: { sourcePanelInstanceId: source.id },
    });
    return panel.id;
  });
  return readRecordPanel(deps, caller, panelId);
}
