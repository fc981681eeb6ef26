import type { PanelStatus, PrepareForQuery, RecordFieldState, RecordPanel } from '@dcap/core';
import { AppError, canInProject, fieldPathLabel, projectIs, valuesFromFieldRows } from '@dcap/core';
import type { Kysely } from 'kysely';
import type { Database, FieldValueRow, PanelInstanceRow } from '../../db/schema.js';
import type { ServiceDeps } from '../../deps.js';
import type { ProjectCaller } from '../../http/context.js';
import type { DataScope } from '../subjects/scope.js';
import { dataScope, inDataScope, panelInstanceInScope } from '../subjects/scope.js';
import type { StoredField } from './design.js';
import { designOf } from './design.js';
import * as repo from './repo.js';

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

/** A panel instance as the entry page shows it; `stored` are its fields when the caller already holds them. */
export async function presentPanel(db: Kysely<Database>, caller: ProjectCaller, scope: DataScope, panel: PanelInstanceRow, stored?: readonly StoredField[]): Promise<RecordPanel> {
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
